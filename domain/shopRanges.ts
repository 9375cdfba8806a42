import { addDays, endOfDay, localDate, startOfDay } from './hours';

/* ------------------------------------------------------------------------------------------------------------------
 * Date ranges on the shop's wall clock (its time zone, not the browser's or UTC's), for the order and booking
 * histories, the redeemed loyalty cards and the reports. Every range is first a run of whole shop-zone calendar days
 * ('YYYY-MM-DD', both ends included), so a DST day of 23 or 25 hours is still one day; the histories then read it as
 * instants, from the first day's midnight to the last millisecond of the last day. Weeks start on Monday.
 * ---------------------------------------------------------------------------------------------------------------- */

export interface DayRange {
  from: string;
  to: string;
}

/** The ranges named after where `now` is: this or the last day, week or month. */
export const NAMED_RANGES = ['TODAY', 'YESTERDAY', 'WEEK', 'LAST_WEEK', 'MONTH', 'LAST_MONTH'] as const;
export type NamedRange = (typeof NAMED_RANGES)[number];
const NAMED_LABELS: Record<NamedRange, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  WEEK: 'Week',
  LAST_WEEK: 'Last Week',
  MONTH: 'Month',
  LAST_MONTH: 'Last Month',
};

/** The order and booking histories' date ranges (spec 2 §2, §9); Custom is one month, given as 'YYYY-MM'. */
export const ORDER_RANGES = [...NAMED_RANGES, 'CUSTOM'] as const;
export type OrderRange = (typeof ORDER_RANGES)[number];
export const ORDER_RANGE_LABELS: Record<OrderRange, string> = { ...NAMED_LABELS, CUSTOM: 'Custom' };

/** The redeemed loyalty cards' date ranges (spec 1 §9); YEAR_MONTH, the default, is one chosen month. */
export const LOYALTY_RANGES = [...NAMED_RANGES, 'YEAR_MONTH'] as const;
export type LoyaltyRange = (typeof LOYALTY_RANGES)[number];
export const DEFAULT_LOYALTY_RANGE: LoyaltyRange = 'YEAR_MONTH';
export const LOYALTY_RANGE_LABELS: Record<LoyaltyRange, string> = { ...NAMED_LABELS, YEAR_MONTH: 'Pick a month' };

/** The reports' date ranges; CUSTOM takes its own first and last day. */
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
const monthOf = (day: string): DayRange => ({ from: monthStart(day), to: monthEnd(day) });

/** The days a named range covers at `now` on the shop's clock. */
export function namedDays(range: NamedRange, now: Date, timeZone: string): DayRange {
  const today = localDate(now, timeZone);
  const monday = addDays(today, -weekday(today));
  switch (range) {
    case 'TODAY':
      return { from: today, to: today };
    case 'YESTERDAY':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'WEEK':
      return { from: monday, to: addDays(monday, 6) };
    case 'LAST_WEEK':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'MONTH':
      return monthOf(today);
    case 'LAST_MONTH':
      return monthOf(addMonths(monthStart(today), -1));
  }
}

/**
 * The days of a month written 'YYYY-MM' (a month past 12 runs into the next year); anything else, or no month, is the
 * month it is on the shop's clock.
 */
function monthDays(month: string | undefined, now: Date, timeZone: string): DayRange {
  const [y, m] = (month ?? '').split('-').map(Number);
  if (!y || !m) return monthOf(localDate(now, timeZone));
  const first = new Date(Date.UTC(2000, m - 1, 1));
  // Year 2000 stands in for y (Date.UTC reads 0–99 as 1900–1999).
  first.setUTCFullYear(y + first.getUTCFullYear() - 2000);
  return monthOf(first.toISOString().slice(0, 10));
}

/** The first instant of `from` and the last millisecond of `to` on the shop's clock, as ISO strings. */
export const dayRangeInstants = ({ from, to }: DayRange, timeZone: string) => ({
  gte: startOfDay(from, timeZone).toISOString(),
  lte: endOfDay(to, timeZone).toISOString(),
});

/** The instants a history range covers on the shop's clock; Custom is one month, given as 'YYYY-MM'. */
export function orderRange(range: OrderRange, now: Date, timeZone: string, month?: string): { gte: string; lte: string } {
  const days = range === 'CUSTOM' ? monthDays(month, now, timeZone) : namedDays(range, now, timeZone);
  return dayRangeInstants(days, timeZone);
}

/** A loyalty range's instants on the shop's wall clock: the order history's ranges, YEAR_MONTH being its one month. */
export const loyaltyRange = (range: LoyaltyRange, now: Date, timeZone: string, month?: string) =>
  orderRange(range === 'YEAR_MONTH' ? 'CUSTOM' : range, now, timeZone, month);

/** The month it is on the shop's wall clock, as a month input holds it ('2026-11'), not the browser's or UTC's. */
export const currentMonth = (now: Date, timeZone: string) => localDate(now, timeZone).slice(0, 7);

/** The days a sales range covers at `now` on the shop's clock; CUSTOM takes its own from and to. */
export function salesRange(range: SalesRange, now: Date, timeZone: string, custom?: Partial<DayRange>): DayRange {
  if (range !== 'CUSTOM') return namedDays(range, now, timeZone);
  const today = localDate(now, timeZone);
  return { from: custom?.from ?? today, to: custom?.to ?? today };
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
