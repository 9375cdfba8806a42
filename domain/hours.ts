import { tzOffset } from '@date-fns/tz';
import type { Closure, ClosureService } from './closures';
import { closeMinutes, SESSIONS_OF, type Service, type Timings } from './timings';
import { minutesOf, WEEKDAYS } from './weekdays';

/**
 * The hours engine: when a shop is open for pickup or delivery, in its own time zone. Pure (no clock, no I/O):
 * callers pass the instant. Rules:
 * - A session belongs to the day it starts: Friday 20:00 for 6 hours is Friday's session and runs to Saturday 02:00.
 * - Open and close are wall-clock times of the shop's zone. On daylight-saving days (23 or 25 hours) a wall time
 *   that never happens (02:30 when clocks jump to 03:00) moves forward by the jump, and one that happens twice
 *   (01:30 when clocks fall back) is its first occurrence. Nothing throws.
 * - A closure on a date replaces that date's sessions (closed, or special hours), for sessions starting that date.
 */
export interface ShopHours {
  timeZone: string;
  timings: Timings;
  closures: readonly Pick<Closure, 'date' | 'pickup' | 'delivery' | 'note'>[];
}

/** One opening of a service: [start, end) instants, and the shop-zone date it belongs to. */
export interface Opening {
  date: string;
  start: Date;
  end: Date;
  /** Special hours from a closure rather than the weekly grid. */
  special: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far nextOpening looks ahead before answering "not in the next year". */
const HORIZON_DAYS = 400;

/** Offsets already asked for, per zone and exact instant; dropped whole when it grows past OFFSETS_KEPT. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 20_000;
let offsetsHeld = 0;

/**
 * The zone's offset from UTC in minutes at an instant. Remembered: the engine asks for the same instants (midnights
 * and session edges of the same few days) again for every order and every menu read, and each answer from Intl
 * costs microseconds. Keyed by the exact instant, so a remembered answer is always the one Intl would give.
 */
function offsetAt(timeZone: string, ms: number): number {
  let zone = offsets.get(timeZone);
  const known = zone?.get(ms);
  if (known !== undefined) return known;
  if (offsetsHeld >= OFFSETS_KEPT) {
    offsets.clear();
    offsetsHeld = 0;
    zone = undefined;
  }
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const offset = tzOffset(timeZone, new Date(ms));
  zone.set(ms, offset);
  offsetsHeld++;
  return offset;
}

/** The shop-zone calendar date ('YYYY-MM-DD') of an instant. */
export function localDate(at: Date, timeZone: string): string {
  const wall = new Date(at.getTime() + offsetAt(timeZone, at.getTime()) * MINUTE);
  return wall.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' + n days (calendar arithmetic, no zone involved). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** Day of the week (0 = Sunday) of a 'YYYY-MM-DD'. */
const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The instant of a wall-clock time in the shop's zone: `minutes` after midnight of `date` (past 1440 is the next
 * day). A time in a spring-forward gap moves forward by the gap; a time that happens twice is the first one.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y!, m! - 1, d!, 0, minutes);
  const before = offsetAt(timeZone, naive - DAY);
  const after = offsetAt(timeZone, naive + DAY);
  const fits = [before, after].map((o) => naive - o * MINUTE).filter((t) => offsetAt(timeZone, t) * MINUTE === naive - t);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: read the wall time with the offset before the jump, which lands the same distance after it.
  return new Date(naive - before * MINUTE);
}

/** The instant a shop-zone day starts (its 00:00, or the first minute after a midnight gap). */
export const startOfDay = (date: string, timeZone: string) => zonedInstant(date, 0, timeZone);
/** The last millisecond of a shop-zone day (for date ranges such as a coupon's end date). */
export const endOfDay = (date: string, timeZone: string) => new Date(zonedInstant(addDays(date, 1), 0, timeZone).getTime() - 1);

const closureOf = (hours: ShopHours, date: string) => hours.closures.find((c) => c.date === date);

function span(date: string, openMinutes: number, durationHours: number, timeZone: string, special: boolean): Opening | null {
  if (durationHours <= 0) return null;
  const start = zonedInstant(date, openMinutes, timeZone);
  const end = zonedInstant(date, openMinutes + Math.round(durationHours * 60), timeZone);
  return end > start ? { date, start, end, special } : null;
}

