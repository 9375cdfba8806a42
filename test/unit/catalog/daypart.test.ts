import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { zonedInstant } from '../../../domain/hours';
import {
  categoryRefusing,
  dayPartSchema,
  describeDayPart,
  nextDayPartChange,
  notOfferedMessage,
  offeredAt,
  type DayPart,
} from '../../../domain/catalog/daypart';
import { DOWS } from '../../../domain/catalog/availability';
import { untilClose } from '../../../domain/catalog/availability';
import { defaultTimings } from '../../../domain/timings';

const ZONE = 'Australia/Sydney';
const BREAKFAST: DayPart = { dows: ['MON', 'TUE', 'WED', 'THU', 'FRI'], from: '06:00', to: '11:00' };
// 2030-03-04 is a Monday.
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, ZONE);
};

describe('category dayparts', () => {
  it('offers breakfast from 6:00 up to (not at) 11:00 on weekdays only', () => {
    expect(offeredAt(BREAKFAST, at('2030-03-04', '05:59'), ZONE)).toBe(false);
    expect(offeredAt(BREAKFAST, at('2030-03-04', '06:00'), ZONE)).toBe(true);
    expect(offeredAt(BREAKFAST, at('2030-03-04', '10:59'), ZONE)).toBe(true);
    expect(offeredAt(BREAKFAST, at('2030-03-04', '11:00'), ZONE)).toBe(false);
    expect(offeredAt(BREAKFAST, at('2030-03-09', '08:00'), ZONE)).toBe(false);
    expect(offeredAt(null, at('2030-03-09', '03:00'), ZONE)).toBe(true);
  });

  it('a window past midnight belongs to the day it starts on', () => {
    const late: DayPart = { dows: ['FRI'], from: '22:00', to: '02:00' };
    expect(offeredAt(late, at('2030-03-08', '23:00'), ZONE)).toBe(true);
    expect(offeredAt(late, at('2030-03-09', '01:30'), ZONE)).toBe(true);
    expect(offeredAt(late, at('2030-03-10', '01:30'), ZONE)).toBe(false);
  });

  it('says when a category is offered, in the words of the message', () => {
    expect(describeDayPart(BREAKFAST)).toBe('6:00–11:00 on weekdays');
    expect(describeDayPart({ dows: ['SUN', 'SAT'], from: '08:30', to: '12:00' })).toBe('8:30–12:00 on weekends');
    expect(describeDayPart({ dows: [...DOWS], from: '17:00', to: '21:00' })).toBe('17:00–21:00 every day');
    expect(describeDayPart({ dows: ['FRI', 'MON'], from: '12:00', to: '14:00' })).toBe('12:00–14:00 on Mon, Fri');
    expect(notOfferedMessage('Breakfast', BREAKFAST, at('2030-03-04', '12:00'), ZONE)).toBe(
      'Breakfast is offered 6:00–11:00 on weekdays; your order is for 12:00',
    );
  });

  it('an item may be ordered when any category listing it is offered; else the first one is quoted', () => {
    const noon = at('2030-03-04', '12:00');
    expect(
      categoryRefusing(
        [
          { name: 'Breakfast', offered: BREAKFAST },
          { name: 'All day', offered: null },
        ],
        noon,
        ZONE,
      ),
    ).toBeNull();
    expect(categoryRefusing([{ name: 'Breakfast', offered: BREAKFAST }], noon, ZONE)?.name).toBe('Breakfast');
    expect(categoryRefusing([], noon, ZONE)).toBeNull();
  });

  it('refuses hours that are no hours, with messages', () => {
    const errors = (v: unknown) => dayPartSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors({ ...BREAKFAST, to: '06:00' })).toEqual([['to', 'should end at another time than it starts']]);
    expect(errors({ ...BREAKFAST, dows: [] })).toEqual([['dows', 'Choose at least one day']]);
    expect(errors({ ...BREAKFAST, from: '6:00' })).toEqual([['from', 'should be a time (HH:mm)']]);
  });

  it('property: offeredAt changes only at the instants nextDayPartChange names', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const part = fc
      .record({ dows: fc.uniqueArray(fc.constantFrom(...DOWS), { minLength: 1, maxLength: 7 }), from: time, to: time })
      .filter((p) => p.from !== p.to);
    const instant = fc.integer({ min: Date.UTC(2030, 0, 1), max: Date.UTC(2031, 0, 1) }).map((ms) => new Date(ms - (ms % 60_000)));
    fc.assert(
      fc.property(part, instant, (p, now) => {
        const change = nextDayPartChange(p, now, ZONE);
        expect(change).not.toBeNull();
        const before = offeredAt(p, now, ZONE);
        // Every minute up to the change answers as now does (sampled: the minute before the change, and halfway).
        const last = new Date(change!.getTime() - 60_000);
        if (last > now) expect(offeredAt(p, last, ZONE)).toBe(before);
        const mid = new Date(now.getTime() + Math.floor((change!.getTime() - now.getTime()) / 120_000) * 60_000);
        expect(offeredAt(p, mid, ZONE)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sold out until close', () => {
  it("ends with today's last opening, or at midnight when today's hours are over", () => {
    const timings = structuredClone(defaultTimings);
    for (const d of Object.keys(timings) as (keyof typeof timings)[]) {
      timings[d].pickup = { open: '08:00', duration: 6, available: true };
      timings[d].delivery = { ...timings[d].delivery, open: '17:00', duration: 4, available: true };
    }
    const hours = { timeZone: ZONE, timings, closures: [] };
    expect(untilClose(at('2030-03-04', '12:00'), hours)).toEqual(at('2030-03-04', '21:00'));
    expect(untilClose(at('2030-03-04', '22:00'), hours)).toEqual(at('2030-03-05', '00:00'));
  });
});
