import { z } from 'zod';
import { formatTimeOfDay } from './dates';
import { COLLECTION_SLOT_MINUTES, slotsAround } from './hours';
import { format } from './messages';
import { fromCents, toCents } from './money';
import { etaLabel, type CollectionType } from './order';

/**
 * The `kitchen` settings kind: per collection type, whether orders are accepted as they are placed (ready in N
 * minutes), and how much the kitchen takes per 15-minute slot (at most N orders, at most this much of sales). Both
 * off by default: a shop answers its orders by hand and takes as many as come.
 */
export const READY_IN_MINUTES = { min: 5, max: 120 } as const;
export const SLOT_ORDERS = { min: 1, max: 500 } as const;
export const SLOT_SALES = { min: 1, max: 100_000 } as const;
export const IN_PROGRESS_LIMIT = { min: 1, max: 200 } as const;

export const kitchenMessages = {
  readyIn: `Ready in should be a whole number of minutes from ${READY_IN_MINUTES.min} to ${READY_IN_MINUTES.max}`,
  maxOrders: `Orders per slot should be a whole number from ${SLOT_ORDERS.min} to ${SLOT_ORDERS.max}, or empty for no limit`,
  maxSales: `Sales per slot should be from ${SLOT_SALES.min} to ${SLOT_SALES.max} with at most two decimals, or empty for no limit`,
  inProgressLimit:
    `Orders in progress should be a whole number from ${IN_PROGRESS_LIMIT.min} to ${IN_PROGRESS_LIMIT.max}, ` + 'or empty for no limit',
  slotFull: 'That time is full. The next time with room is %{time}.',
  slotFullNone: 'That time is full, and no later time you can order for has room.',
  kitchenFull: 'The kitchen is full for the rest of the day; please order for a later day or try again later.',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const serviceKitchen = z.object({
  autoAccept: z.boolean({ error: 'Accept automatically should be on or off' }),
  readyInMinutes: whole(READY_IN_MINUTES.min, READY_IN_MINUTES.max, kitchenMessages.readyIn),
  maxOrders: whole(SLOT_ORDERS.min, SLOT_ORDERS.max, kitchenMessages.maxOrders).nullable(),
  /** Currency units on the API; cents when stored. */
  maxSales: z
    .number({ error: kitchenMessages.maxSales })
    .min(SLOT_SALES.min, { error: kitchenMessages.maxSales })
    .max(SLOT_SALES.max, { error: kitchenMessages.maxSales })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: kitchenMessages.maxSales })
    .nullable(),
});
export type ServiceKitchen = z.infer<typeof serviceKitchen>;

export const kitchenSchema = z.object({
  pickup: serviceKitchen,
  delivery: serviceKitchen,
  /**
   * The orders-in-progress limit, for the shop rather than per collection type: one kitchen cooks pickup and delivery
   * orders alike, so both fill the same queue. Absent from documents saved before it existed, and from a client that
   * never sends it: no limit.
   */
  inProgressLimit: whole(IN_PROGRESS_LIMIT.min, IN_PROGRESS_LIMIT.max, kitchenMessages.inProgressLimit).nullable().default(null),
});
export type KitchenSettings = z.infer<typeof kitchenSchema>;

const OFF: ServiceKitchen = { autoAccept: false, readyInMinutes: 20, maxOrders: null, maxSales: null };
export const defaultKitchen: KitchenSettings = { pickup: OFF, delivery: OFF, inProgressLimit: null };

const mapSales = (doc: Record<string, unknown>, f: (v: number) => number) =>
  Object.fromEntries(
    Object.entries(doc).map(([k, v]) => {
      if (!v || typeof v !== 'object') return [k, v];
      const s = v as Record<string, unknown>;
      return [k, typeof s.maxSales === 'number' ? { ...s, maxSales: f(s.maxSales) } : s];
    }),
  );
export const kitchenToStored = (k: KitchenSettings) => mapSales(k, toCents);
export const kitchenFromStored = (stored: Record<string, unknown>) => mapSales(stored, fromCents);

/** The settings of one collection type. */
export const kitchenOf = (k: KitchenSettings, type: CollectionType): ServiceKitchen => (type === 'PICKUP' ? k.pickup : k.delivery);

/** Whether a collection type's slots have a limit at all. */
export const hasCapacity = (s: ServiceKitchen) => s.maxOrders !== null || s.maxSales !== null;

const MINUTE = 60_000;
export const SLOT_MS = COLLECTION_SLOT_MINUTES * MINUTE;
/** How far ahead a full slot looks for the next one with room. */
export const SLOT_HORIZON_MS = 2 * 24 * 60 * MINUTE;
/** The slots counted first: most orders find room within them, and counting them is what every order waits on. */
export const SLOT_NEAR_MS = 8 * SLOT_MS;

