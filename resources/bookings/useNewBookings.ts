import { useGetList } from 'react-admin';
import type { BookingRow } from './booking';

/** Besides the live stream, the board reads the NEW list again this often, so a lost event never hides a booking. */
const REREAD_MS = 60_000;

/** The shop's NEW bookings, soonest first. The board and the sidebar count share this query. */
export function useNewBookings(shopId: string) {
  return useGetList<BookingRow>(
    'bookings',
    {
      filter: { status: 'NEW' },
      sort: { field: 'date', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
      meta: { shopId },
    },
    { refetchInterval: REREAD_MS, refetchIntervalInBackground: true },
  );
}
