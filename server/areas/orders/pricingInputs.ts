import { and, eq, sql } from 'drizzle-orm';
import { storedInstant } from '../../infra/db/storedInstant';
import { isUuid } from '../../infra/auth/guard';
import type { Closure } from '../../../domain/closures';
import { addDays, isOpen, localDate } from '../../../domain/hours';
import type { Db } from '../../infra/db/client';
import { param as p, prepared } from '../../infra/db/prepared';
import { tooManyRequests } from '../../infra/http/errors';
import { hitInStatement, secondsOver } from '../../infra/rateLimit';
import { shopNotFound, type PublishedShop } from '../../infra/storefront/publishedShop';
import { readSettings, SETTINGS, storedFromText, type SettingsKind, type SettingsKindName } from '../../../domain/settings';
import { currencyOf, formatMoney, toCents } from '../../../domain/money';
import type { PlaceOrder } from '../../../domain/order';
import { closureWindow, shopHours } from '../timings';
import { promotionJson, promotions } from '../promotions';
import { cardKeys, cardLedgerSubquery, placementCard, type PlacementCard } from '../loyalty';
import type { LedgerEntry } from '../../../domain/loyaltyCard';
import { customerMobileByCountry } from '../../../domain/contact';
import {
  pricingCoupon,
  type PricingCoupon,
  type CheckoutSettings as PricingCheckout,
  type DeliverySettings as PricingDelivery,
  type PizzaSettings as PricingPizza,
  type PricingInputs,
  type PricingItem,
} from '../../../domain/pricing';
import type { CheckoutSettings } from '../../../domain/checkout';
import type { DeliverySettings } from '../../../domain/catalog/delivery';
import type { PizzaSettings } from '../../../domain/catalog/pizzaSettings';

/*
 * The one place that knows where pricing's inputs live: the catalog (items, pizza and delivery settings), the
 * settings area (checkout, store timings, closures, coupons) and the shop. Everything here converts to the pricing
 * engine's shape (integer cents); domain/pricing.ts stays a pure function of what this returns.
 */

/** The settings documents pricing reads, and those placing an order reads besides: fetched together in one query. */
const PLACEMENT_KINDS = ['pizza', 'checkout', 'delivery', 'timings', 'transaction_fee', 'orders_busy', 'loyalty'] as const;
type PlacementDocs = Map<(typeof PLACEMENT_KINDS)[number], unknown>;

/** A settings document as the API reads it (currency units, defaults filled), through its kind's registry entry. */
function readKind<T>(docs: PlacementDocs, name: SettingsKindName & (typeof PLACEMENT_KINDS)[number]): T {
  return readSettings(SETTINGS[name] as unknown as SettingsKind, docs.get(name)) as T;
}

/** The checkout settings (settings area), money in cents. */
function checkoutOf(docs: PlacementDocs): PricingCheckout {
  const c = readKind<CheckoutSettings>(docs, 'checkout');
  return {
    ...c,
    creditCardSurchargeAmount: toCents(c.creditCardSurchargeAmount),
    creditCardSurchargeMinimumOrderValue: toCents(c.creditCardSurchargeMinimumOrderValue),
  };
}

/** The delivery info (catalog), money in cents. */
function deliveryOf(docs: PlacementDocs): PricingDelivery {
  const d = readKind<DeliverySettings>(docs, 'delivery');
  return {
    minOrderValue: toCents(d.minOrderValue),
    suburbs: d.suburbs.map((s) => ({ ...s, deliveryCharges: toCents(s.deliveryCharges) })),
  };
}

/** The pizza settings (catalog), money in cents. */
function pizzaOf(docs: PlacementDocs): PricingPizza {
  const p = readKind<PizzaSettings>(docs, 'pizza');
  return {
    active: p.active,
    hasHalfAndHalf: p.hasHalfAndHalf,
    sizes: p.sizes.map((s) => ({ ...s, halfAndHalfExtraCharge: toCents(s.halfAndHalfExtraCharge) })),
    toppings: p.toppings.map((t) => ({
      name: t.name,
      availability: t.availability,
      prices: Object.fromEntries(Object.entries(t.prices).map(([k, v]) => [k, toCents(v)])),
    })),
  };
}

