import { describe, expect, it } from 'vitest';
import { canMarkNoShow, latestNoShowBooking, NO_SHOW_STATUS, type ApiBooking } from '../../domain/booking';
import { bookingActions } from '../../resources/bookings/booking';

/** A booking at 19:00 in Sydney on 27 Nov 2026 (08:00 UTC). */
const at = new Date('2026-11-27T08:00:00.000Z');
const booking = (over: Partial<Pick<ApiBooking, 'status' | 'noShow'>> = {}): Pick<ApiBooking, 'status' | 'date' | 'noShow'> => ({
  status: NO_SHOW_STATUS,
  date: at.toISOString(),
  noShow: false,
  ...over,
});
const ms = (n: number) => new Date(at.getTime() + n);

describe('the no-show rule: the guest is late once the booking time has come', () => {
  it('allows the mark from the exact minute of the booking on, not a millisecond before', () => {
    expect(canMarkNoShow(booking(), ms(-60_000))).toBe(false);
    expect(canMarkNoShow(booking(), ms(-1))).toBe(false);
    expect(canMarkNoShow(booking(), ms(0))).toBe(true);
    expect(canMarkNoShow(booking(), ms(1))).toBe(true);
    expect(canMarkNoShow(booking(), ms(3 * 3_600_000))).toBe(true);
  });

  it('gives the SQL the same boundary: the latest booking instant that may be marked now is now itself, inclusive', () => {
    expect(latestNoShowBooking(at).getTime()).toBe(at.getTime());
    for (const n of [-60_000, -1, 0, 1, 60_000])
      expect(canMarkNoShow(booking(), ms(n))).toBe(at.getTime() <= latestNoShowBooking(ms(n)).getTime());
  });

  it('allows it only on an accepted booking not already marked', () => {
    for (const status of ['NEW', 'REJECTED', 'CANCELLED'] as const) expect(canMarkNoShow(booking({ status }), ms(0))).toBe(false);
    expect(canMarkNoShow(booking({ noShow: true }), ms(0))).toBe(false);
    expect(canMarkNoShow({ ...booking(), date: at }, ms(0))).toBe(true);
  });

  it("offers the console's No-show button by the same rule", () => {
    expect(bookingActions(booking(), ms(-1))).toEqual(['reject']);
    expect(bookingActions(booking(), ms(0))).toEqual(['reject', 'noShow']);
    expect(bookingActions(booking({ noShow: true }), ms(0))).toEqual(['reject']);
    expect(bookingActions(booking({ status: 'NEW' }), ms(0))).toEqual(['accept', 'reject']);
  });
});