/** The start of the shop-zone quarter hour an instant falls in (whole minutes; seconds dropped). */
export function slotOf(at: Date, timeZone: string): Date {
  const minute = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
  return slotsAround(minute, timeZone)?.[0] ?? minute;
}

/** What a slot already holds: NEW and ACCEPTED orders that went through. */
export interface SlotLoad {
  orders: number;
  salesCents: number;
}

/**
 * Whether a slot has room for one more order of `salesCents` (0: any order at all, as the hours answer asks). An
 * empty slot takes any order, so one order larger than the sales limit is not refused everywhere.
 */
export function hasRoom(s: ServiceKitchen, load: SlotLoad | undefined, salesCents: number): boolean {
  const orders = load?.orders ?? 0;
  const sales = load?.salesCents ?? 0;
  if (s.maxOrders !== null && orders + 1 > s.maxOrders) return false;
  if (s.maxSales !== null && orders > 0 && sales + Math.max(salesCents, 1) > toCents(s.maxSales)) return false;
  return true;
}

/**
 * The first slot from `first` (a slot start) within the horizon (or `spanMs`) that is open and has room, or null.
 * `loads` by slot start in milliseconds.
 */
export function firstSlotWithRoom(
  s: ServiceKitchen,
  first: Date,
  loads: ReadonlyMap<number, SlotLoad>,
  salesCents: number,
  isOpen: (at: Date) => boolean,
  /** How far from `first` to look (the horizon by default). */
  spanMs = SLOT_HORIZON_MS,
): Date | null {
  const end = first.getTime() + spanMs;
  for (let t = first.getTime(); t < end; t += SLOT_MS) {
    const at = new Date(t);
    if (isOpen(at) && hasRoom(s, loads.get(t), salesCents)) return at;
  }
  return null;
}

/** The refusal of an order sent for a full slot, naming the next one with room in the shop's zone. */
export const slotFullMessage = (next: Date | null, timeZone: string) =>
  next ? format(kitchenMessages.slotFull, { time: formatTimeOfDay(next, timeZone) }) : kitchenMessages.slotFullNone;

/**
 * The ready time of an order accepted as it is placed: the later of the time asked for, now + the minutes the shop
 * set (+ busy mode's) and the start of the slot it takes.
 */
export function autoEta(opts: { now: Date; requested: Date | null; minutes: number; slot: Date | null }): {
  display: string;
  time: string;
} {
  const soonest = opts.now.getTime() + opts.minutes * MINUTE;
  const requested = opts.requested?.getTime() ?? -Infinity;
  const time = Math.max(soonest, requested, opts.slot?.getTime() ?? -Infinity);
  if (opts.requested && time === requested) return { display: 'As Requested', time: opts.requested.toISOString() };
  const minutes = Math.round((time - opts.now.getTime()) / MINUTE);
  return { display: etaLabel(minutes), time: new Date(time).toISOString() };
}

/**
 * Scheduled orders. The prep time of a collection type is its "Ready in" minutes (the kitchen kind's readyInMinutes,
 * 20 unless the shop set it): what the kitchen needs between starting an order and handing it over, whether it
 * accepts orders by hand or automatically. An order asked for a time later than now + the prep time waits in the
 * board's Scheduled column and reaches the kitchen (rings, or chimes when accepted, and prints) at that time minus
 * the prep time; every other order reaches the kitchen as it is placed. Placing decides it (kitchenHoldUntil); the
 * schedule sweep releases it at the time placing stored; the board and the customer's page read that time.
 */
export const prepMinutes = (s: Pick<ServiceKitchen, 'readyInMinutes'>) => s.readyInMinutes;

/**
 * The orders-in-progress limit's minutes for an order: while the shop has `inProgress` orders in the kitchen (accepted,
 * not completed, not waiting in Scheduled: the board's In progress column, ready ones included, as they are not
 * handed over yet) and that is at least its limit, an order wanted as soon as possible is quoted later by its
 * collection type's prep time. Added where busy mode's minutes are (an automatic ETA and the slot it leads to); an
 * order for a time asked for, or with no limit set, gets none.
 */
export function queueMinutes(k: KitchenSettings, type: CollectionType, inProgress: number, requested: Date | null): number {
  if (requested !== null || k.inProgressLimit === null || inProgress < k.inProgressLimit) return 0;
  return prepMinutes(kitchenOf(k, type));
}

/** When a scheduled order reaches the kitchen, or null when it goes to the kitchen now (see prepMinutes). */
export function kitchenHoldUntil(opts: { now: Date; requested: Date | null; prepMinutes: number }): Date | null {
  if (!opts.requested) return null;
  const due = opts.requested.getTime() - opts.prepMinutes * MINUTE;
  return due > opts.now.getTime() ? new Date(due) : null;
}
