import { canMarkNoShow, type ApiBooking, type BookingGuest, type BookingStatus } from '../../domain/bookingStatus';

export { BOOKING_STATUSES, REJECT_REASONS, type RejectReason } from '../../domain/bookingStatus';

/**
 * A booking of the console's lists: the record with the guest's history at the shop (by phone), and when someone first
 * acknowledged it on New Bookings (null until then: it rings).
 */
export type BookingRow = ApiBooking & { guest: BookingGuest; acknowledgedAt?: string | null };

/** One earlier booking of the same guest, on the booking's detail. */
export type GuestBooking = Pick<ApiBooking, 'id' | 'dateStr' | 'timeStr' | 'pax' | 'status' | 'noShow'>;

/** GET /bookings/{id}: the booking with the guest's earlier bookings. */
export type BookingDetail = BookingRow & { history: GuestBooking[] };

export type { BookingStatus };

/** What staff may do to a booking now (spec 2 §4): no-show by the domain's rule, once an accepted booking's time has come. */
export function bookingActions(b: Pick<ApiBooking, 'status' | 'date' | 'noShow'>, now: Date): ('accept' | 'reject' | 'noShow')[] {
  if (b.status === 'NEW') return ['accept', 'reject'];
  if (b.status !== 'ACCEPTED') return [];
  return canMarkNoShow(b, now) ? ['reject', 'noShow'] : ['reject'];
}

/** The shop's stream events that change a booking (their data the booking as the lists answer it). */
export const BOOKING_EVENTS = ['booking.created', 'booking.updated'];
