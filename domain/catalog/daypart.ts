import { z } from 'zod';
import { DOWS, isOnOffer, nextOfferChange } from './availability';
import { format, messages } from '../messages';
import { TZDate } from '@date-fns/tz';
import { describeDayPart } from './dayPartWords';

export { clockTime, describeDayPart, describeDays } from './dayPartWords';

/*
 * A menu category's daypart: the days and the time of day it is offered (Breakfast 6:00–11:00 on weekdays). Written
 * once here: the storefront menu, the quote and the placement judge an order's collection time by it, and the console
 * and the ordering page describe it with the same words.
 */

const hhmm = z.string({ error: 'should be a time (HH:mm)' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'should be a time (HH:mm)' });

/** When a category is offered: on these days, from `from` to `to` (shop time; `to` before `from` runs past midnight). */
export const dayPartSchema = z
  .object({
    dows: z
      .array(z.enum(DOWS, { error: 'should be a day (MON … SUN)' }))
      .min(1, { error: messages.dayPartNoDays })
      .max(7),
    from: hhmm,
    to: hhmm,
  })
  .superRefine((d, ctx) => {
    if (d.from === d.to) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.dayPartEmpty });
    if (new Set(d.dows).size !== d.dows.length) ctx.addIssue({ code: 'custom', path: ['dows'], message: messages.dayPartRepeatedDay });
  });
export type DayPart = z.infer<typeof dayPartSchema>;

/** Is a category with this daypart (null: always) offered at `at`, in the shop's zone? */
export function offeredAt(part: DayPart | null | undefined, at: Date, timeZone: string): boolean {
  if (!part) return true;
  return isOnOffer(part.dows, { from: part.from, to: part.to }, at, timeZone);
}

/** The next instant after `now` at which a category with this daypart starts or stops being offered. */
export function nextDayPartChange(part: DayPart | null | undefined, now: Date, timeZone: string): Date | null {
  return part ? nextOfferChange(part.dows, { from: part.from, to: part.to }, now, timeZone) : null;
}

/** The wall-clock time of an instant in the shop's zone, as menus write it ('12:00'). */
export function localClockTime(at: Date, timeZone: string): string {
  const local = new TZDate(at.getTime(), timeZone);
  return `${local.getHours()}:${String(local.getMinutes()).padStart(2, '0')}`;
}

/** "Breakfast is offered 6:00–11:00 on weekdays; your order is for 12:00": why an order at `at` cannot hold its items. */
export function notOfferedMessage(category: string, part: DayPart, at: Date, timeZone: string): string {
  return format(messages.categoryNotOffered, { category, when: describeDayPart(part), time: localClockTime(at, timeZone) });
}

/** What a category needs for these rules: its name and daypart. */
export interface OfferedCategory {
  name: string;
  offered?: DayPart | null;
}

/**
 * Whether an item listed in `categories` may be ordered for `at`: it may when any of them is offered then (the same
 * coffee in Breakfast and All day). Null when it may; otherwise the category whose times to quote (the first).
 */
export function categoryRefusing(categories: readonly OfferedCategory[], at: Date, timeZone: string): OfferedCategory | null {
  if (categories.length === 0 || categories.some((c) => offeredAt(c.offered, at, timeZone))) return null;
  return categories[0];
}
