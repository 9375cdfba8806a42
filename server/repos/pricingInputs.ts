import { and, eq, inArray, sql } from 'drizzle-orm';
import { items, promotions } from '../db/schema';
import { isOnOffer, isSoldOut } from '../../domain/catalog/availability';
import { isOpen, localDate } from '../../domain/hours';
import { loadShopHours } from './hours';
import { promotionJson } from './promotions';
import type { Db } from '../db/client';
import type { PublishedShop } from './publishedShop';
import { loadSettings } from './settings';
import { readSettings, SETTINGS, type SettingsKind, type SettingsKindName } from '../../domain/settings';
import { currencyOf, formatMoney, toCents } from '../../domain/money';
import type { PlaceOrder } from '../../domain/order';
import {
  pricingCoupon,
  type CheckoutSettings as PricingCheckout,
  type DeliverySettings as PricingDelivery,
  type PizzaSettings as PricingPizza,
  type PricingCoupon,
  type PricingInputs,
  type PricingItem,
} from '../../domain/pricing';
import type { CheckoutSettings } from '../../domain/checkout';
import type { DeliverySettings } from '../../domain/catalog/delivery';
import type { PizzaSettings } from '../../domain/catalog/pizzaSettings';

/*
 * The one place that knows where pricing's inputs live: the catalog (items, pizza and delivery settings), the
 * settings area (checkout, store timings, closures, coupons) and the shop. Everything here converts to the pricing
 * engine's shape (integer cents); domain/pricing.ts stays a pure function of what this returns.
 */

/** A settings document as the API reads it (currency units, defaults filled), through its kind's registry entry. */
async function readKind<T>(shopId: string, db: Db, name: SettingsKindName): Promise<T> {
  return readSettings(SETTINGS[name] as unknown as SettingsKind, await loadSettings(shopId, db, name)) as T;
}

/** The checkout settings (settings area), money in cents. */
async function checkoutOf(shopId: string, db: Db): Promise<PricingCheckout> {
  const c = await readKind<CheckoutSettings>(shopId, db, 'checkout');
  return {
    ...c,
    creditCardSurchargeAmount: toCents(c.creditCardSurchargeAmount),
    creditCardSurchargeMinimumOrderValue: toCents(c.creditCardSurchargeMinimumOrderValue),
  };
}

/** The delivery info (catalog), money in cents. */
async function deliveryOf(shopId: string, db: Db): Promise<PricingDelivery> {
  const d = await readKind<DeliverySettings>(shopId, db, 'delivery');
  return { minOrderValue: toCents(d.minOrderValue), suburbs: d.suburbs.map((s) => ({ ...s, deliveryCharges: toCents(s.deliveryCharges) })) };
}

/** The pizza settings (catalog), money in cents. */
async function pizzaOf(shopId: string, db: Db): Promise<PricingPizza> {
  const p = await readKind<PizzaSettings>(shopId, db, 'pizza');
  return {
    hasHalfAndHalf: p.hasHalfAndHalf,
    sizes: p.sizes.map((s) => ({ ...s, halfAndHalfExtraCharge: toCents(s.halfAndHalfExtraCharge) })),
    toppings: p.toppings.map((t) => ({ name: t.name, availability: t.availability, prices: Object.fromEntries(Object.entries(t.prices).map(([k, v]) => [k, toCents(v)])) })),
  };
}

/** Every item id the cart names: lines, the halves of half-and-half pizzas, and the pizzas chosen in deals. */
export function itemIdsOf(order: PlaceOrder): string[] {
  const ids = new Set<string>();
  for (const l of order.items) {
    ids.add(l.itemId);
    for (const h of l.halves ?? []) if (h.pizzaId) ids.add(h.pizzaId);
    for (const dp of l.dealPizzas ?? []) for (const id of dp.pizzaIds) ids.add(id);
  }
  return [...ids];
}

