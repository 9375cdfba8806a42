import type { Dow } from './availability';

/*
 * How a category's hours are written ('6:00–11:00 on weekdays'), in the console, in refusals and on the customers'
 * ordering page. No imports beyond types, so the ordering page carries these few lines and not the schemas.
 */

const WEEK: readonly Dow[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const DAY_NAMES: Record<Dow, string> = { MON: 'Mon', TUE: 'Tue', WED: 'Wed', THU: 'Thu', FRI: 'Fri', SAT: 'Sat', SUN: 'Sun' };
const WEEKDAYS: readonly Dow[] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];
const WEEKEND: readonly Dow[] = ['SAT', 'SUN'];
const sameDays = (a: readonly Dow[], b: readonly Dow[]) => a.length === b.length && b.every((d) => a.includes(d));

/** '06:30' → '6:30': how menus write a time of day. */
export const clockTime = (t: string) => t.replace(/^0(\d)/, '$1');

/** 'on weekdays', 'on weekends', 'every day', 'on Mon, Wed, Fri' (in week order). */
export function describeDays(dows: readonly Dow[]): string {
  if (sameDays(dows, WEEK)) return 'every day';
  if (sameDays(dows, WEEKDAYS)) return 'on weekdays';
  if (sameDays(dows, WEEKEND)) return 'on weekends';
  return `on ${WEEK.filter((d) => dows.includes(d))
    .map((d) => DAY_NAMES[d])
    .join(', ')}`;
}

/** '6:00–11:00 on weekdays'. */
export const describeDayPart = (part: { dows: readonly Dow[]; from: string; to: string }) =>
  `${clockTime(part.from)}–${clockTime(part.to)} ${describeDays(part.dows)}`;
