import type { LiveSource } from '../../src/components/live/useLiveBoard';
import { BOOKING_EVENTS, type BookingRow } from './booking';

/** New Bookings' one list, the NEW bookings, in the order the server lists them (soonest first: date ASC). */
export function liveBookings(shopId: string): Omit<LiveSource<BookingRow>, 'onEvent'> {
  return {
    resource: 'bookings',
    lists: [
      {
        params: {
          filter: { status: 'NEW' },
          sort: { field: 'date', order: 'ASC' },
          pagination: { page: 1, perPage: 200 },
          meta: { shopId },
        },
        holds: (b) => b.status === 'NEW',
      },
    ],
    compare: (a, b) => a.date.localeCompare(b.date),
    recordEvents: BOOKING_EVENTS,
    complete: (data) => typeof data.id === 'string' && typeof data.guest === 'object' && data.guest !== null,
  };
}
