import type { Db } from '../../infra/db/client';
import { conflict } from '../../infra/http/errors';
import { addDays, isOpen, type ShopHours } from '../../../domain/hours';
import type { PricingInputs } from '../../../domain/pricing';
import {
  autoEta,
  firstSlotWithRoom,
  hasCapacity,
  hasRoom,
  kitchenMessages,
  kitchenOf,
  queueMinutes,
  SLOT_HORIZON_MS,
  SLOT_MS,
  SLOT_NEAR_MS,
  slotFullMessage,
  slotOf,
  type ServiceKitchen,
} from '../../../domain/kitchen';
import type { CollectionType } from '../../../domain/order';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { storedInstant } from '../../infra/db/storedInstant';
import type { OrderRow } from './repo';
import { slotLoads, type SlotChoices } from './repoKitchen';
import { toCents } from '../../../domain/money';
import { loadSettings } from '../../infra/db/settings';
import type { SlotRoom } from '../timings';

/** What the kitchen says about an order before it is placed: its slot, and whether and when it is accepted. */
export interface KitchenPlan {
  kitchen: ServiceKitchen;
  /** The slot it takes (start). */
  slot: Date;
  /** The ETA it is accepted with as it is placed, or null when the shop answers it by hand. */
  eta: { display: string; time: string } | null;
}

/**
 * The days an order may move to or be pointed at: an order wanted as soon as possible, or at a shop whose customers
 * order for the same day, stays on today (the shop's); otherwise up to the checkout's days ahead.
 */
export function bookableSlots(inputs: Pick<PricingInputs, 'checkout' | 'dayOf' | 'now'>, requested: Date | null) {
  const today = inputs.dayOf(inputs.now);
  const sameDay = requested === null || inputs.checkout.collectionTime === 'CAFE';
  const last = sameDay ? today : addDays(today, inputs.checkout.maxDaysAhead);
  return (at: Date) => inputs.dayOf(at) <= last;
}

/** The shop's kitchen settings for a collection type, from the placing read's `kitchen` document. */
export const kitchenSettings = (doc: unknown, type: CollectionType) => kitchenOf(readSettings(SETTINGS.kitchen, doc), type);

/**
 * The minutes added to an order's automatic ETA now, as the placing read found the shop: busy mode's, and the prep time
 * again while the orders-in-progress limit is reached (domain/kitchen.ts queueMinutes).
 */
export const addedMinutes = (
  doc: unknown,
  type: CollectionType,
  read: { busy: { extraMinutes: number }; inProgress: number },
  requested: Date | null,
) => read.busy.extraMinutes + queueMinutes(readSettings(SETTINGS.kitchen, doc), type, read.inProgress, requested);

export interface PlanInput {
  shopId: string;
  db: Pick<Db, 'execute'>;
  kitchen: ServiceKitchen;
  type: CollectionType;
  hours: ShopHours;
  now: Date;
  /** The collection time asked for; null: as soon as possible. */
  requested: Date | null;
  /** The minutes added to an automatic ETA now: busy mode's, and the orders-in-progress limit's (addedMinutes). */
  extraMinutes: number;
  /**
   * Whether a customer may order for a slot at all, as pricing judges a collection time (bookableSlots): the next
   * slot with room is only ever one of those.
   */
  bookable: (at: Date) => boolean;
  grandTotalCents: number;
}

/** The slot an order wants, whether a slot is one it may take, and the automatic ETA it gets in a slot. */
function slotRules(p: Omit<PlanInput, 'db'>) {
  const { kitchen, hours, now, requested } = p;
  const lead = kitchen.autoAccept ? kitchen.readyInMinutes + p.extraMinutes : 0;
  const wanted = slotOf(requested ?? new Date(now.getTime() + lead * 60_000), hours.timeZone);
  const service = p.type === 'PICKUP' ? 'pickup' : 'delivery';
  // The slot an order wanted now is in: pricing found the shop open (and a time asked for open and bookable);
  // later ones must be both themselves.
  const open = (at: Date) => at.getTime() === wanted.getTime() || (p.bookable(at) && isOpen(hours, service, at));
  const etaAt = (slot: Date) =>
    kitchen.autoAccept
      ? autoEta({ now, requested, minutes: kitchen.readyInMinutes + p.extraMinutes, slot: requested === null ? slot : null })
      : null;
  return { wanted, open, etaAt };
}

