import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { formatDateTime } from '../../domain/dates';

/**
 * The console's one way to show a date or a time. No page calls toLocaleString, Intl.DateTimeFormat or date-fns'
 * format itself: it calls one of these, so every screen reads the same.
 *
 * Instants (ISO strings, epoch milliseconds or Dates) are shown on a clock: pass the shop's zone (`shop.timezone`)
 * on a shop's screens and put <TimesIn zone={shop.timezone} /> once on the screen; platform screens that list many
 * shops pass nothing (the viewer's own zone) and say so with <TimesIn zone={viewerTimeZone()} />.
 *
 *   showDateTime('2024-01-01T04:04:00Z', 'Australia/Sydney')   'Mon, Jan 1st 3:04 pm'
 *   showDate('2024-01-01T04:04:00Z', 'Australia/Sydney')       'Mon, Jan 1st 2024'
 *
 * Calendar days ('YYYY-MM-DD': a coupon's dates, a closure, a chart's day) belong to no clock:
 *
 *   showDay('2026-01-05')                                      'Mon, Jan 5th 2026'
 *   showShortDay('2026-01-05')                                 'Jan 5' (chart axes)
 *   showBirthDate({ day: 31, month: 12, year: 1980 }, 'US')    '12/31/1980' (in the country's own order)
 *
 * Each returns '' for a missing or unreadable value, so a caller can fall back with `|| '—'`.
 */
export { formatDateTime as showDateTime };

const DATE_FORMAT = 'EEE, MMM do yyyy';

/** The day of an instant on the given clock: 'Mon, Jan 1st 2024'. */
export function showDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return timeZone ? format(date, DATE_FORMAT, { in: tz(timeZone) }) : format(date, DATE_FORMAT);
}

/** A 'YYYY-MM-DD' calendar day as a date of its own, whatever the viewer's zone. */
function calendarDay(day: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day ('YYYY-MM-DD'): 'Mon, Jan 5th 2026'. */
export function showDay(day: string | null | undefined): string {
  const date = calendarDay(day);
  return date ? format(date, DATE_FORMAT) : '';
}

/** A calendar day for a chart axis: 'Jan 5'. */
export function showShortDay(day: string | null | undefined): string {
  const date = calendarDay(day);
  return date ? format(date, 'MMM d') : '';
}

/** Countries that write the month first; the rest of the world writes the day first. */
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW']);
/** Countries that write the year first. */
const YEAR_FIRST = new Set(['CN', 'JP', 'KR', 'TW', 'HU', 'LT', 'MN', 'SE', 'CA']);

/** A date of birth as the country writes it: 31/12/1980 (AU, GB, NZ…), 12/31/1980 (US), 1980-12-31 (JP, CA…). */
export function showBirthDate(
  dob: { day?: number | null; month?: number | null; year?: number | null } | null | undefined,
  country: string,
): string {
  if (!dob?.day || !dob.month || !dob.year) return '';
  const dd = String(dob.day).padStart(2, '0');
  const mm = String(dob.month).padStart(2, '0');
  const upper = country.toUpperCase();
  if (YEAR_FIRST.has(upper)) return `${dob.year}-${mm}-${dd}`;
  if (MONTH_FIRST.has(upper)) return `${mm}/${dd}/${dob.year}`;
  return `${dd}/${mm}/${dob.year}`;
}
