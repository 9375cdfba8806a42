import { format } from 'date-fns';
import { tz } from '@date-fns/tz';

/** The console's date-and-time format (spec 1 §9): 'Mon, Jan 1st 3:04 pm'. */
const DATE_TIME_FORMAT = 'EEE, MMM do h:mm aaa';

/** The IANA time zone the viewer's device is set to ('UTC' where the runtime cannot tell). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Formats an instant like 'Mon, Jan 1st 3:04 pm' in the given IANA time zone (the shop's),
 * or in the viewer's own zone when none is given. Pair it with timesIn(zone) on the screen, so the
 * reader knows which clock the times are on.
 */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return timeZone ? format(date, DATE_TIME_FORMAT, { in: tz(timeZone) }) : format(date, DATE_TIME_FORMAT);
}

/** A time of day in the given zone, as the console's date-and-time format writes it: '3:15 am'. */
export function formatTimeOfDay(value: Date, timeZone: string): string {
  return format(value, 'h:mm aaa', { in: tz(timeZone) });
}

/** An IANA zone as people read it: 'Australia/Lord_Howe' → 'Australia/Lord Howe'. */
export const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/**
 * The caption a screen shows once, beside its times: 'Times in Australia/Sydney'. Every time on one
 * screen is in the same zone (the shop's on shop screens, the viewer's on platform screens).
 */
export const timesIn = (timeZone: string) => `Times in ${zoneName(timeZone)}`;
