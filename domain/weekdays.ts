/**
 * Days of the week, Sunday first as the spec's screens list them (spec 3 §2.7). `WEEKDAYS[date.getDay()]` is the
 * day of a Date. Documents key their per-day parts by the lowercase name (timings.monday); coupons and items list
 * days by the uppercase name (dows: ['MONDAY']).
 */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DOWS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
export type Dow = (typeof DOWS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

export const dowLabel = (dow: Dow) => WEEKDAY_LABELS[dow.toLowerCase() as Weekday];

/** A document with one part per weekday, built from one function of the day. */
export function perWeekday<T>(part: (day: Weekday) => T): Record<Weekday, T> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, part(day)])) as Record<Weekday, T>;
}

/** 'HH:mm' on a 24-hour clock, 00:00 to 23:59. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an 'HH:mm' time. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * 'h:mm a' (spec 3 §2.7) of minutes after midnight: 600 → '10:00 am', 1020 → '5:00 pm', 1500 → '1:00 am'. Lower case
 * as the spec's own date format writes its 'a' ('Mon, Jan 1st 3:04 pm'), so the timings read like every other time.
 */
export function clockOf(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}
