import { z } from 'zod';
import { tzOffset } from '@date-fns/tz';
import { emailSchema } from './account';
import { type Closure } from './closures';
import { day } from './dateSchemas';
import { addDays, localDate, zonedInstant } from './hours';
import { format, messages } from './messages';
import { hours, timeOfDay } from './timings';
import { requiredMsg } from './validation';
import { minutesOf, perWeekday, WEEKDAYS, type Weekday } from './weekdays';
import { MEALS, REJECT_REASONS, type Meal } from './bookingStatus';

export {
  MEALS,
  type Meal,
  BOOKING_STATUSES,
  type BookingStatus,
  REJECT_REASONS,
  type RejectReason,
  SEATED_STATUSES,
  type ApiBooking,
  NO_SHOW_STATUS,
  latestNoShowBooking,
  canMarkNoShow,
  type BookingGuest,
} from './bookingStatus';

const MAX_PAX = 1000;
const MAX_DAYS_IN_ADVANCE = 365;
const MAX_CAPACITY = 10_000;

const mealSessionSchema = z.object({
  on: z.boolean({ error: requiredMsg('On') }),
  open: timeOfDay('Open'),
  duration: hours('Duration'),
  /** The most guests the session seats (NEW and ACCEPTED bookings count); null: unlimited. Absent in older documents. */
  capacity: z
    .number({ error: messages.wholeNumber })
    .int({ error: messages.wholeNumber })
    .min(1, { error: format(messages.minNumber, { n: 1 }) })
    .max(MAX_CAPACITY, { error: format(messages.maxNumber, { n: MAX_CAPACITY }) })
    .nullable()
    .default(null),
});
const bookingDaySchema = z.object({ breakfast: mealSessionSchema, lunch: mealSessionSchema, dinner: mealSessionSchema });

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: requiredMsg(label) })
    .int({ error: messages.wholeNumber })
    .min(min, { error: format(messages.minNumber, { n: min }) })
    .max(max, { error: format(messages.maxNumber, { n: max }) });

/** The `booking` settings kind (spec 3 §3 "Booking config", defaults spec 2 §3); weekdays at the top level. */
export const bookingSchema = z
  .object({
    on: z.boolean({ error: requiredMsg('On') }),
    showLinkOnMenuPage: z.boolean({ error: requiredMsg('Show link on menu page') }),
    showLinkOnPostsPage: z.boolean({ error: requiredMsg('Show link on posts page') }),
    minPax: count('Min guests', 1, MAX_PAX),
    maxPax: count('Max guests', 1, MAX_PAX),
    numDaysInAdvance: count('Days in advance', 1, MAX_DAYS_IN_ADVANCE),
    ...(perWeekday(() => bookingDaySchema) as Record<Weekday, typeof bookingDaySchema>),
  })
  .refine((b) => b.maxPax >= b.minPax, { error: messages.maxPaxBelowMin, path: ['maxPax'] });
export type BookingSettings = z.infer<typeof bookingSchema>;

/** Spec 2 §3: off, 2 to 10 guests, 90 days ahead; breakfast 08:00 for 3 h, lunch 12:00 for 4 h, dinner 17:00 for 5 h, all off. */
export const defaultBooking: BookingSettings = {
  on: false,
  showLinkOnMenuPage: false,
  showLinkOnPostsPage: false,
  minPax: 2,
  maxPax: 10,
  numDaysInAdvance: 90,
  ...perWeekday(() => ({
    breakfast: { on: false, open: '08:00', duration: 3, capacity: null },
    lunch: { on: false, open: '12:00', duration: 4, capacity: null },
    dinner: { on: false, open: '17:00', duration: 5, capacity: null },
  })),
};

/* ------------------------------------------------------------------------------------------------------------------
 * Bookings (spec 2 §3 "Booking", §4 booking statuses): what a customer sends, what the API answers, and the rules a
 * booking request is judged by. Pure: callers pass the shop's settings, closures, zone and the instant "now".
 * ---------------------------------------------------------------------------------------------------------------- */

const BOOKING_NAME_MAX = 60;
const SPECIAL_REQUEST_MAX = 500;

/** POST /api/storefront/shops/{shopId}/bookings: date and time on the shop's wall clock. */
export const placeBookingSchema = z.object({
  name: z
    .string({ error: requiredMsg('Name') })
    .trim()
    .min(1, { error: requiredMsg('Name') })
    .max(BOOKING_NAME_MAX, { error: format(messages.maxLength, { n: BOOKING_NAME_MAX }) }),
  phone: z
    .string({ error: requiredMsg('Phone') })
    .trim()
    .min(1, { error: requiredMsg('Phone') })
    .max(30, { error: messages.bookingPhoneInvalid }),
  pax: z
    .number({ error: requiredMsg('Guests') })
    .int({ error: messages.wholeNumber })
    .min(1, { error: format(messages.minNumber, { n: 1 }) })
    .max(MAX_PAX, { error: format(messages.maxNumber, { n: MAX_PAX }) }),
  date: day('Date'),
  time: timeOfDay('Time'),
  specialRequest: z
    .string()
    .trim()
    .max(SPECIAL_REQUEST_MAX, { error: format(messages.maxLength, { n: SPECIAL_REQUEST_MAX }) })
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Where the request's confirmation goes, with the booking's link; a blank field is no address. Not stored. */
  email: z
    .string({ error: messages.emailInvalid })
    .trim()
    .transform((v) => v || undefined)
    .pipe(emailSchema.optional())
    .optional(),
});
export type PlaceBooking = z.output<typeof placeBookingSchema>;