/** Every item id the cart names: lines, the halves of half-and-half pizzas, and the pizzas chosen in deals. */
function itemIdsOf(order: PlaceOrder): string[] {
  const ids = new Set<string>();
  for (const l of order.items) {
    ids.add(l.itemId);
    for (const h of l.halves ?? []) if (h.pizzaId) ids.add(h.pizzaId);
    for (const dp of l.dealPizzas ?? []) for (const id of dp.pizzaIds) ids.add(id);
  }
  return [...ids];
}

/** An item as placement reads it: only what pricing uses. */
interface ItemRow {
  id: string;
  type: 'BASIC' | 'PIZZA' | 'DEAL';
  name: string;
  priceCents: number;
  doc: Record<string, never>;
  soldOut: boolean;
  soldOutUntil: string | null;
  /** Listed in one of the menu document's categories. */
  inMenu: boolean;
}

/** The catalog's items (documents keep amounts in cents) as the pricing engine reads them. */
function itemsOf(rows: ItemRow[]): Map<string, PricingItem> {
  const map = new Map<string, PricingItem>();
  for (const r of rows) {
    const doc = r.doc;
    const base = {
      id: r.id,
      name: r.name,
      noDiscount: Boolean(doc.discounted),
      inMenu: r.inMenu,
      availability: { soldOut: r.soldOut, until: storedInstant(r.soldOutUntil ? new Date(r.soldOutUntil) : null) },
      dows: doc.dows ?? [],
      timeOfDayApplicable: doc.timeOfDayApplicable ?? null,
      attributes: (doc.attributes ?? []) as PricingItem['attributes'],
    };
    if (r.type === 'PIZZA') {
      const own = (doc.addToppings ?? []) as Extract<PricingItem, { type: 'PIZZA' }>['addToppings'] & object;
      map.set(r.id, {
        ...base,
        type: 'PIZZA',
        sizes: doc.sizes ?? {},
        removeToppings: doc.removeToppings ?? [],
        addToppings: own.length ? own : null,
      });
    } else if (r.type === 'DEAL') {
      map.set(r.id, { ...base, type: 'DEAL', price: r.priceCents, dealItems: doc.dealItems ?? [], dealPizzas: doc.dealPizzas ?? [] });
    } else {
      map.set(r.id, { ...base, type: 'BASIC', price: r.priceCents });
    }
  }
  return map;
}

/** The per-mobile order limit: at most `limit` orders of one mobile at a shop in `windowSeconds`. */
interface MobileLimit {
  limit: number;
  windowSeconds: number;
}

/** The per-IP limit of placing orders, counted in the placement's own statement (the key is the caller's IP). */
export interface IpLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

const placementQuery = prepared<
  Partial<PublishedShop> & {
    ipHits: number | null;
    ipWindowStart: string | null;
    docs: Record<string, string>;
    items: ItemRow[];
    closures: Closure[];
    mobileFullSince: string | null;
    loyaltyLedger: LedgerEntry[];
  }
>(
  'placement_read',
  () => sql`
    WITH hit AS (${hitInStatement(p('ipKey'), p('now'), p('ipWindowSeconds'))})
    SELECT (SELECT count FROM hit) AS "ipHits", (SELECT window_start FROM hit) AS "ipWindowStart",
      s.id, s.name, s.country, s.timezone,
      (SELECT coalesce(json_object_agg(kind, value::text), '{}') FROM shop_settings
        WHERE shop_id = s.id AND kind = ANY(${p('kinds')}::text[])) AS docs,
      (SELECT coalesce(json_agg(json_build_object('id', i.id, 'type', i.type, 'name', i.name, 'priceCents', i.price_cents, 'doc', i.doc,
          'soldOut', i.sold_out, 'soldOutUntil', i.sold_out_until,
          'inMenu', coalesce(jsonb_path_exists(m.value, '$.categories[*].itemIds[*] ? (@ == $id)',
            jsonb_build_object('id', i.id::text)), false))), '[]')
        FROM items i LEFT JOIN shop_settings m ON m.shop_id = s.id AND m.kind = 'menu'
        WHERE i.shop_id = s.id AND i.id = ANY(${p('ids')}::uuid[])) AS items,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'date', date, 'note', note, 'pickup', pickup, 'delivery', delivery)
          ORDER BY date), '[]')
        FROM shop_closures WHERE shop_id = s.id AND date BETWEEN ${p('from')}::date AND ${p('to')}::date) AS closures,
      (SELECT placed_at FROM orders WHERE shop_id = s.id AND mobile = (${p('mobiles')}::jsonb ->> s.country)
        AND placed_at > ${p('since')}::timestamptz
        ORDER BY placed_at DESC OFFSET ${p('limit')}::int - 1 LIMIT 1) AS "mobileFullSince",
      ${cardLedgerSubquery(sql`s.id`, sql`(${p('cardKeys')}::jsonb ->> s.country)`)} AS "loyaltyLedger"
    FROM (SELECT 1) AS one LEFT JOIN shops s ON s.id = ${p('shopId')} AND s.listing_status = 'PUBLISHED'`,
);

