import { describe, expect, it } from 'vitest';
import {
  collectionSlots,
  endOfDay,
  isOpen,
  localDate,
  nextOpening,
  openingAt,
  openingsOn,
  startOfDay,
  zonedInstant,
  type ShopHours,
} from '../../domain/hours';
import { defaultTimings, timingsSchema, type Session, type Timings } from '../../domain/timings';
import { perWeekday } from '../../domain/weekdays';

const on = (open: string, duration: number): Session => ({ open, duration, available: true });
const off: Session = { open: '10:00', duration: 7, available: false };

/** Every day: pickup 10:00 for 7 h; delivery Session 1 11:00–14:00 and Session 2 17:00–21:00. */
function cafe(overrides: Partial<Record<keyof Timings, Partial<Timings['monday']>>> = {}): Timings {
  return timingsSchema.parse(
    perWeekday((day) => ({
      pickup: on('10:00', 7),
      pickupExt: off,
      delivery: on('11:00', 3),
      deliveryExt: on('17:00', 4),
      ...overrides[day],
    })),
  );
}

const hoursOf = (timeZone: string, timings: Timings, closures: ShopHours['closures'] = []): ShopHours => ({ timeZone, timings, closures });
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('zonedInstant: wall-clock times of the shop zone on daylight-saving days', () => {
  it('reads an ordinary time with the offset of that day', () => {
    expect(iso(zonedInstant('2025-01-15', 10 * 60, 'Australia/Sydney'))).toBe('2025-01-14T23:00:00.000Z');
    expect(iso(zonedInstant('2025-07-15', 10 * 60, 'Australia/Sydney'))).toBe('2025-07-15T00:00:00.000Z');
    expect(iso(zonedInstant('2025-07-15', 10 * 60, 'America/New_York'))).toBe('2025-07-15T14:00:00.000Z');
  });

  it('moves a time that never happens (spring forward) forward by the jump', () => {
    // Sydney 2025-10-05: 02:00 AEST → 03:00 AEDT, so 02:30 is 03:30 AEDT.
    expect(iso(zonedInstant('2025-10-05', 150, 'Australia/Sydney'))).toBe('2025-10-04T16:30:00.000Z');
    // New York 2025-03-09: 02:00 EST → 03:00 EDT.
    expect(iso(zonedInstant('2025-03-09', 150, 'America/New_York'))).toBe('2025-03-09T07:30:00.000Z');
  });

  it('takes the first of a time that happens twice (fall back)', () => {
    // Sydney 2025-04-06: 03:00 AEDT → 02:00 AEST; 02:30 first happens in AEDT (+11).
    expect(iso(zonedInstant('2025-04-06', 150, 'Australia/Sydney'))).toBe('2025-04-05T15:30:00.000Z');
    // New York 2025-11-02: 02:00 EDT → 01:00 EST; 01:30 first happens in EDT (−4).
    expect(iso(zonedInstant('2025-11-02', 90, 'America/New_York'))).toBe('2025-11-02T05:30:00.000Z');
  });

  it('gives daylight-saving days 23 and 25 hours', () => {
    const hoursLong = (date: string, next: string, tz: string) =>
      (startOfDay(next, tz).getTime() - startOfDay(date, tz).getTime()) / 3_600_000;
    expect(hoursLong('2025-10-05', '2025-10-06', 'Australia/Sydney')).toBe(23);
    expect(hoursLong('2025-04-06', '2025-04-07', 'Australia/Sydney')).toBe(25);
    expect(hoursLong('2025-03-09', '2025-03-10', 'America/New_York')).toBe(23);
    expect(hoursLong('2025-11-02', '2025-11-03', 'America/New_York')).toBe(25);
    expect(endOfDay('2025-11-02', 'America/New_York').getTime()).toBe(startOfDay('2025-11-03', 'America/New_York').getTime() - 1);
  });

  it('finds the shop-zone date of an instant', () => {
    expect(localDate(new Date('2025-01-14T23:30:00Z'), 'Australia/Sydney')).toBe('2025-01-15');
    expect(localDate(new Date('2025-01-15T03:30:00Z'), 'America/New_York')).toBe('2025-01-14');
  });
});

