import { z } from 'zod';
import { format, messages } from './messages';
import { requiredMsg } from './validation';
import { HH_MM, minutesOf, perWeekday, WEEKDAYS, clockOf, type Weekday } from './weekdays';

/** Longest session, in hours: a session may run past midnight but not past the same time the next day. */
export const MAX_SESSION_HOURS = 24;

/** An 'HH:mm' field. */
export const timeOfDay = (label: string) => z.string({ error: requiredMsg(label) }).regex(HH_MM, { error: messages.timeOfDay });

/** A duration in hours, 0 to 24, to the minute (7, 7.5, 0.25). */
export const hours = (label: string, max = MAX_SESSION_HOURS) =>
  z
    .number({ error: requiredMsg(label) })
    .min(0, { error: format(messages.minNumber, { n: 0 }) })
    .max(max, { error: format(messages.maxNumber, { n: max }) })
    .refine((h) => Number.isInteger(Math.round(h * 60 * 1e6) / 1e6), { error: messages.wholeMinutes });

/** One session of the weekly grid (spec 3 §3 "Weekly business hours"): opens at `open`, lasts `duration` hours. */
const sessionSchema = z.object({
  open: timeOfDay('Open'),
  duration: hours('Duration'),
  available: z.boolean({ error: requiredMsg('Available') }),
});
export type Session = z.infer<typeof sessionSchema>;

/** The services a shop opens for, each with two sessions a day: `pickup` and `pickupExt` (Session 2), … */
export const SERVICES = ['pickup', 'delivery'] as const;
export type Service = (typeof SERVICES)[number];
export const SESSION_KEYS = ['pickup', 'pickupExt', 'delivery', 'deliveryExt'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
export const SESSIONS_OF: Record<Service, readonly [SessionKey, SessionKey]> = {
  pickup: ['pickup', 'pickupExt'],
  delivery: ['delivery', 'deliveryExt'],
};

/**
 * One weekday of the grid. `pickupAvailable`/`deliveryAvailable` are derived on every write (a service is
 * available that day when one of its sessions is), so readers of either shape agree.
 */
const dayTimingsSchema = z
  .object({
    pickup: sessionSchema,
    pickupExt: sessionSchema,
    delivery: sessionSchema,
    deliveryExt: sessionSchema,
    pickupAvailable: z.boolean().optional(),
    deliveryAvailable: z.boolean().optional(),
  })
  .transform((d) => ({
    pickup: d.pickup,
    pickupExt: d.pickupExt,
    delivery: d.delivery,
    deliveryExt: d.deliveryExt,
    pickupAvailable: d.pickup.available || d.pickupExt.available,
    deliveryAvailable: d.delivery.available || d.deliveryExt.available,
  }));
type DayTimings = z.output<typeof dayTimingsSchema>;

/** The `timings` settings kind: the weekly business hours, one entry per weekday (sunday … saturday). */
export const timingsSchema = z.object(perWeekday(() => dayTimingsSchema) as Record<Weekday, typeof dayTimingsSchema>);
export type Timings = z.output<typeof timingsSchema>;

/** Spec 3 §3/§9: every session opens at 10:00 for 7 hours, not available. */
const DEFAULT_SESSION: Session = { open: '10:00', duration: 7, available: false };
const defaultDay: DayTimings = {
  pickup: DEFAULT_SESSION,
  pickupExt: DEFAULT_SESSION,
  delivery: DEFAULT_SESSION,
  deliveryExt: DEFAULT_SESSION,
  pickupAvailable: false,
  deliveryAvailable: false,
};
export const defaultTimings: Timings = perWeekday(() => defaultDay);

/** The close of a session in minutes after its day's midnight (past 1440 when it runs past midnight). */
export const closeMinutes = (s: Pick<Session, 'open' | 'duration'>) => minutesOf(s.open) + Math.round(s.duration * 60);

/** How the view shows a session: 'Closed' when unavailable (the spec's 'NA' read as a code), otherwise '10:00 am to 5:00 pm'. */
export function sessionText(s: Session): string {
  if (!s.available) return 'Closed';
  return `${clockOf(minutesOf(s.open))} to ${clockOf(closeMinutes(s))}`;
}

export { WEEKDAYS };
