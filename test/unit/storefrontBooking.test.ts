import { describe, expect, it } from 'vitest';
import { bookingDays } from '../../storefront/bookingSlots';
import type { BookingOptions } from '../../storefront/types';

/* The days, sessions and times the booking form offers, on the shop's wall clock. */

const every = (sessions: BookingOptions['days']['monday']): BookingOptions['days'] => ({
  sunday: sessions,
  monday: sessions,
  tuesday: sessions,
  wednesday: sessions,
  thursday: sessions,
  friday: sessions,
  saturday: [],
});
const options = (over: Partial<BookingOptions> = {}): BookingOptions => ({
  showLink: true,
  minPax: 1,
  maxPax: 8,
  daysAhead: 3,
  closedDates: [],
  days: every([
    { session: 'lunch', open: '12:00', duration: 1.5 },
    { session: 'dinner', open: '23:00', duration: 2 },
  ]),
  ...over,
});

describe('bookingDays', () => {
  // 2025-01-15 is a Wednesday.
  it('offers each open session in 30-minute steps, from today to the last day ahead, skipping days without one', () => {
    const days = bookingDays(options(), '2025-01-15', '09:00');
    expect(days.map((d) => d.date)).toEqual(['2025-01-15', '2025-01-16', '2025-01-17']);
    const [lunch, dinner] = days[0]!.sessions;
    expect(lunch!.times.map((t) => t.time)).toEqual(['12:00', '12:30', '13:00']);
    // Past midnight: the next day's date, as the server judges it (the session belongs to the day it starts).
    expect(dinner!.times).toEqual([
      { date: '2025-01-15', time: '23:00' },
      { date: '2025-01-15', time: '23:30' },
      { date: '2025-01-16', time: '00:00' },
      { date: '2025-01-16', time: '00:30' },
    ]);
  });

  it('leaves out today’s passed times, and a session with none left', () => {
    const [today] = bookingDays(options(), '2025-01-15', '13:00');
    expect(today!.sessions.map((s) => s.session)).toEqual(['dinner']);
    const [late] = bookingDays(options(), '2025-01-15', '23:45');
    expect(late!.sessions[0]!.times.map((t) => t.time)).toEqual(['00:00', '00:30']);
  });

  it('never offers a time past the last day ahead', () => {
    const days = bookingDays(options({ daysAhead: 0 }), '2025-01-15', '09:00');
    expect(days).toHaveLength(1);
    expect(days[0]!.sessions[1]!.times.map((t) => t.time)).toEqual(['23:00', '23:30']);
  });

  it('offers no day the shop is closed, with the sessions that would start on it past midnight', () => {
    const days = bookingDays(options({ closedDates: ['2025-01-16'] }), '2025-01-15', '09:00');
    expect(days.map((d) => d.date)).toEqual(['2025-01-15', '2025-01-17']);
    // The 15th's dinner still runs past midnight into the 16th: it belongs to the 15th, which is open.
    expect(days[0]!.sessions[1]!.times.at(-1)).toEqual({ date: '2025-01-16', time: '00:30' });
  });
});
