import { call, seg, shop } from '../../providers/call';
import type { BookingRow, RejectReason } from './booking';

const booking = (shopId: string, bookingId: string, action: string) => `${shop(shopId)}/bookings/${seg(bookingId)}/${action}`;

/**
 * The booking actions (spec 2 §4): each answers the booking, or 409 when another device has already moved it; and
 * acknowledging a new booking.
 */
export const api = {
  acceptBooking: (shopId: string, bookingId: string) => call<BookingRow>(booking(shopId, bookingId, 'accept'), { method: 'POST' }),
  rejectBooking: (shopId: string, bookingId: string, reason: RejectReason) =>
    call<BookingRow>(booking(shopId, bookingId, 'reject'), { method: 'POST', body: { reason } }),
  markNoShow: (shopId: string, bookingId: string) => call<BookingRow>(booking(shopId, bookingId, 'no_show'), { method: 'POST' }),
  /** Stops the booking ringing on every device (the first time only sets when). */
  acknowledgeBooking: (shopId: string, bookingId: string) =>
    call<BookingRow>(booking(shopId, bookingId, 'acknowledge'), { method: 'POST' }),
};

export type BookingsApi = typeof api;
