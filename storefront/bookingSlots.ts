/*
 * The dates, sessions and times a customer may ask for a table at, from the shop's booking settings, on the shop's wall
 * clock (dates and times as strings, so no phone's time zone enters). The server judges the request again
 * (domain/booking.ts judgeBooking); capacity is only known there, closed days come with the page.
 */
import type { BookingOptions, Meal, Weekday } from './types';

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** The times offered within a session. */
export const STEP_MINUTES = 30;

export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One time a table may be asked for: the wall date and time sent (past midnight: the next day's date). */
export interface BookingTime {
  date: string;
  time: string;
}
export interface BookingSession {
  session: Meal;
  open: string;
  times: BookingTime[];
}
export interface BookingDay {
  date: string;
  sessions: BookingSession[];
}

/**
 * The days from `today` to `today` + daysAhead with a session that still has a time to offer; `nowTime` (HH:mm, the
 * shop's clock) takes away today's passed times.
 */
export function bookingDays(options: BookingOptions, today: string, nowTime: string): BookingDay[] {
  const last = addDays(today, options.daysAhead);
  const now = `${today} ${nowTime}`;
  const days: BookingDay[] = [];
  const closed = new Set(options.closedDates);
  for (let i = 0; i <= options.daysAhead; i++) {
    const date = addDays(today, i);
    if (closed.has(date)) continue;
    const sessions: BookingSession[] = [];
    for (const s of options.days[weekdayOf(date)] ?? []) {
      const [h, m] = s.open.split(':').map(Number);
      const open = h! * 60 + m!;
      const end = open + Math.round(s.duration * 60);
      const times: BookingTime[] = [];
      for (let t = open; t < end; t += STEP_MINUTES) {
        const slot = { date: addDays(date, Math.floor(t / 1440)), time: hhmm(t % 1440) };
        if (`${slot.date} ${slot.time}` > now && slot.date <= last) times.push(slot);
      }
      if (times.length) sessions.push({ session: s.session, open: s.open, times });
    }
    if (sessions.length) days.push({ date, sessions });
  }
  return days;
}
