import { addDays, localDate, startOfDay } from './hours';

/**
 * The reports' date ranges, as calendar days on the shop's wall clock ('YYYY-MM-DD', both ends included), so a DST
 * day of 23 or 25 hours is still one day. Weeks start on Monday.
 */
export const SALES_RANGES = ['WEEK', 'LAST_WEEK', 'MONTH', 'LAST_MONTH', 'CUSTOM'] as const;
export type SalesRange = (typeof SALES_RANGES)[number];
export const DEFAULT_SALES_RANGE: SalesRange = 'WEEK';
export const SALES_RANGE_LABELS: Record<SalesRange, string> = {
  WEEK: 'Week',
  LAST_WEEK: 'Last Week',
  MONTH: 'Month',
  LAST_MONTH: 'Last Month',
  CUSTOM: 'Custom',
};

/** The longest range a report covers. */
export const MAX_REPORT_MONTHS = 24;
export const RANGE_TOO_LONG = 'The range can be at most 24 months';
export const RANGE_BACKWARDS = 'The start should be before the end';

export interface DayRange {
  from: string;
  to: string;
}

/** True for a real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export { isCalendarDay as isDay } from './dateSchemas';

const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y!, m! - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d!, last))).toISOString().slice(0, 10);
}
const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);

/** The days a sales range covers at `now` on the shop's clock; CUSTOM takes its own from and to. */
export function salesRange(range: SalesRange, now: Date, timeZone: string, custom?: Partial<DayRange>): DayRange {
  const today = localDate(now, timeZone);
  const monday = addDays(today, -weekday(today));
  switch (range) {
    case 'WEEK':
      return { from: monday, to: addDays(monday, 6) };
    case 'LAST_WEEK':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'MONTH':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'LAST_MONTH': {
      const last = addMonths(monthStart(today), -1);
      return { from: last, to: monthEnd(last) };
    }
    case 'CUSTOM':
      return { from: custom?.from ?? today, to: custom?.to ?? today };
  }
}

/** Why a range of days cannot be reported (null when it can): backwards, or longer than 24 months. */
export function dayRangeProblem({ from, to }: DayRange): string | null {
  if (from > to) return RANGE_BACKWARDS;
  if (addMonths(from, MAX_REPORT_MONTHS) <= to) return RANGE_TOO_LONG;
  return null;
}

/**
 * The shop's days an instant range covers: the day `from` falls on to the day before `to` when `to` is that day's
 * first instant (an exclusive end), else the day `to` falls on (an inclusive end such as 23:59:59.999).
 */
export function daysOfInstants(from: Date, to: Date, timeZone: string): DayRange {
  const first = localDate(from, timeZone);
  let last = localDate(to, timeZone);
  if (to > from && startOfDay(last, timeZone).getTime() === to.getTime()) last = addDays(last, -1);
  return { from: first, to: last < first ? first : last };
}

/** Every day of a range, in order. */
export function eachDay({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The first instant of `from` and the first instant after `to` on the shop's clock (a query's half-open range). */
export const instantsOfDays = ({ from, to }: DayRange, timeZone: string) => ({
  gte: startOfDay(from, timeZone),
  lt: startOfDay(addDays(to, 1), timeZone),
});
