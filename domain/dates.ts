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

/** A time of day in the given zone, as the console's date-and-time format writes it: '3:15 am' ('3:15:07 am' with seconds). */
export function formatTimeOfDay(value: Date, timeZone: string, seconds = false): string {
  return format(value, seconds ? 'h:mm:ss aaa' : 'h:mm aaa', { in: tz(timeZone) });
}

/** An IANA zone as people read it: 'Australia/Lord_Howe' → 'Australia/Lord Howe'. */
export const zoneName = (timeZone: string) => timeZone.replace(/_/g, ' ');

/** The place a zone is named after, as people say it: 'Australia/Sydney' → 'Sydney', 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
export const zoneCity = (timeZone: string) => zoneName(timeZone.slice(timeZone.lastIndexOf('/') + 1));

/**
 * The caption a screen shows once, beside its times: 'Sydney time'. Every time on one screen is in the same zone (the
 * shop's on shop screens, the viewer's on platform screens); the zone's city is what an owner calls their clock.
 */
export const timesIn = (timeZone: string) => `${zoneCity(timeZone)} time`;

/**
 * A calendar day and a wall-clock time that belong to the shop's clock already (a booking's '2026-11-29' and '18:30')
 * in the console's date-and-time format: 'Sun, Nov 29th 6:30 pm'. '' when either is unreadable.
 */
export function formatWallDateTime(day: string, time: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!d || !t) return '';
  const date = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  return Number.isNaN(date.getTime()) ? '' : format(date, DATE_TIME_FORMAT);
}

/** A wall-clock 'HH:mm' (store timings, booking sessions) as the console writes times of day: '08:00' → '8:00 am'. */
export function formatWallTime(time: string): string {
  const t = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!t) return time;
  return format(new Date(2000, 0, 1, Number(t[1]), Number(t[2])), 'h:mm aaa');
}
