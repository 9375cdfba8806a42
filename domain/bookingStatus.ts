/**
 * A booking's words and states as the console shows them: no zod, so the console's start (its sidebar's New Bookings
 * badge) does not load zod with it. The schemas and rules are in ./booking, which re-exports all of this.
 */

export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
export type Meal = (typeof MEALS)[number];

export const BOOKING_STATUSES = ['NEW', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Spec 2 §4: a rejection says why, one of these. */
export const REJECT_REASONS = ['No Vacancy', 'Store Closed'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
/** The statuses that hold seats (a session's capacity counts them). */
export const SEATED_STATUSES: readonly BookingStatus[] = ['NEW', 'ACCEPTED'];

/** A booking as the console and the customers' API read it (spec 2 §3 field names, plus the session and no-show). */
export interface ApiBooking {
  id: string;
  name: string;
  /** E.164. */
  phone: string;
  pax: number;
  /** The shop's wall-clock date and time the customer asked for. */
  dateStr: string;
  timeStr: string;
  /** The instant of dateStr + timeStr in the shop's time zone (ISO). */
  date: string;
  createdTime: string;
  status: BookingStatus;
  specialRequest: string | null;
  rejectReason: RejectReason | null;
  noShow: boolean;
  session: Meal;
  /** When someone first acknowledged it on a board (the boards stop ringing); the console's answers only. */
  acknowledgedAt?: string | null;
}

/** The status a booking must have to be marked a no-show: it stays in it, with `noShow` set. */
export const NO_SHOW_STATUS = 'ACCEPTED' satisfies BookingStatus;

/**
 * The latest booking instant that may be marked a no-show at `now`, inclusive: `now` itself. A host calls a guest
 * late once the booking's time has come, so a booking at 19:00 can be marked from 19:00:00.000 on. The server's SQL
 * compares the booking's instant to this with `<=`, and `canMarkNoShow` does the same, so both halves agree at the
 * exact minute.
 */
export const latestNoShowBooking = (now: Date): Date => now;

/** Whether staff may mark a booking a no-show at `now`: accepted, not already marked, and its time has come. */
export function canMarkNoShow(b: { status: BookingStatus; date: string | Date; noShow: boolean }, now: Date): boolean {
  return b.status === NO_SHOW_STATUS && !b.noShow && new Date(b.date).getTime() <= latestNoShowBooking(now).getTime();
}

/** The guest's history at the shop by phone, beside each booking on the console (never on the customers' API). */
export interface BookingGuest {
  /** Their bookings at this shop made before this one. */
  bookings: number;
  noShows: number;
  orders: number;
}