/** The catalog's items (documents keep amounts in cents), as the pricing engine reads them at `now`. */
async function itemsOf(shop: PublishedShop, db: Db, ids: string[], now: Date): Promise<Map<string, PricingItem>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.shopId, shop.id), inArray(items.id, ids)));
  const map = new Map<string, PricingItem>();
  for (const r of rows) {
    const doc = r.doc as Record<string, never>;
    const base = {
      id: r.id,
      name: r.name,
      noDiscount: Boolean(doc.discounted),
      soldOut: isSoldOut({ soldOut: r.soldOut, until: r.soldOutUntil?.toISOString() ?? null }, now),
      availableNow: isOnOffer(doc.dows ?? [], doc.timeOfDayApplicable ?? null, now, shop.timezone),
      attributes: (doc.attributes ?? []) as PricingItem['attributes'],
    };
    if (r.type === 'PIZZA') {
      const own = (doc.addToppings ?? []) as Extract<PricingItem, { type: 'PIZZA' }>['addToppings'] & object;
      map.set(r.id, { ...base, type: 'PIZZA', sizes: doc.sizes ?? {}, removeToppings: doc.removeToppings ?? [], addToppings: own.length ? own : null });
    } else if (r.type === 'DEAL') {
      map.set(r.id, { ...base, type: 'DEAL', price: r.priceCents, dealItems: doc.dealItems ?? [], dealPizzas: doc.dealPizzas ?? [] });
    } else {
      map.set(r.id, { ...base, type: 'BASIC', price: r.priceCents });
    }
  }
  return map;
}

/**
 * The coupon the order names, if that code exists at the shop, judged by the settings area's rules for this customer:
 * their orders that went through before (previous order count) and those that used this code (redeemed count).
 */
async function couponOf(shop: PublishedShop, db: Db, order: PlaceOrder, now: Date): Promise<PricingCoupon | null> {
  if (!order.coupon) return null;
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.shopId, shop.id), eq(promotions.coupon, order.coupon)));
  if (!row) return null;
  const counts = await db.execute<{ previous: number; redeemed: number }>(sql`
    SELECT count(*)::int AS previous, count(*) FILTER (WHERE coupon = ${order.coupon})::int AS redeemed
    FROM orders WHERE shop_id = ${shop.id} AND mobile = ${order.mobile} AND status = 'OK' AND order_status_restaurant <> 'DECLINED'`);
  const { previous, redeemed } = counts.rows[0];
  return pricingCoupon(promotionJson(row), { previousOrderCount: previous, redeemedCount: redeemed }, now, shop.timezone);
}

/** Whether the shop takes a kind of order at an instant: the hours engine over its store timings and closures. */
async function hoursOf(shop: PublishedShop, db: Db, now: Date): Promise<PricingInputs['isOpen']> {
  const hours = await loadShopHours(shop.id, db, shop.timezone, localDate(now, shop.timezone), 2);
  return (type, at) => isOpen(hours, type === 'PICKUP' ? 'pickup' : 'delivery', at);
}

/** Everything priceOrder needs besides the order itself. */
export async function pricingInputs(db: Db, shop: PublishedShop, order: PlaceOrder, now: Date): Promise<PricingInputs> {
  // One after another: inside the placing transaction these share its one connection.
  const items = await itemsOf(shop, db, itemIdsOf(order), now);
  const pizza = await pizzaOf(shop.id, db);
  const checkout = await checkoutOf(shop.id, db);
  const delivery = await deliveryOf(shop.id, db);
  const coupon = await couponOf(shop, db, order, now);
  const isOpen = await hoursOf(shop, db, now);
  return {
    order,
    items,
    pizza,
    checkout,
    delivery,
    coupon,
    isOpen,
    now,
    dayOf: (at) => localDate(at, shop.timezone),
    currency: currencyOf(shop.country),
    formatMoney: (cents) => formatMoney(cents, shop.country),
  };
}
