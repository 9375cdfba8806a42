import { useLiveList } from '../../src/components/live/useLiveList';
import { liveBookings } from './liveBookings';
import type { BookingRow } from './booking';

/** The shop's NEW bookings, soonest first. The board and the sidebar count share this query. */
export function useNewBookings(shopId: string) {
  return useLiveList<BookingRow>('bookings', liveBookings(shopId).lists[0]!.params);
}