export const rejectBookingSchema = z.object({
  reason: z.enum(REJECT_REASONS, { error: messages.bookingRejectReason }),
});

/** What a refused request answers: its status, the message, and the field it is about. */
export interface BookingRefusal {
  ok: false;
  status: 400 | 409;
  message: string;
  field?: string;
}

export interface BookingSlot {
  ok: true;
  /** The instant booked. */
  at: Date;
  session: Meal;
  /** The shop-zone date the session starts on (a session past midnight belongs to the day before). */
  sessionDate: string;
  /** The most guests the session seats, or null for no limit. */
  capacity: number | null;
}

interface BookingContext {
  now: Date;
  timeZone: string;
  /** The shop's closures around the date asked for (the day before included: a session past midnight). */
  closures: readonly Pick<Closure, 'date' | 'pickup' | 'delivery'>[];
}

const refuse = (status: 400 | 409, message: string, field?: string): BookingRefusal => ({ ok: false, status, message, field });

/** A closure that takes away both services closes the shop that day; special hours or one service still open do not. */
const closedAllDay = (c: Pick<Closure, 'pickup' | 'delivery'>) => c.pickup === true && c.delivery === true;

/** The days from `from` to `to` (inclusive) on which no session can be booked: the shop is closed all day. */
export function closedBookingDates(closures: readonly Pick<Closure, 'date' | 'pickup' | 'delivery'>[], from: string, to: string): string[] {
  return closures.filter((c) => c.date >= from && c.date <= to && closedAllDay(c)).map((c) => c.date);
}

const dayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/**
 * Judges a booking request against the shop's booking settings, in the shop's time zone:
 * bookings on; guests within min–max; the date from today to today + days in advance; a wall time that exists that
 * night (clocks jumping forward skip some); not already passed; inside an open breakfast, lunch or dinner session
 * ([open, open + duration), the session may run past midnight and then belongs to the day it starts); the session's day
 * not closed. The capacity it answers is checked by the caller against the seats already booked.
 */
export function judgeBooking(
  settings: BookingSettings,
  req: Pick<PlaceBooking, 'pax' | 'date' | 'time'>,
  ctx: BookingContext,
): BookingSlot | BookingRefusal {
  if (!settings.on) return refuse(409, messages.bookingsOff);
  if (req.pax < settings.minPax || req.pax > settings.maxPax)
    return refuse(400, format(messages.bookingPaxRange, { min: settings.minPax, max: settings.maxPax }), 'pax');
  const today = localDate(ctx.now, ctx.timeZone);
  if (req.date < today) return refuse(400, messages.bookingDatePast, 'date');
  if (req.date > addDays(today, settings.numDaysInAdvance))
    return refuse(400, format(messages.bookingTooFar, { days: settings.numDaysInAdvance }), 'date');
  const minutes = minutesOf(req.time);
  const at = zonedInstant(req.date, minutes, ctx.timeZone);
  // A wall time in a spring-forward gap never happens; the engine would move it past the jump, which is not what
  // the customer asked for.
  const wall = new Date(at.getTime() + tzOffset(ctx.timeZone, at) * 60_000).toISOString();
  if (wall.slice(0, 10) !== req.date || wall.slice(11, 16) !== req.time)
    return refuse(400, format(messages.bookingTimeSkipped, { time: req.time, date: req.date }), 'time');
  if (at.getTime() <= ctx.now.getTime()) return refuse(400, messages.bookingTimePast, 'time');
  for (const sessionDate of [req.date, addDays(req.date, -1)]) {
    const day = settings[dayOf(sessionDate)];
    for (const meal of MEALS) {
      const s = day[meal];
      if (!s.on || s.duration <= 0) continue;
      const open = minutesOf(s.open);
      const start = zonedInstant(sessionDate, open, ctx.timeZone);
      const end = zonedInstant(sessionDate, open + Math.round(s.duration * 60), ctx.timeZone);
      if (start.getTime() <= at.getTime() && at.getTime() < end.getTime()) {
        if (ctx.closures.some((c) => c.date === sessionDate && closedAllDay(c)))
          return refuse(409, format(messages.bookingClosedDay, { date: sessionDate }), 'date');
        return { ok: true, at, session: meal, sessionDate, capacity: s.capacity ?? null };
      }
    }
  }
  return refuse(400, format(messages.bookingNoSession, { time: req.time, date: req.date }), 'time');
}

/** The refusal of a booking that would seat more guests than its session has room for. */
export function capacityRefusal(session: Meal, left: number): BookingRefusal {
  return left <= 0
    ? refuse(409, format(messages.bookingFull, { session }), 'pax')
    : refuse(409, format(messages.bookingSeatsLeft, { session, left }), 'pax');
}
