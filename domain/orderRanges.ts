import { endOfDay, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek, subDays, subMonths, subWeeks } from 'date-fns';
import { tz, TZDate } from '@date-fns/tz';

/** The order history's date ranges (spec 2 §2, §9). */
export const ORDER_RANGES = ['TODAY', 'YESTERDAY', 'WEEK', 'LAST_WEEK', 'MONTH', 'LAST_MONTH', 'CUSTOM'] as const;
export type OrderRange = (typeof ORDER_RANGES)[number];
export const ORDER_RANGE_LABELS: Record<OrderRange, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  WEEK: 'Week',
  LAST_WEEK: 'Last Week',
  MONTH: 'Month',
  LAST_MONTH: 'Last Month',
  CUSTOM: 'Custom',
};

/**
 * The instants a range covers, computed on the shop's wall clock (its time zone), not the browser's: weeks start on
 * Monday; Custom is one month, given as 'YYYY-MM'.
 */
export function orderRange(range: OrderRange, now: Date, timeZone: string, month?: string): { gte: string; lte: string } {
  const opts = { in: tz(timeZone) };
  const local = new TZDate(now.getTime(), timeZone);
  const week = { ...opts, weekStartsOn: 1 as const };
  let from: Date;
  let to: Date;
  switch (range) {
    case 'TODAY':
      [from, to] = [startOfDay(local, opts), endOfDay(local, opts)];
      break;
    case 'YESTERDAY': {
      const y = subDays(local, 1, opts);
      [from, to] = [startOfDay(y, opts), endOfDay(y, opts)];
      break;
    }
    case 'WEEK':
      [from, to] = [startOfWeek(local, week), endOfWeek(local, week)];
      break;
    case 'LAST_WEEK': {
      const w = subWeeks(local, 1, opts);
      [from, to] = [startOfWeek(w, week), endOfWeek(w, week)];
      break;
    }
    case 'MONTH':
      [from, to] = [startOfMonth(local, opts), endOfMonth(local, opts)];
      break;
    case 'LAST_MONTH': {
      const m = subMonths(local, 1, opts);
      [from, to] = [startOfMonth(m, opts), endOfMonth(m, opts)];
      break;
    }
    case 'CUSTOM': {
      const [y, m] = (month ?? '').split('-').map(Number);
      const first = y && m ? new TZDate(y, m - 1, 1, timeZone) : local;
      [from, to] = [startOfMonth(first, opts), endOfMonth(first, opts)];
      break;
    }
  }
  return { gte: new Date(from.getTime()).toISOString(), lte: new Date(to.getTime()).toISOString() };
}

/** The redeemed loyalty cards' date ranges (spec 1 §9); YEAR_MONTH, the default, is one chosen month. */
export const LOYALTY_RANGES = ['TODAY', 'YESTERDAY', 'WEEK', 'LAST_WEEK', 'MONTH', 'LAST_MONTH', 'YEAR_MONTH'] as const;
export type LoyaltyRange = (typeof LOYALTY_RANGES)[number];
export const DEFAULT_LOYALTY_RANGE: LoyaltyRange = 'YEAR_MONTH';
export const LOYALTY_RANGE_LABELS: Record<LoyaltyRange, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  WEEK: 'Week',
  LAST_WEEK: 'Last Week',
  MONTH: 'Month',
  LAST_MONTH: 'Last Month',
  YEAR_MONTH: 'Pick a month',
};

/** A loyalty range's instants on the shop's wall clock: the order history's ranges, YEAR_MONTH being its one month. */
export const loyaltyRange = (range: LoyaltyRange, now: Date, timeZone: string, month?: string) =>
  orderRange(range === 'YEAR_MONTH' ? 'CUSTOM' : range, now, timeZone, month);

/** The month it is on the shop's wall clock, as a month input holds it ('2026-11'), not the browser's or UTC's. */
export const currentMonth = (now: Date, timeZone: string) => new TZDate(now.getTime(), timeZone).toISOString().slice(0, 7);