describe('isOpen and openingAt', () => {
  const sydney = hoursOf('Australia/Sydney', cafe());

  it('is open inside a session and closed outside, per service, in the shop zone', () => {
    // 2025-01-15 is a Wednesday; 12:00 Sydney = 01:00Z.
    expect(isOpen(sydney, 'pickup', new Date('2025-01-15T01:00:00Z'))).toBe(true);
    expect(isOpen(sydney, 'delivery', new Date('2025-01-15T01:00:00Z'))).toBe(true);
    // 15:00 Sydney: pickup open, delivery between sessions.
    expect(isOpen(sydney, 'pickup', new Date('2025-01-15T04:00:00Z'))).toBe(true);
    expect(isOpen(sydney, 'delivery', new Date('2025-01-15T04:00:00Z'))).toBe(false);
    // 09:59 closed, 10:00 open, 17:00 closed (the end is not inside).
    expect(isOpen(sydney, 'pickup', new Date('2025-01-14T22:59:00Z'))).toBe(false);
    expect(isOpen(sydney, 'pickup', new Date('2025-01-14T23:00:00Z'))).toBe(true);
    expect(isOpen(sydney, 'pickup', new Date('2025-01-15T06:00:00Z'))).toBe(false);
  });

  it('reads nothing as open when no session is available (the defaults)', () => {
    const closed = hoursOf('Australia/Sydney', defaultTimings);
    expect(isOpen(closed, 'pickup', new Date('2025-01-15T01:00:00Z'))).toBe(false);
    expect(nextOpening(closed, 'pickup', new Date('2025-01-15T01:00:00Z'))).toBeNull();
  });

  it('keeps a session past midnight on the day it starts', () => {
    // Fridays 20:00 for 6 hours: open Saturday 01:00, and Saturday's own grid is off.
    const late = hoursOf('America/New_York', cafe({ friday: { pickupExt: on('20:00', 6) }, saturday: { pickup: off } }));
    const saturday1am = new Date('2025-01-18T06:00:00Z');
    const opening = openingAt(late, 'pickup', saturday1am);
    expect(opening?.date).toBe('2025-01-17');
    expect(iso(opening!.end)).toBe('2025-01-18T07:00:00.000Z');
    expect(isOpen(late, 'pickup', new Date('2025-01-18T07:00:00Z'))).toBe(false);
    // A closure on Saturday does not cut Friday's session.
    const closedSaturday = hoursOf('America/New_York', late.timings, [{ date: '2025-01-18', note: '', pickup: true, delivery: true }]);
    expect(isOpen(closedSaturday, 'pickup', saturday1am)).toBe(true);
    // A closure on Friday does.
    const closedFriday = hoursOf('America/New_York', late.timings, [{ date: '2025-01-17', note: '', pickup: true, delivery: false }]);
    expect(isOpen(closedFriday, 'pickup', saturday1am)).toBe(false);
  });

  it('closes a session past midnight at the wall-clock time when the clocks change overnight', () => {
    // New York, Saturday 2025-11-01 20:00 for 8 h ends Sunday 04:00 EST: 9 real hours.
    const ny = hoursOf('America/New_York', cafe({ saturday: { pickup: on('20:00', 8) } }));
    const [night] = openingsOn(ny, 'pickup', '2025-11-01');
    expect(iso(night!.start)).toBe('2025-11-02T00:00:00.000Z');
    expect(iso(night!.end)).toBe('2025-11-02T09:00:00.000Z');
    expect(isOpen(ny, 'pickup', new Date('2025-11-02T08:30:00Z'))).toBe(true);
    // Sydney, Saturday 2025-10-04 22:00 for 6 h ends Sunday 04:00 AEDT: 5 real hours.
    const syd = hoursOf('Australia/Sydney', cafe({ saturday: { pickup: on('22:00', 6) } }));
    const [spring] = openingsOn(syd, 'pickup', '2025-10-04');
    expect((spring!.end.getTime() - spring!.start.getTime()) / 3_600_000).toBe(5);
    expect(iso(spring!.end)).toBe('2025-10-04T17:00:00.000Z');
  });

  it('opens a session whose open time falls in the spring-forward gap at the end of the gap', () => {
    const ny = hoursOf('America/New_York', cafe({ sunday: { pickup: on('02:30', 2) } }));
    const [early] = openingsOn(ny, 'pickup', '2025-03-09');
    expect(iso(early!.start)).toBe('2025-03-09T07:30:00.000Z');
    expect(iso(early!.end)).toBe('2025-03-09T08:30:00.000Z');
  });

  it('lets a closure win over the grid, per service, with special hours', () => {
    const date = '2025-01-15';
    const noon = new Date('2025-01-15T01:00:00Z');
    const holiday = hoursOf('Australia/Sydney', cafe(), [{ date, note: 'Public holiday', pickup: true, delivery: false }]);
    expect(isOpen(holiday, 'pickup', noon)).toBe(false);
    expect(isOpen(holiday, 'delivery', noon)).toBe(true);
    const short = hoursOf('Australia/Sydney', cafe(), [
      { date, note: 'Private event', pickup: { open: '08:00', duration: 3 }, delivery: true },
    ]);
    expect(isOpen(short, 'pickup', noon)).toBe(false);
    expect(isOpen(short, 'pickup', new Date('2025-01-14T21:30:00Z'))).toBe(true); // 08:30
    expect(openingsOn(short, 'pickup', date)).toEqual([
      { date, start: new Date('2025-01-14T21:00:00Z'), end: new Date('2025-01-15T00:00:00Z'), special: true },
    ]);
    expect(openingsOn(short, 'delivery', date)).toEqual([]);
  });
});

