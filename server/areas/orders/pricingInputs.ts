import { isUuid } from '../../infra/auth/guard';
import { storedInstant } from '../../infra/db/storedInstant';
import { tooManyRequests } from '../../infra/http/errors';
import { hitInStatement, secondsOver } from '../../infra/rateLimit';
import { shopNotFound, type PublishedShop } from '../../infra/storefront/publishedShop';
import { addDays, isOpen, localDate, type ShopHours } from '../../../domain/hours';
import { readSettings, SETTINGS, storedFromText, type SettingsKind, type SettingsKindName } from '../../../domain/settings';
import { currencyOf, formatMoney, toCents } from '../../../domain/money';
import { customerMobile, customerMobileByCountry } from '../../../domain/contact';
import {
  pricingCoupon,
  type PricingCoupon,
  type CheckoutSettings as PricingCheckout,
  type DeliverySettings as PricingDelivery,
  type PizzaSettings as PricingPizza,
  type PricingInputs,
  type PricingItem,
  type PricingOrder,
} from '../../../domain/pricing';
import type { CheckoutSettings } from '../../../domain/checkout';
import type { DeliverySettings } from '../../../domain/catalog/delivery';
import type { PizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { dayPartSchema } from '../../../domain/catalog/daypart';
import type { Db } from '../../infra/db/client';
import { cartItemsSubquery, type CartItemRow } from '../catalog';
import { settingsDocumentsSubquery } from '../settings';
import { closureWindow, closuresSubquery, shopHours } from '../timings';
import { publishedShopSubquery } from '../shops';
import { couponByCode } from '../promotions';
import { cardAtPlacement, cardLedgerSubquery, type CardAtPlacement } from '../loyalty';
import { couponCounts, readPlacement, type PlacementFragments } from './repoPlacement';

/*
 * The one place that knows where pricing's inputs live: the catalog (items, pizza and delivery settings), the
 * settings area (checkout, store timings, closures, coupons), loyalty and the shop. Each owner hands over its part of
 * the one placing read (FRAGMENTS; the statement is repoPlacement.ts's); everything here converts what it answers to
 * the pricing engine's shape (integer cents); domain/pricing.ts stays a pure function of what this returns.
 */

/** The settings documents pricing reads, and those placing an order reads besides: fetched together in one query. */
const PLACEMENT_KINDS = ['pizza', 'checkout', 'delivery', 'timings', 'transaction_fee', 'orders_busy', 'loyalty', 'kitchen'] as const;
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
function itemIdsOf(order: PricingOrder): string[] {
  const ids = new Set<string>();
  for (const l of order.items) {
    ids.add(l.itemId);
    for (const h of l.halves ?? []) if (h.pizzaId) ids.add(h.pizzaId);
    for (const dp of l.dealPizzas ?? []) for (const id of dp.pizzaIds) ids.add(id);
  }
  return [...ids];
}

/** The catalog's items (documents keep amounts in cents) as the pricing engine reads them. */
function itemsOf(rows: CartItemRow[]): Map<string, PricingItem> {
  const map = new Map<string, PricingItem>();
  for (const r of rows) {
    const doc = r.doc;
    const base = {
      id: r.id,
      name: r.name,
      noDiscount: Boolean(doc.discounted),
      inMenu: r.inMenu,
      // A daypart that no longer reads as one puts no limit, as a menu that no longer reads is empty (readMenu).
      categories: (r.categories ?? []).map((c) => ({ name: c.name, offered: dayPartSchema.safeParse(c.offered).data ?? null })),
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
export interface MobileLimit {
  limit: number;
  windowSeconds: number;
}

/** The per-IP limit of placing orders, counted in the placement's own statement (the key is the caller's IP). */
export interface IpLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** What the placing read is asked besides the cart. */
export interface Reading {
  now: Date;
  /**
   * The customer's mobile as typed: their order limit, their coupon counts and their loyalty card are read for it.
   * Null for a cart priced before checkout: a newcomer's, with no card.
   */
  mobile: string | null;
  mobileLimit: MobileLimit;
  ipLimit: IpLimit | null;
}

/** Each owner's part of the placing read (repoPlacement.ts), handed to the orders' statement. */
const FRAGMENTS: PlacementFragments = {
  ipHit: hitInStatement,
  publishedShop: publishedShopSubquery,
  documents: settingsDocumentsSubquery,
  cartItems: cartItemsSubquery,
  closures: closuresSubquery,
  cardLedger: cardLedgerSubquery,
};

/**
 * The placing read (repoPlacement.ts readPlacement), judged: 429 over the IP's limit (before the shop is judged), 404
 * for a shop customers may not order from; the documents ready to read.
 */
async function readPlaced(db: Db, shopId: string, order: PricingOrder, { now, mobile, mobileLimit, ipLimit }: Reading) {
  // Pricing asks the hours engine about one instant: now, or the collection time asked for (however far ahead). The
  // engine looks at the shop's date of it and the day before (a session past midnight); the shop's date is within a
  // day of UTC's, so two days before the instant's UTC date to the day after cover them before the zone is known.
  const at = order.collectionTime === null ? now : new Date(order.collectionTime);
  const window = closureWindow(addDays(at.toISOString().slice(0, 10), -1), 1);
  const read = await readPlacement<CartItemRow>(shopId, db, FRAGMENTS, {
    kinds: PLACEMENT_KINDS,
    // An id that is not a UUID names no item (pricing refuses it as unknown); PostgreSQL would refuse the whole query.
    itemIds: itemIdsOf(order).filter(isUuid),
    closuresFrom: window.from,
    closuresTo: window.to,
    // No mobile: none in any country, so no orders, coupon redemptions or card of anyone's are read.
    mobiles: mobile === null ? {} : customerMobileByCountry(mobile),
    mobileLimit,
    coupon: order.coupon || null,
    ip: ipLimit && { key: ipLimit.key, windowSeconds: ipLimit.windowSeconds },
    now,
  });
  if (ipLimit && read.ipHit) {
    const wait = secondsOver({ count: read.ipHit.count, window_start: read.ipHit.windowStart }, ipLimit.limit, ipLimit.windowSeconds, now);
    if (wait) throw tooManyRequests(wait);
  }
  if (!read.shop) throw shopNotFound(shopId);
  // The mobile may order again once the oldest of its last `limit` orders leaves the window.
  const mobileFullUntil =
    read.mobileFullSince === null ? null : new Date(new Date(read.mobileFullSince).getTime() + mobileLimit.windowSeconds * 1000);
  // As text: each document is parsed and checked once per distinct text (storedFromText), not on every order.
  const docs: PlacementDocs = new Map(PLACEMENT_KINDS.map((kind) => [kind, storedFromText(read.docs[kind])]));
  return { ...read, shop: read.shop as PublishedShop, docs, mobileFullUntil };
}

/**
 * A coupon with a limit per customer (first order only, max redeems), judged on counts read before anything was
 * locked: placing the order judges it again under the customer's coupon lock (service.ts).
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
  /** Null without a mobile too: the coupon was judged on a newcomer's counts (none), with nobody's to judge again. */
  limitedCoupon: LimitedCoupon | null;
  /** The customer's loyalty card, read before anything is locked; null when the shop runs no loyalty program or no mobile is given. */
  loyalty: CardAtPlacement | null;
  /** The hours engine over the shop's timings and closures (the kitchen's slots are offered where it is open). */
  hours: ShopHours;
  /** The shop's orders in the kitchen, as far as its orders-in-progress limit needs to know (PlacementRow). */
  inProgress: number;
}

/**
 * The published shop the order is for (404 otherwise), everything priceOrder needs besides the order itself, and what
 * placing it reads besides.
 */
export async function pricingInputs(shopId: string, db: Db, order: PricingOrder, reading: Reading): Promise<Placement> {
  if (!isUuid(shopId)) throw shopNotFound(shopId);
  const { now } = reading;
  const [read, promotion] = await Promise.all([
    readPlaced(db, shopId, order, reading),
    order.coupon ? couponByCode(shopId, db, order.coupon) : null,
  ]);
  const { shop, docs } = read;
  const coupon = promotion && pricingCoupon(promotion, read.coupon, now, shop.timezone);
  // Orders keep the customer's mobile in the shop's spelling: what the coupon's lock and counts go by.
  const mobile = reading.mobile === null ? null : customerMobile(reading.mobile, shop.country);
  const limitedCoupon: LimitedCoupon | null =
    mobile !== null && promotion && (promotion.firstOrderDiscount || promotion.maxRedeems > 0)
      ? {
          code: promotion.coupon,
          judgeAgain: async (tx) => pricingCoupon(promotion, await couponCounts(shop.id, tx, mobile, promotion.coupon), now, shop.timezone),
        }
      : null;
  // The hours engine over the store timings and closures: whether the shop takes a kind of order at an instant.
  const hours = shopHours(shop.timezone, docs.get('timings'), read.closures);
  const loyalty =
    reading.mobile === null ? null : cardAtPlacement(shop.id, docs.get('loyalty'), read.loyaltyLedger, reading.mobile, shop.country);
  const inputs: PricingInputs = {
    order,
    items: itemsOf(read.items),
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
  return { shop, inputs, docs, mobileFullUntil: read.mobileFullUntil, limitedCoupon, loyalty, hours, inProgress: read.inProgress };
}