/** The openings of a service that start on a shop-zone date, in time order (closures applied). */
export function openingsOn(hours: ShopHours, service: Service, date: string): Opening[] {
  const closure = closureOf(hours, date);
  const rule: ClosureService = closure ? closure[service] : false;
  if (rule === true) return [];
  if (rule !== false) {
    const one = span(date, minutesOf(rule.open), rule.duration, hours.timeZone, true);
    return one ? [one] : [];
  }
  const day = hours.timings[WEEKDAYS[dayOfWeek(date)]!];
  return SESSIONS_OF[service]
    .map((key) => day[key])
    .filter((s) => s.available)
    .map((s) => span(date, minutesOf(s.open), (closeMinutes(s) - minutesOf(s.open)) / 60, hours.timeZone, false))
    .filter((o): o is Opening => o !== null)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Openings starting from the day before `from` (a session past midnight) through `days` shop-zone days. */
function openingsAround(hours: ShopHours, service: Service, from: Date, days: number): Opening[] {
  const first = addDays(localDate(from, hours.timeZone), -1);
  const out: Opening[] = [];
  for (let i = 0; i <= days; i++) out.push(...openingsOn(hours, service, addDays(first, i)));
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The opening a service is in at instant `at`, or null when it is closed then. */
export function openingAt(hours: ShopHours, service: Service, at: Date): Opening | null {
  return openingsAround(hours, service, at, 1).find((o) => o.start <= at && at < o.end) ?? null;
}

/** Is the shop open for `service` at instant `at`? */
export const isOpen = (hours: ShopHours, service: Service, at: Date) => openingAt(hours, service, at) !== null;

/**
 * When the service next opens at or after `from`: `from` itself when it is open then; null when nothing opens in
 * the next ~400 days (no session available, or closed throughout).
 */
export function nextOpening(hours: ShopHours, service: Service, from: Date): Date | null {
  if (isOpen(hours, service, from)) return from;
  let date = localDate(from, hours.timeZone);
  for (let i = 0; i < HORIZON_DAYS; i++, date = addDays(date, 1)) {
    const next = openingsOn(hours, service, date).find((o) => o.start >= from);
    if (next) return next.start;
  }
  return null;
}

interface SlotOptions {
  /** Minutes between slots (15 by default). */
  stepMinutes?: number;
  /** Minutes the shop needs before the first slot (a collection can't be sooner than now + lead). */
  leadMinutes?: number;
  /** Shop-zone days to cover, counting the day of `from` (1 by default: what is left of today). */
  days?: number;
  /** At most this many slots (200 by default). */
  limit?: number;
}

/**
 * Collection slots from instant `from`: every `stepMinutes` from each opening's start (open 10:00 → 10:00, 10:15,
 * …), at or after from + lead and before the opening ends, over `days` days, in time order.
 */
export function collectionSlots(hours: ShopHours, service: Service, from: Date, options: SlotOptions = {}): Date[] {
  const { stepMinutes = 15, leadMinutes = 0, days = 1, limit = 200 } = options;
  const step = Math.max(1, Math.round(stepMinutes)) * MINUTE;
  const earliest = from.getTime() + leadMinutes * MINUTE;
  const lastDate = addDays(localDate(from, hours.timeZone), Math.max(1, days) - 1);
  const out: Date[] = [];
  for (const o of openingsAround(hours, service, from, Math.max(1, days))) {
    if (o.date > lastDate) break;
    const begin = o.start.getTime();
    const skip = Math.max(0, Math.ceil((earliest - begin) / step));
    for (let t = begin + skip * step; t < o.end.getTime(); t += step) {
      if (out.length >= limit) return out;
      if (out.length === 0 || t > out[out.length - 1]!.getTime()) out.push(new Date(t));
    }
  }
  return out;
}

/** Collection times are the shop's quarter hours (what collectionSlots offers by default). */
export const COLLECTION_SLOT_MINUTES = 15;

/**
 * The slots either side of an instant that is not on one of the shop's quarter hours (wall-clock minutes 00, 15, 30,
 * 45 in its zone, so a zone half an hour off UTC has its own), or null when it is on one.
 */
export function slotsAround(at: Date, timeZone: string): [Date, Date] | null {
  const step = COLLECTION_SLOT_MINUTES * MINUTE;
  const local = at.getTime() + tzOffset(timeZone, at) * MINUTE;
  const past = ((local % step) + step) % step;
  if (past === 0) return null;
  const before = new Date(at.getTime() - past);
  return [before, new Date(before.getTime() + step)];
}