describe('nextOpening', () => {
  const sydney = hoursOf('Australia/Sydney', cafe());

  it('answers the instant itself when open, else the next session start', () => {
    const noon = new Date('2025-01-15T01:00:00Z');
    expect(nextOpening(sydney, 'pickup', noon)).toEqual(noon);
    // 18:00 Wednesday → Thursday 10:00.
    expect(iso(nextOpening(sydney, 'pickup', new Date('2025-01-15T07:00:00Z')))).toBe('2025-01-15T23:00:00.000Z');
    // 15:00 → delivery Session 2 at 17:00 the same day.
    expect(iso(nextOpening(sydney, 'delivery', new Date('2025-01-15T04:00:00Z')))).toBe('2025-01-15T06:00:00.000Z');
  });

  it('skips closed days and weekdays without sessions', () => {
    const closures = [
      { date: '2025-01-16', note: '', pickup: true as const, delivery: true as const },
      { date: '2025-01-17', note: '', pickup: true as const, delivery: true as const },
    ];
    const h = hoursOf('Australia/Sydney', cafe({ saturday: { pickup: off } }), closures);
    // Wednesday evening → Thursday and Friday closed, Saturday has no pickup → Sunday 10:00.
    expect(iso(nextOpening(h, 'pickup', new Date('2025-01-15T07:00:00Z')))).toBe('2025-01-18T23:00:00.000Z');
  });

  it('opens at the right instant on the day clocks change', () => {
    const ny = hoursOf('America/New_York', cafe());
    expect(iso(nextOpening(ny, 'pickup', new Date('2025-03-09T05:00:00Z')))).toBe('2025-03-09T14:00:00.000Z'); // 10:00 EDT
    expect(iso(nextOpening(ny, 'pickup', new Date('2025-11-02T05:00:00Z')))).toBe('2025-11-02T15:00:00.000Z'); // 10:00 EST
  });
});

describe('collectionSlots', () => {
  const sydney = hoursOf('Australia/Sydney', cafe());

  it('steps 15 minutes from the session start, from the instant on, before the close', () => {
    const slots = collectionSlots(sydney, 'pickup', new Date('2025-01-15T05:37:00Z')); // 16:37
    expect(slots.map(iso)).toEqual(['2025-01-15T05:45:00.000Z']);
    const all = collectionSlots(sydney, 'pickup', new Date('2025-01-14T13:00:00Z')); // 00:00 Wednesday
    expect(all).toHaveLength(7 * 4);
    expect(iso(all[0]!)).toBe('2025-01-14T23:00:00.000Z');
    expect(iso(all.at(-1)!)).toBe('2025-01-15T05:45:00.000Z');
  });

  it('covers both sessions, honours the lead time, steps and days', () => {
    const from = new Date('2025-01-15T02:40:00Z'); // 13:40: one slot left before 14:00, then 17:00 to 20:45
    expect(collectionSlots(sydney, 'delivery', from).map(iso)).toEqual([
      '2025-01-15T02:45:00.000Z',
      ...Array.from({ length: 16 }, (_, i) => new Date(Date.parse('2025-01-15T06:00:00Z') + i * 15 * 60_000).toISOString()),
    ]);
    const withLead = collectionSlots(sydney, 'delivery', from, { leadMinutes: 20 });
    expect(iso(withLead[0]!)).toBe('2025-01-15T06:00:00.000Z');
    const hourly = collectionSlots(sydney, 'pickup', new Date('2025-01-14T13:00:00Z'), { stepMinutes: 60, days: 2 });
    expect(hourly).toHaveLength(14);
    expect(collectionSlots(sydney, 'pickup', new Date('2025-01-14T13:00:00Z'), { limit: 3 })).toHaveLength(3);
  });

  it('gives real 15-minute steps through a daylight-saving change inside a session', () => {
    const night = (tz: string) => hoursOf(tz, cafe({ sunday: { pickup: on('01:00', 3) } }));
    // New York 2025-11-02: 01:00 EDT → 04:00 EST is 4 real hours.
    expect(collectionSlots(night('America/New_York'), 'pickup', new Date('2025-11-02T04:00:00Z'))).toHaveLength(16);
    // New York 2025-03-09: 01:00 EST → 04:00 EDT is 2 real hours.
    expect(collectionSlots(night('America/New_York'), 'pickup', new Date('2025-03-09T05:00:00Z'))).toHaveLength(8);
    // Sydney 2025-04-06 (25 h) and 2025-10-05 (23 h).
    expect(collectionSlots(night('Australia/Sydney'), 'pickup', new Date('2025-04-05T13:00:00Z'))).toHaveLength(16);
    expect(collectionSlots(night('Australia/Sydney'), 'pickup', new Date('2025-10-04T14:00:00Z'))).toHaveLength(8);
  });
});
