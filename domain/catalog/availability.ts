import { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { localDate, nextOpening, openingAt, openingsOn, type ShopHours } from '../hours';
import { SERVICES } from '../timings';
import { requiredMsg } from '../validation';
import { instant } from '../dateSchemas';
import { messages } from '../messages';

/**
 * Sold-out state of an item, an attribute value or a topping: sold out until an instant (it returns by itself) or,
 * with no `until`, until put back by hand.
 */
export const availabilitySchema = z.object({
  soldOut: z.boolean().default(false),
  until: instant('until').nullable().default(null),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The spans the board offers besides a date: an hour from now, or until the shop closes today (untilClose). */
export const SOLD_OUT_SPANS = ['HOUR', 'CLOSE'] as const;
export type SoldOutSpan = (typeof SOLD_OUT_SPANS)[number];

/**
 * What a seller sends to sell something out or put it back (items, their choices, the shop's pizza toppings):
 * `until` returns it by itself, `today` asks the server for the shop's next opening (soldOutForToday), `for` for an
 * hour on the server's clock or until today's close (untilClose); none of them keeps it sold out until put back. Each
 * route adds what it names and checks availabilityRules.
 */
export const availabilityRequest = {
  soldOut: z.boolean({ error: requiredMsg('Sold out') }),
  until: instant('until').nullable().optional(),
  today: z.boolean().optional(),
  for: z.enum(SOLD_OUT_SPANS, { error: 'should be HOUR or CLOSE' }).optional(),
};
export function availabilityRules(
  b: { soldOut: boolean; until?: string | null; today?: boolean; for?: SoldOutSpan },
  ctx: z.RefinementCtx,
) {
  if (b.today && (b.until || !b.soldOut))
    ctx.addIssue({ code: 'custom', path: ['today'], message: 'Give either today or until, with soldOut true' });
  if (b.for && (b.until || b.today || !b.soldOut)) ctx.addIssue({ code: 'custom', path: ['for'], message: messages.soldOutChoiceOne });
}

/**
 * When "sold out until close" ends: the latest end of the shop's openings of today (pickup or delivery, closures
 * and special hours included) still running or to come, so a split lunch and dinner day lasts to the dinner close;
 * the start of the next day when nothing is left of today's hours.
 */
export function untilClose(now: Date, hours: ShopHours): Date {
  const today = localDate(now, hours.timeZone);
  const ends = SERVICES.flatMap((s) => [openingAt(hours, s, now), ...openingsOn(hours, s, today)])
    .filter((o) => o !== null && o.end > now)
    .map((o) => o!.end.getTime());
  return ends.length ? new Date(Math.max(...ends)) : endOfShopDay(now, hours.timeZone);
}

/** True while the thing is sold out at `now`; a sold-out period whose `until` has passed is over. */
export function isSoldOut(a: Availability | undefined, now: Date): boolean {
  if (!a?.soldOut) return false;
  return a.until === null || new Date(a.until).getTime() > now.getTime();
}

/** The next instant after `now` at which the wall clock of `timeZone` reads `hhmm` (today's, or tomorrow's). */
function nextLocalTime(now: Date, timeZone: string, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const local = new TZDate(now.getTime(), timeZone);
  let at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), h, m, 0, 0, timeZone);
  if (at.getTime() <= now.getTime()) at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, h, m, 0, 0, timeZone);
  return new Date(at.getTime());
}

/** The start of the shop's next day in its time zone. */
export function endOfShopDay(now: Date, timeZone: string): Date {
  return nextLocalTime(now, timeZone, '00:00');
}

/**
 * When "sold out for the rest of today" ends: the shop's next opening after today, for pickup or delivery, whichever
 * comes first (closures and special hours included), so the item is back when the doors open rather than at a
 * midnight nobody sees; the start of the next day when the shop has no opening hours at all.
 */
export function soldOutForToday(now: Date, hours: ShopHours): Date {
  const tomorrow = endOfShopDay(now, hours.timeZone);
  const openings = SERVICES.map((s) => nextOpening(hours, s, tomorrow)).filter((d): d is Date => d !== null);
  return openings.length ? new Date(Math.min(...openings.map((d) => d.getTime()))) : tomorrow;
}

export const DOWS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Dow = (typeof DOWS)[number];

/** The day of week and HH:mm that the shop's wall clock shows at `now`. */
function localClock(now: Date, timeZone: string): { dow: Dow; hhmm: string } {
  const local = new TZDate(now.getTime(), timeZone);
  const dow = DOWS[(local.getDay() + 6) % 7];
  const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
  return { dow, hhmm };
}

export interface TimeWindow {
  from: string;
  to: string;
}

/**
 * Whether an item offered on `dows` during `window` (local HH:mm, `to` exclusive; a window whose end is before its
 * start runs past midnight and belongs to the day it starts on) is on offer at `now` in the shop's zone. An empty
 * day list and a null window put no limit.
 */
export function isOnOffer(dows: readonly Dow[], window: TimeWindow | null, now: Date, timeZone: string): boolean {
  const { dow, hhmm } = localClock(now, timeZone);
  const dayOk = (d: Dow) => dows.length === 0 || dows.includes(d);
  if (!window) return dayOk(dow);
  const { from, to } = window;
  if (from === to) return dayOk(dow);
  if (from < to) return dayOk(dow) && hhmm >= from && hhmm < to;
  if (hhmm >= from) return dayOk(dow);
  const yesterday = DOWS[(DOWS.indexOf(dow) + 6) % 7];
  return hhmm < to && dayOk(yesterday);
}

/** The next instant after `now` at which isOnOffer can change for these limits, or null when it never does. */
export function nextOfferChange(dows: readonly Dow[], window: TimeWindow | null, now: Date, timeZone: string): Date | null {
  const times = new Set<string>();
  if (dows.length > 0 && dows.length < 7) times.add('00:00');
  if (window && window.from !== window.to) {
    times.add(window.from);
    times.add(window.to);
  }
  let next: Date | null = null;
  for (const t of times) {
    const at = nextLocalTime(now, timeZone, t);
    if (!next || at < next) next = at;
  }
  return next;
}

/** The end of a sold-out period still running at `now`, if it has one (that instant changes what customers see). */
export function soldOutEnds(a: Availability | undefined, now: Date): Date | null {
  if (!a?.soldOut || a.until === null) return null;
  const until = new Date(a.until);
  return until.getTime() > now.getTime() ? until : null;
}