/**
 * The slot an order takes and its automatic ETA, as the loads read now say. With a capacity for its type, the
 * slots' loads are read: an order for a full slot is refused with a 409 naming the next one with room; one wanted as
 * soon as possible takes the earliest slot with room from the one it would be ready in. What the quote answers, and
 * what placing falls back on when the slots it offered (slotChoices) were all taken meanwhile.
 */
export async function planKitchen(p: PlanInput): Promise<KitchenPlan> {
  const { kitchen, hours, requested } = p;
  const { wanted, open, etaAt } = slotRules(p);
  let slot = wanted;
  if (hasCapacity(kitchen)) {
    // The next two hours' slots first; the rest of the horizon only when none of them has room.
    let found: Date | null = null;
    for (const span of [SLOT_NEAR_MS, SLOT_HORIZON_MS]) {
      const loads = await slotLoads(p.shopId, p.db, p.type, wanted, new Date(wanted.getTime() + span));
      found = firstSlotWithRoom(kitchen, wanted, loads, p.grandTotalCents, open, span);
      if (found) break;
    }
    // A time asked for is that slot or none: a full one is refused, naming the next with room.
    if (requested !== null && found?.getTime() !== wanted.getTime()) throw conflict(slotFullMessage(found, hours.timeZone), 'SLOT_FULL');
    if (!found) throw conflict(kitchenMessages.kitchenFull, 'SLOT_FULL');
    slot = found;
  }
  return { kitchen, slot, eta: etaAt(slot) };
}

/**
 * How many slots an order wanted now offers before anything is read: the common case finds room in the first, and
 * each one offered costs an opening-hours check here.
 */
const CHOICES = 4;

/**
 * The slots a placement offers the statement that inserts the order, without reading anything: the one it wants,
 * and for an order wanted as soon as possible the open ones of the hour after it, each with its
 * automatic ETA. The statement takes the first with room (repoKitchen.ts slotTakingCtes). `from`: a slot planKitchen
 * found instead (then that one alone).
 */
export function slotChoices(p: Omit<PlanInput, 'db'>, from?: Date): SlotChoices {
  const { wanted, open, etaAt } = slotRules(p);
  const slots = [from ?? wanted];
  if (!from && p.requested === null)
    for (let t = wanted.getTime() + SLOT_MS; t < wanted.getTime() + CHOICES * SLOT_MS; t += SLOT_MS)
      if (open(new Date(t))) slots.push(new Date(t));
  const { maxOrders, maxSales } = p.kitchen;
  return { slots, etas: slots.map(etaAt), maxOrders, maxSalesCents: maxSales === null ? null : toCents(maxSales) };
}

/**
 * When the customer can count on the order being ready, as far as placing it says: its automatic ETA, or for an
 * order wanted as soon as possible that a full kitchen moved to a later slot, that slot's start; null when the shop
 * will say (accepting it by hand).
 */
export function readyAtOf(
  o: Pick<OrderRow, 'status' | 'orderStatusRestaurant' | 'eta' | 'collectionTime' | 'kitchenSlot' | 'placedAt'>,
): string | null {
  if (o.status !== 'OK' || (o.orderStatusRestaurant !== 'NEW' && o.orderStatusRestaurant !== 'ACCEPTED')) return null;
  if (o.eta?.time) return o.eta.time;
  if (storedInstant(o.collectionTime) === null && o.kitchenSlot && o.kitchenSlot > o.placedAt) return o.kitchenSlot.toISOString();
  return null;
}

/** The same for a quote's plan (no order yet). */
export const readyAtOfPlan = (plan: KitchenPlan, requested: Date | null, now: Date) =>
  plan.eta?.time ?? (requested === null && plan.slot > now ? plan.slot.toISOString() : null);

/**
 * The hours answer's check (timings' slotRoom.ts): the slots of a collection type whose kitchen still has room for an
 * order, by the shop's capacity per slot; every slot when it has none.
 */
export const kitchenSlotRoom: SlotRoom = async (db, shopId, timeZone, service, slots) => {
  const type: CollectionType = service === 'pickup' ? 'PICKUP' : 'DELIVERY';
  const kitchen = kitchenSettings(await loadSettings(shopId, db, 'kitchen'), type);
  if (!hasCapacity(kitchen)) return slots;
  const starts = slots.map((s) => slotOf(s, timeZone));
  const from = new Date(Math.min(...starts.map((s) => s.getTime())));
  const to = new Date(Math.max(...starts.map((s) => s.getTime())) + SLOT_MS);
  const loads = await slotLoads(shopId, db, type, from, to);
  return slots.filter((_, i) => hasRoom(kitchen, loads.get(starts[i]!.getTime()), 0));
};
