import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { addDays, localDate, openingsOn, type ShopHours } from './hours';
import { SERVICES } from './timings';

/**
 * Whether a shop is open at an instant, for pickup or delivery (either will do: the counter takes both), and when
 * that changes. Sessions that touch or overlap (Session 1 to 15:00, Session 2 from 15:00; pickup and delivery) read
 * as one opening, so "open until" is when the shop really stops taking orders.
 */
export interface OpenState {
  open: boolean;
  /** While open: when it closes; null when it stays open past the week ahead. */
  until: Date | null;
  /** While closed: when it next opens; null when nothing opens in the week ahead. */
  opens: Date | null;
}

/** How many shop-zone days ahead are looked at: a week covers every weekly grid; closures only shorten it. */
const AHEAD_DAYS = 8;
const HOUR = 3_600_000;

/** Every opening of every service from the day before `at` (a session past midnight) over the days ahead, merged. */
function spans(hours: ShopHours, at: Date): { start: number; end: number }[] {
  const first = addDays(localDate(at, hours.timeZone), -1);
  const all: { start: number; end: number }[] = [];
  for (let i = 0; i <= AHEAD_DAYS; i++)
    for (const service of SERVICES)
      for (const o of openingsOn(hours, service, addDays(first, i))) all.push({ start: o.start.getTime(), end: o.end.getTime() });
  all.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const s of all) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

export function openState(hours: ShopHours, at: Date): OpenState {
  const t = at.getTime();
  const list = spans(hours, at);
  const horizon = t + (AHEAD_DAYS - 1) * 24 * HOUR;
  const now = list.find((s) => s.start <= t && t < s.end);
  if (now) return { open: true, until: now.end >= horizon ? null : new Date(now.end), opens: null };
  const next = list.find((s) => s.start > t);
  return { open: false, until: null, opens: next ? new Date(next.start) : null };
}

/** '9 pm', '6:30 am' on the shop's clock. */
function clock(d: Date, timeZone: string): string {
  const zone = { in: tz(timeZone) };
  return format(d, format(d, 'mm', zone) === '00' ? 'h aaa' : 'h:mm aaa', zone);
}

/** A time as the counter reads it: the time alone within a day, the weekday within the week, else the date. */
function whenWords(d: Date, at: Date, timeZone: string): string {
  const ahead = d.getTime() - at.getTime();
  if (ahead < 24 * HOUR) return clock(d, timeZone);
  if (ahead < 6 * 24 * HOUR) return `${format(d, 'EEE', { in: tz(timeZone) })} ${clock(d, timeZone)}`;
  return `${format(d, 'EEE, MMM do', { in: tz(timeZone) })} ${clock(d, timeZone)}`;
}

/**
 * The shop's state in words, for the board: 'Open until 9 pm', 'Open 24 hours', 'Closed now · opens 6:30 am',
 * 'Closed now · opens Mon 6:30 am', 'Closed now'.
 */
export function openStateWords(state: OpenState, at: Date, timeZone: string): string {
  if (state.open) return state.until ? `Open until ${whenWords(state.until, at, timeZone)}` : 'Open 24 hours';
  return state.opens ? `Closed now · opens ${whenWords(state.opens, at, timeZone)}` : 'Closed now';
}
