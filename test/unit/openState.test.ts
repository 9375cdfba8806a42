import { describe, expect, it } from 'vitest';
import type { ShopHours } from '../../domain/hours';
import { openState, openStateWords } from '../../domain/openState';
import { timingsSchema, type Session, type Timings } from '../../domain/timings';
import { perWeekday } from '../../domain/weekdays';

const on = (open: string, duration: number): Session => ({ open, duration, available: true });
const off: Session = { open: '10:00', duration: 7, available: false };
const SYDNEY = 'Australia/Sydney';

/** Pickup 06:30–15:00 every day, delivery 17:00–21:00 on weekdays, a late Friday session to 02:00. */
function cafe(): Timings {
  return timingsSchema.parse(
    perWeekday((day) => ({
      pickup: on('06:30', 8.5),
      pickupExt: day === 'friday' ? on('20:00', 6) : off,
      delivery: day === 'saturday' || day === 'sunday' ? off : on('17:00', 4),
      deliveryExt: off,
    })),
  );
}

const hoursOf = (timings: Timings, closures: ShopHours['closures'] = [], timeZone = SYDNEY): ShopHours => ({
  timeZone,
  timings,
  closures,
});
const words = (hours: ShopHours, iso: string) => openStateWords(openState(hours, new Date(iso)), new Date(iso), hours.timeZone);

describe('openState: the shop open or closed, and until or from when', () => {
  it('says until when an open shop takes orders', () => {
    // Wednesday 2026-11-25 10:00 Sydney (UTC+11): pickup to 3 pm.
    expect(words(hoursOf(cafe()), '2026-11-24T23:00:00Z')).toBe('Open until 3 pm');
    // 19:03: delivery to 9 pm.
    expect(words(hoursOf(cafe()), '2026-11-25T08:03:00Z')).toBe('Open until 9 pm');
  });

  it('says when a closed shop opens: later today, tomorrow morning, or on a weekday', () => {
    // Wednesday 16:00: between pickup and delivery.
    expect(words(hoursOf(cafe()), '2026-11-25T05:00:00Z')).toBe('Closed now · opens 5 pm');
    // Wednesday 21:30: tomorrow 6:30.
    expect(words(hoursOf(cafe()), '2026-11-25T10:30:00Z')).toBe('Closed now · opens 6:30 am');
    const state = openState(hoursOf(cafe()), new Date('2026-11-25T10:30:00Z'));
    expect(state).toEqual({ open: false, until: null, opens: new Date('2026-11-25T19:30:00Z') });
  });

  it('reads a session past midnight as one opening with the next', () => {
    // Friday 23:00: the late session runs to Saturday 02:00.
    expect(words(hoursOf(cafe()), '2026-11-27T12:00:00Z')).toBe('Open until 2 am');
  });

  it('joins sessions that touch, and says a shop open all week is open 24 hours', () => {
    const around = timingsSchema.parse(
      perWeekday(() => ({ pickup: on('06:30', 8.5), pickupExt: on('15:00', 15.5), delivery: off, deliveryExt: off })),
    );
    expect(words(hoursOf(around), '2026-11-25T08:03:00Z')).toBe('Open 24 hours');
    expect(openState(hoursOf(around), new Date('2026-11-25T08:03:00Z'))).toEqual({ open: true, until: null, opens: null });
  });

  it('keeps a closure day closed and names the day it opens again', () => {
    // Christmas (Friday 2026-12-25) closed; Boxing Day special hours from 9.
    const closures = [
      { date: '2026-12-25', note: 'Christmas Day', pickup: true, delivery: true },
      { date: '2026-12-26', note: 'Boxing Day', pickup: { open: '09:00', duration: 4 }, delivery: true },
    ] as const;
    // Thursday 24 Dec 21:30 → Saturday 9 am (more than a day ahead).
    expect(words(hoursOf(cafe(), [...closures]), '2026-12-24T10:30:00Z')).toBe('Closed now · opens Sat 9 am');
    // Christmas noon.
    expect(words(hoursOf(cafe(), [...closures]), '2026-12-25T01:00:00Z')).toBe('Closed now · opens 9 am');
    // Boxing Day 10:00 → 1 pm.
    expect(words(hoursOf(cafe(), [...closures]), '2026-12-25T23:00:00Z')).toBe('Open until 1 pm');
  });

  it('reads wall-clock times on daylight-saving days', () => {
    // Sydney 2026-10-04: 02:00 AEST → 03:00 AEDT. A session of 01:00 for 3 hours closes at 04:00 on the wall clock.
    const night = timingsSchema.parse(perWeekday(() => ({ pickup: on('01:00', 3), pickupExt: off, delivery: off, deliveryExt: off })));
    // 01:30 AEST = 2026-10-03T15:30Z.
    expect(words(hoursOf(night), '2026-10-03T15:30:00Z')).toBe('Open until 4 am');
    // Fall back, 2026-04-05 03:00 AEDT → 02:00 AEST: at 04:30 AEST closed, opens 1 am the next night.
    expect(words(hoursOf(night), '2026-04-04T18:30:00Z')).toBe('Closed now · opens 1 am');
    // New York spring forward 2026-03-08: the 6:30 opening is still 6:30 on the clock.
    expect(words(hoursOf(cafe(), [], 'America/New_York'), '2026-03-08T06:00:00Z')).toBe('Closed now · opens 6:30 am');
  });

  it('says closed now without a time when nothing opens in the week ahead', () => {
    const closed = timingsSchema.parse(perWeekday(() => ({ pickup: off, pickupExt: off, delivery: off, deliveryExt: off })));
    expect(words(hoursOf(closed), '2026-11-25T08:03:00Z')).toBe('Closed now');
  });
});
