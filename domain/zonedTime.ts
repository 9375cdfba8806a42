import { format } from 'date-fns';
import { tz, TZDate } from '@date-fns/tz';

/** What an <input type="datetime-local"> holds: a wall-clock time with no zone, '2026-12-01T09:00'. */
const LOCAL = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/;

/** An instant as the wall-clock time of `zone`, for a datetime-local input ('' for none). */
export function toZonedInput(instant: string | null | undefined, zone: string): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, "yyyy-MM-dd'T'HH:mm", { in: tz(zone) });
}

/**
 * A wall-clock time read as `zone`'s (the shop's, not the browser's) → the ISO instant the API stores;
 * null for an empty input, and the text itself when it is not a time (the schema then says 'should be a date').
 */
export function fromZonedInput(local: string, zone: string): string | null {
  if (!local) return null;
  const m = LOCAL.exec(local);
  if (!m) return local;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s, zone).getTime()).toISOString();
}
