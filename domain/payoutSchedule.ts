import { addDays, localDate } from './hours';
import { WEEKDAYS } from './stripe';

/** A payout schedule as Stripe keeps it (settings.payouts.schedule); `manual` or anything unknown has no payout days. */
export interface ScheduleOfPayouts {
  interval?: string;
  weekly_anchor?: string | null;
  monthly_anchor?: number | null;
}

const daysInMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).getUTCDate();
};

/**
 * Whether a day ('YYYY-MM-DD', the shop's calendar) is a payout day: every day (daily), the anchor's weekday
 * (weekly), the anchor's day of the month (monthly; in a month too short for it, its last day, as Stripe does).
 */
export function isPayoutDay(schedule: ScheduleOfPayouts, date: string): boolean {
  if (schedule.interval === 'daily') return true;
  if (schedule.interval === 'weekly') {
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
    return weekday === schedule.weekly_anchor;
  }
  if (schedule.interval === 'monthly' && schedule.monthly_anchor) {
    const day = Number(date.slice(8, 10));
    return day === Math.min(schedule.monthly_anchor, daysInMonth(date));
  }
  return false;
}

/**
 * The next payout day after `now`: payouts are made as their day starts in the shop's zone, so today's, if any, has
 * been made. Null when the schedule has no payout days (manual payouts).
 */
export function nextPayoutDay(schedule: ScheduleOfPayouts, now: Date, timeZone: string): string | null {
  let day = addDays(localDate(now, timeZone), 1);
  // A monthly anchor comes round within 31 days, a weekday within 7.
  for (let i = 0; i < 31; i++, day = addDays(day, 1)) if (isPayoutDay(schedule, day)) return day;
  return null;
}
