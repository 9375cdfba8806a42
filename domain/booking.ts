import { z } from 'zod';
import { format, messages } from './messages';
import { hours, timeOfDay } from './timings';
import { requiredMsg } from './validation';
import { perWeekday, type Weekday } from './weekdays';

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];
const MAX_PAX = 1000;
const MAX_DAYS_IN_ADVANCE = 365;

const mealSessionSchema = z.object({
  on: z.boolean({ error: requiredMsg('On') }),
  open: timeOfDay('Open'),
  duration: hours('Duration'),
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
    breakfast: { on: false, open: '08:00', duration: 3 },
    lunch: { on: false, open: '12:00', duration: 4 },
    dinner: { on: false, open: '17:00', duration: 5 },
  })),
};
