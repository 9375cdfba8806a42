import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, endOfDay, localDate, startOfDay } from '../../domain/hours';
import { loyaltyRange, NAMED_RANGES, namedDays, orderRange, salesRange, SALES_RANGES } from '../../domain/shopRanges';

/** Every zone the runtime knows (DST at midnight, half-hour offsets, the date line), at any instant 1975–2099. */
const zone = fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'UTC');
const instant = fc.integer({ min: Date.UTC(1975, 0, 1), max: Date.UTC(2099, 11, 31) }).map((t) => new Date(t));
const month = fc
  .tuple(fc.integer({ min: 1975, max: 2099 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
const before = (n: string) => addDays(n, -1);

describe('shop-zone ranges, in every zone and across DST', () => {
  it('cover whole shop-zone days: from the first instant of the first day to the last millisecond of the last', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMED_RANGES), instant, zone, (range, now, timeZone) => {
        const days = namedDays(range, now, timeZone);
        expect(days.from <= days.to).toBe(true);
        const { gte, lte } = orderRange(range, now, timeZone);
        expect(gte).toBe(startOfDay(days.from, timeZone).toISOString());
        expect(lte).toBe(endOfDay(days.to, timeZone).toISOString());
        expect(gte < lte).toBe(true);
        expect(localDate(new Date(gte), timeZone)).toBe(days.from);
      }),
      { numRuns: 3000 },
    );
  });

  it('hold now, and follow on from the range before without a gap or an overlap', () => {
    fc.assert(
      fc.property(instant, zone, (now, timeZone) => {
        const today = orderRange('TODAY', now, timeZone);
        expect(today.gte <= now.toISOString() && now.toISOString() <= today.lte).toBe(true);
        const follows = (earlier: { lte: string }, later: { gte: string }) =>
          expect(new Date(earlier.lte).getTime() + 1).toBe(new Date(later.gte).getTime());
        follows(orderRange('YESTERDAY', now, timeZone), today);
        follows(orderRange('LAST_WEEK', now, timeZone), orderRange('WEEK', now, timeZone));
        follows(orderRange('LAST_MONTH', now, timeZone), orderRange('MONTH', now, timeZone));
      }),
      { numRuns: 3000 },
    );
  });

  it('give weeks of seven days from Monday and months from the 1st to the last day, the same to reports and histories', () => {
    fc.assert(
      fc.property(instant, zone, (now, timeZone) => {
        for (const range of ['WEEK', 'LAST_WEEK'] as const) {
          const { from, to } = namedDays(range, now, timeZone);
          expect([new Date(`${from}T00:00:00Z`).getUTCDay(), addDays(from, 6)]).toEqual([1, to]);
        }
        for (const range of ['MONTH', 'LAST_MONTH'] as const) {
          const { from, to } = namedDays(range, now, timeZone);
          expect([from.slice(8), from.slice(0, 7), addDays(to, 1).slice(8)]).toEqual(['01', to.slice(0, 7), '01']);
        }
        expect(before(namedDays('MONTH', now, timeZone).from)).toBe(namedDays('LAST_MONTH', now, timeZone).to);
        for (const range of SALES_RANGES.filter((r) => r !== 'CUSTOM'))
          expect(salesRange(range, now, timeZone)).toEqual(namedDays(range, now, timeZone));
      }),
      { numRuns: 3000 },
    );
  });

  it("read a chosen month as that month's whole days, for the order history and the loyalty cards alike", () => {
    fc.assert(
      fc.property(month, instant, zone, (m, now, timeZone) => {
        const custom = orderRange('CUSTOM', now, timeZone, m);
        expect(loyaltyRange('YEAR_MONTH', now, timeZone, m)).toEqual(custom);
        expect(custom.gte).toBe(startOfDay(`${m}-01`, timeZone).toISOString());
        expect(localDate(new Date(new Date(custom.lte).getTime() + 1), timeZone)).toBe(addDays(`${m}-01`, 31).slice(0, 7) + '-01');
      }),
      { numRuns: 3000 },
    );
  });
});
