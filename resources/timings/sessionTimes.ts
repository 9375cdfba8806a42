import { HH_MM, minutesOf } from '../../domain/weekdays';

/**
 * Sessions are stored as an open time and a duration; owners enter an open and a close time. These turn one into
 * the other.
 */

/** 'HH:mm' of minutes after midnight, on the next day's clock past midnight (1500 → '01:00'). */
export const hhmm = (minutes: number) => {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Hours from an open time to a close time, past midnight when the close is earlier; the same time is a whole day. */
export const hoursBetween = (open: string, close: string) => ((minutesOf(close) - minutesOf(open) + 1440) % 1440 || 1440) / 60;

/** The close time of a session ('HH:mm'), or '' while its open time or duration is not a valid one. */
export const closeOf = (open: unknown, hours: unknown, maxHours: number) =>
  typeof open === 'string' && HH_MM.test(open) && typeof hours === 'number' && hours >= 0 && hours <= maxHours
    ? hhmm(minutesOf(open) + Math.round(hours * 60))
    : '';

/** '7 h', '7 h 30 min', '45 min'. */
export const durationText = (hours: number) => {
  const total = Math.round(hours * 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
};