/**
 * The shop (while PUBLISHED, as publishedShop answers it), its settings documents, the cart's items (with whether the
 * menu lists them), the closures around the instant the order is for, and whether the mobile is at its order limit,
 * in one round trip that also counts the request against its IP's limit (429 over it, before the shop is judged):
 * placing an order is the hottest write of the platform, and on a loaded machine each statement's socket write costs
 * as much as its work.
 */
async function readPlacement(db: Db, shopId: string, order: PlaceOrder, now: Date, mobileLimit: MobileLimit, ipLimit: IpLimit | null) {
  // An id that is not a UUID names no item (pricing refuses it as unknown); PostgreSQL would refuse the whole query.
  const ids = itemIdsOf(order).filter(isUuid);
  // Pricing asks the hours engine about one instant: now, or the collection time asked for (however far ahead). The
  // engine looks at the shop's date of it and the day before (a session past midnight); the shop's date is within a
  // day of UTC's, so two days before the instant's UTC date to the day after cover them before the zone is known.
  const at = order.collectionTime === null ? now : new Date(order.collectionTime);
  const window = closureWindow(addDays(at.toISOString().slice(0, 10), -1), 1);
  const since = new Date(now.getTime() - mobileLimit.windowSeconds * 1000);
  const [row] = await placementQuery.run(db, {
    shopId,
    kinds: PLACEMENT_KINDS,
    ids,
    from: window.from,
    to: window.to,
    mobiles: JSON.stringify(customerMobileByCountry(order.mobile)),
    since,
    limit: mobileLimit.limit,
    cardKeys: JSON.stringify(cardKeys(order.mobile)),
    ipKey: ipLimit?.key ?? null,
    ipWindowSeconds: ipLimit?.windowSeconds ?? 0,
    now,
  });
  const { ipHits, ipWindowStart, docs, items, closures, mobileFullSince, loyaltyLedger, ...found } = row!;
  if (ipLimit && ipHits !== null && ipWindowStart !== null) {
    const wait = secondsOver({ count: ipHits, window_start: ipWindowStart }, ipLimit.limit, ipLimit.windowSeconds, now);
    if (wait) throw tooManyRequests(wait);
  }
  if (!found.id) throw shopNotFound(shopId);
  const shop = found as PublishedShop;
  // The mobile may order again once the oldest of its last `limit` orders leaves the window.
  const mobileFullUntil =
    mobileFullSince === null ? null : new Date(new Date(mobileFullSince).getTime() + mobileLimit.windowSeconds * 1000);
  // As text: each document is parsed and checked once per distinct text (storedFromText), not on every order.
  const placementDocs: PlacementDocs = new Map(PLACEMENT_KINDS.map((kind) => [kind, storedFromText(docs[kind])]));
  return { shop, docs: placementDocs, items, closures, mobileFullUntil, loyaltyLedger };
}

/**
 * What the settings area's rules judge of a customer for a coupon: their orders that went through before (previous
 * order count) and those that used this code (redeemed).
 */
