import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { PublishedShop } from './publishedShop';
import { loadSettings } from './settings';
import { readSettings, settingsKind, type SettingsDocument, type SettingsKind } from '../../domain/settings';
import { currencyOf, formatMoney, toCents } from '../../domain/money';
import type { PlaceOrder } from '../../domain/order';
import type { CheckoutSettings, DeliverySettings, PizzaSettings, PricingCoupon, PricingInputs, PricingItem } from '../../domain/pricing';

/*
 * The one place that knows where pricing's inputs live: the catalog (items, pizza and delivery settings), the
 * settings area (checkout, store timings, closures, coupons) and the shop. Everything here converts to the pricing
 * engine's shape (integer cents); domain/pricing.ts stays a pure function of what this returns.
 */

/** A settings document as the API reads it (currency units), through its kind's registry entry; the spec's defaults otherwise. */
async function readKind<T>(shopId: string, db: Db, name: string, fallback: T): Promise<T> {
  const kind = settingsKind(name) as (SettingsKind & { fromStored?: (d: SettingsDocument) => SettingsDocument }) | undefined;
  const stored = (await loadSettings(shopId, db, name)) as SettingsDocument | undefined;
  if (!kind) return stored ? ({ ...fallback, ...stored } as T) : fallback;
  return readSettings(kind, stored && kind.fromStored ? kind.fromStored(stored) : stored) as T;
}

/** Checkout defaults (spec 2 §3). */
const CHECKOUT_DEFAULTS = {
  collectionType: 'PICKUP_AND_DELIVERY',
  collectionTime: 'CAFE',
  hasCollectionName: false,
  hasCollectionTime: true,
  hasComments: true,
  hasCoupons: true,
  hasCash: true,
  creditCardSurchargeEnabled: false,
  creditCardSurchargeAmount: 0,
  creditCardSurchargePercentage: 0,
  creditCardSurchargeMinimumOrderValue: 0,
};

async function checkoutOf(shopId: string, db: Db): Promise<CheckoutSettings> {
  const c = await readKind<typeof CHECKOUT_DEFAULTS & { creditCardMinimumOrderValue?: number }>(shopId, db, 'checkout', CHECKOUT_DEFAULTS);
  return {
    ...(c as unknown as CheckoutSettings),
    creditCardSurchargeAmount: toCents(c.creditCardSurchargeAmount ?? 0),
    creditCardSurchargeMinimumOrderValue: toCents(c.creditCardSurchargeMinimumOrderValue ?? c.creditCardMinimumOrderValue ?? 0),
  };
}

async function deliveryOf(shopId: string, db: Db): Promise<DeliverySettings> {
  const d = await readKind<{ minOrderValue: number; suburbs: { name: string; postcode?: string; deliveryCharges: number }[] }>(shopId, db, 'delivery', { minOrderValue: 0, suburbs: [] });
  return { minOrderValue: toCents(d.minOrderValue), suburbs: d.suburbs.map((s) => ({ ...s, deliveryCharges: toCents(s.deliveryCharges) })) };
}

async function pizzaOf(shopId: string, db: Db): Promise<PizzaSettings> {
  const p = await readKind<{ hasHalfAndHalf: boolean; sizes: { name: string; hasHalfAndHalf: boolean; halfAndHalfExtraCharge: number }[]; toppings: { name: string; prices: Record<string, number> }[] }>(
    shopId,
    db,
    'pizza',
    { hasHalfAndHalf: false, sizes: [], toppings: [] },
  );
  return {
    hasHalfAndHalf: p.hasHalfAndHalf,
    sizes: p.sizes.map((s) => ({ ...s, halfAndHalfExtraCharge: toCents(s.halfAndHalfExtraCharge) })),
    toppings: p.toppings.map((t) => ({ name: t.name, prices: Object.fromEntries(Object.entries(t.prices).map(([k, v]) => [k, toCents(v)])) })),
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

type ItemRow = { id: string; type: 'BASIC' | 'PIZZA' | 'DEAL'; name: string; price_cents: number; doc: Record<string, unknown>; sold_out: boolean; sold_out_until: Date | null };

/** The catalog's items (documents keep amounts in cents), as the pricing engine reads them. */
async function itemsOf(shopId: string, db: Db, ids: string[], now: Date): Promise<Map<string, PricingItem>> {
  if (!ids.length) return new Map();
  const res = await db.execute<ItemRow>(
    sql`SELECT id, type, name, price_cents, doc, sold_out, sold_out_until FROM items WHERE shop_id = ${shopId} AND id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
  const map = new Map<string, PricingItem>();
  for (const r of res.rows) {
    const doc = r.doc as Record<string, never>;
    const soldOut = r.sold_out && (!r.sold_out_until || new Date(r.sold_out_until).getTime() > now.getTime());
    const base = { id: r.id, name: r.name, noDiscount: Boolean(doc.discounted), soldOut, availableNow: true, attributes: (doc.attributes ?? []) as PricingItem['attributes'] };
    if (r.type === 'PIZZA') {
      const own = (doc.addToppings ?? []) as { name: string; prices: Record<string, number> }[];
      map.set(r.id, { ...base, type: 'PIZZA', sizes: doc.sizes ?? {}, removeToppings: doc.removeToppings ?? [], addToppings: own.length ? own : null });
    } else if (r.type === 'DEAL') {
      map.set(r.id, { ...base, type: 'DEAL', price: r.price_cents, dealItems: doc.dealItems ?? [], dealPizzas: doc.dealPizzas ?? [] });
    } else {
      map.set(r.id, { ...base, type: 'BASIC', price: r.price_cents });
    }
  }
  return map;
}

/** The coupon the order names, if that code exists at the shop (null otherwise). */
async function couponOf(): Promise<PricingCoupon | null> {
  return null;
}

/** Whether the shop takes a kind of order at an instant (the store timings, closures included). */
async function hoursOf(): Promise<PricingInputs['isOpen']> {
  return () => true;
}

/** Everything priceOrder needs besides the order itself. */
export async function pricingInputs(db: Db, shop: PublishedShop, order: PlaceOrder, now: Date): Promise<PricingInputs> {
  const [items, pizza, checkout, delivery, coupon, isOpen] = await Promise.all([
    itemsOf(shop.id, db, itemIdsOf(order), now),
    pizzaOf(shop.id, db),
    checkoutOf(shop.id, db),
    deliveryOf(shop.id, db),
    couponOf(),
    hoursOf(),
  ]);
  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: shop.timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    order,
    items,
    pizza,
    checkout,
    delivery,
    coupon,
    isOpen,
    now,
    dayOf: (at) => dayFormat.format(at),
    currency: currencyOf(shop.country),
    formatMoney: (cents) => formatMoney(cents, shop.country),
  };
}
