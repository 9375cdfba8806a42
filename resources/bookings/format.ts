import { format, formatDistanceStrict } from 'date-fns';
import { formatDateTime } from '../../domain/dates';

/** The booked instant on the shop's clock: 'Fri, Nov 27th 7:00 pm'. */
export const bookedFor = (iso: string, timeZone: string) => formatDateTime(iso, timeZone);

/** A wall-clock date and time already on the shop's clock ('2026-11-27', '19:00') in the same format. */
export function wallClock(dateStr: string, timeStr: string): string {
  const [y, m, d] = dateStr.split('-').map(Number);
  const [h, min] = timeStr.split(':').map(Number);
  if (!y || !m || !d || Number.isNaN(h) || Number.isNaN(min)) return `${dateStr} ${timeStr}`;
  return format(new Date(y, m - 1, d, h, min), 'EEE, MMM do yyyy h:mm aaa');
}

/** How long ago something came in: '5 minutes ago' (never 'in …' when the device's clock runs behind). */
export const ago = (iso: string, now: Date) => {
  const then = new Date(iso);
  return formatDistanceStrict(then.getTime() > now.getTime() ? now : then, now, { addSuffix: true });
};

export const guestsLabel = (pax: number) => `${pax} ${pax === 1 ? 'guest' : 'guests'}`;