async function couponCustomer(db: Db, shopId: string, mobile: string, code: string) {
  // Orders keep the mobile as customerMobile reads it in the shop's country, learnt in the same statement.
  const mobiles = JSON.stringify(customerMobileByCountry(mobile));
  const counts = await db.execute<{ previous: number; redeemed: number }>(sql`
    SELECT count(*)::int AS previous, count(*) FILTER (WHERE coupon = ${code})::int AS redeemed
    FROM orders WHERE shop_id = ${shopId}
      AND mobile = (${mobiles}::jsonb ->> (SELECT country FROM shops WHERE id = ${shopId}))
      AND status = 'OK' AND order_status_restaurant <> 'DECLINED'`);
  const { previous, redeemed } = counts.rows[0];
  return { previousOrderCount: previous, redeemedCount: redeemed };
}

/** The coupon the order names, if that code exists at the shop, with what its rules judge for this customer. */
async function readCoupon(db: Db, shopId: string, order: PlaceOrder) {
  if (!order.coupon) return null;
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.shopId, shopId), eq(promotions.coupon, order.coupon)));
  if (!row) return null;
  return { row, counts: await couponCustomer(db, shopId, order.mobile, order.coupon) };
}

/**
 * A coupon with a limit per customer (first order only, max redeems), judged on counts read before anything was
 * locked: placing the order judges it again under the customer's coupon lock (placeOrder.ts).
 */
interface LimitedCoupon {
  code: string;
  /** The coupon judged on this customer's orders as `db` sees them now. */
  judgeAgain(db: Db): Promise<PricingCoupon>;
}

interface Placement {
  shop: PublishedShop;
  inputs: PricingInputs;
  /** The PLACEMENT_KINDS documents, for what placing reads besides pricing. */
  docs: PlacementDocs;
  /** When the mobile is at its order limit (MobileLimit): when it may order again; null when it may now. */
  mobileFullUntil: Date | null;
  limitedCoupon: LimitedCoupon | null;
  /** The customer's loyalty card, read before anything is locked; null when the shop runs no loyalty program. */
  loyalty: PlacementCard | null;
}

/**
 * The published shop the order is for (404 otherwise), everything priceOrder needs besides the order itself, and what
 * placing it reads besides.
 */
export async function pricingInputs(
  shopId: string,
  db: Db,
  order: PlaceOrder,
  now: Date,
  mobileLimit: MobileLimit,
  ipLimit: IpLimit | null = null,
): Promise<Placement> {
  if (!isUuid(shopId)) throw shopNotFound(shopId);
  const [catalog, couponRead] = await Promise.all([
    readPlacement(db, shopId, order, now, mobileLimit, ipLimit),
    readCoupon(db, shopId, order),
  ]);
  const { shop, docs } = catalog;
  const promotion = couponRead && promotionJson(couponRead.row);
  const coupon = couponRead && pricingCoupon(promotion!, couponRead.counts, now, shop.timezone);
  const limitedCoupon: LimitedCoupon | null =
    promotion && (promotion.firstOrderDiscount || promotion.maxRedeems > 0)
      ? {
          code: promotion.coupon,
          judgeAgain: async (tx) =>
            pricingCoupon(promotion, await couponCustomer(tx, shop.id, order.mobile, promotion.coupon), now, shop.timezone),
        }
      : null;
  // The hours engine over the store timings and closures: whether the shop takes a kind of order at an instant.
  const hours = shopHours(shop.timezone, docs.get('timings'), catalog.closures);
  const loyalty = placementCard(docs.get('loyalty'), catalog.loyaltyLedger, order.mobile, shop.country);
  const inputs: PricingInputs = {
    order,
    items: itemsOf(catalog.items),
    pizza: pizzaOf(docs),
    checkout: checkoutOf(docs),
    delivery: deliveryOf(docs),
    coupon,
    loyalty: loyalty?.pricing ?? null,
    isOpen: (type, at) => isOpen(hours, type === 'PICKUP' ? 'pickup' : 'delivery', at),
    now,
    timeZone: shop.timezone,
    dayOf: (at) => localDate(at, shop.timezone),
    currency: currencyOf(shop.country),
    formatMoney: (cents) => formatMoney(cents, shop.country),
  };
  return { shop, inputs, docs, mobileFullUntil: catalog.mobileFullUntil, limitedCoupon, loyalty };
}
