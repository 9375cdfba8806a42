import { format } from 'date-fns';
import { tz } from '@date-fns/tz';

/** The console's date-and-time format (spec 1 §9): 'Mon, Jan 1st 3:04 pm'. */
export const DATE_TIME_FORMAT = 'EEE, MMM do h:mm aaa';

/**
 * Formats an instant like 'Mon, Jan 1st 3:04 pm' in the given IANA time zone (the shop's),
 * or in the viewer's own zone when none is given.
 */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return timeZone ? format(date, DATE_TIME_FORMAT, { in: tz(timeZone) }) : format(date, DATE_TIME_FORMAT);
}
