import { format, messages } from './messages';
import {
  MAX_ORDER_TOTAL_CENTS,
  type CartLine,
  type CollectionType,
  type OrderCart,
  type PlaceOrder,
  type PricedLine,
  type StoredCart,
} from './order';
import type { Availability } from './catalog/availability';
import { checkChoices, type Choices } from './catalog/choices';
import { whyNotOnOffer, whyNotOrderable, type NotOrderable, type Orderable } from './catalog/orderable';
import { pizzaConfigured } from './catalog/pizzaSettings';
import { categoryRefusing, notOfferedMessage, type OfferedCategory } from './catalog/daypart';
import { addDays, slotsAround } from './hours';
import { formatTimeOfDay } from './dates';
import { applyCoupon as couponVerdict, COUPON_REFUSALS, type CouponCustomer } from './coupon';
import type { PromotionValues } from './promotion';

/*
 * The order pricing engine: a pure function of the cart and explicit inputs, all money in integer cents.
 * The server never uses a price the client sent: every figure below comes from the catalog and settings inputs.
 * The inputs are gathered (and converted to cents) by server/areas/orders/pricingInputs.ts, the one place that knows where
 * the catalog and settings keep them.
 */

interface PricingAttribute {
  name: string;
  multiple: boolean;
  optional: boolean;
  /** The catalog's choice limits (domain/catalog/choices.ts). */
  min?: number | null;
  max?: number | null;
  values: { name: string; extraCharge: number; availability?: Availability }[];
}

/** What the storefront menu's rules read (domain/catalog/orderable.ts): sold out, days of week, time of day. */
interface ItemBase extends Omit<Orderable, 'type' | 'dealPizzas'> {
  id: string;
  name: string;
  /** The 'No Discount' flag: coupons do not reduce this item. */
  noDiscount: boolean;
  /** In one of the menu's categories. */
  inMenu: boolean;
  /** The menu's categories that list it, with their dayparts: a line needs one offered at the collection time. */
  categories?: OfferedCategory[];
  attributes: PricingAttribute[];
}
export type PricingItem =
  | (ItemBase & { type: 'BASIC'; price: number })
  | (ItemBase & {
      type: 'PIZZA';
      sizes: Record<string, { price: number; hasHalfAndHalf: boolean }>;
      removeToppings: string[];
      /** When listed on the pizza only these apply; null: the settings' toppings apply (spec 2 §4 pizza rules). */
      addToppings: { name: string; prices: Record<string, number>; availability?: Availability }[] | null;
    })
  | (ItemBase & {
      type: 'DEAL';
      price: number;
      dealItems: { name: string; qty: number; attributes: PricingAttribute[] }[];
      dealPizzas: { size: string; qty: number; pizzas: Record<string, { extraCharge: number }> }[];
    });

export interface PizzaSettings {
  /** Pizza settings switched on: pizzas and pizza deals can be ordered (with at least one size). */
  active: boolean;
  hasHalfAndHalf: boolean;
  sizes: { name: string; hasHalfAndHalf: boolean; halfAndHalfExtraCharge: number }[];
  toppings: { name: string; prices: Record<string, number>; availability?: Availability }[];
}

export interface CheckoutSettings {
  collectionType: 'NA' | 'PICKUP_ONLY' | 'DELIVERY_ONLY' | 'PICKUP_AND_DELIVERY';
  collectionTime: 'CAFE' | 'CUSTOM';
  hasCollectionTime: boolean;
  hasCollectionName: boolean;
  hasComments: boolean;
  hasCoupons: boolean;
  hasCash: boolean;
  creditCardSurchargeEnabled: boolean;
  /** Cents. */
  creditCardSurchargeAmount: number;
  /** Percent, up to two decimals. */
  creditCardSurchargePercentage: number;
  /** Cents: below this total no surcharge applies. */
  creditCardSurchargeMinimumOrderValue: number;
  /** How many days after today a collection time may be (shop-zone calendar days). */
  maxDaysAhead: number;
}

export interface DeliverySettings {
  /** Cents. */
  minOrderValue: number;
  suburbs: { name: string; postcode?: string; deliveryCharges: number }[];
}

/** The coupon an order names, with the settings area's verdict (domain/coupon.ts applyCoupon) for a cart. */
export interface PricingCoupon {
  code: string;
  /** `subtotalCents` is what the coupon may reduce: the lines of items without the 'No Discount' flag. */
  apply(cart: {
    subtotalCents: number;
    deliveryChargesCents: number;
    collectionType: CollectionType;
  }): { applies: true; discountCents: number; freeDelivery: boolean; exclusive?: boolean } | { applies: false; reason: string };
}

/**
 * The customer's loyalty card as pricing reads it (null or absent: the program is off). `rewardCents` is the value
 * of the reward the card holds (the sum of its stamps' worth), or null while it is not full.
 */
export interface PricingLoyalty {
  rewardCents: number | null;
  noLoyaltyOnDiscountedOrders: boolean;
}

/**
 * The loyalty reward an order gets, in cents: the card's reward, capped at what the order costs before delivery
 * charges (items less the coupon's discount). None when the card is not full; none on a discounted order (a coupon, or
 * an item coupons do not reduce) when the program says so; none beside an exclusive coupon (the coupon applies, the
 * reward waits for the next order). A reward of 0 cents is no redemption either: the card keeps it.
 */
export function loyaltyDiscountCents(
  loyalty: PricingLoyalty | null | undefined,
  order: { costBeforeDelivery: number; couponApplied: boolean; exclusiveCoupon: boolean; discountedItem: boolean },
): number {
  if (!loyalty || loyalty.rewardCents === null) return 0;
  if (order.exclusiveCoupon) return 0;
  if (loyalty.noLoyaltyOnDiscountedOrders && (order.couponApplied || order.discountedItem)) return 0;
  return Math.max(0, Math.min(loyalty.rewardCents, order.costBeforeDelivery));
}

/** A stored promotion as pricing reads it: the settings area's rules at the order's instant, for this customer. */
export function pricingCoupon(promotion: PromotionValues, customer: CouponCustomer, at: Date, timeZone: string): PricingCoupon {
  return {
    code: promotion.coupon,
    apply(cart) {
      const v = couponVerdict(promotion, { cart, customer, at, timeZone });
      return v.applies ? v : { applies: false, reason: COUPON_REFUSALS[v.reason] };
    },
  };
}

/** What pricing reads of an order: its cart, and the words of the customer's the stored cart keeps (none in a quote). */
export type PricingOrder = OrderCart & Partial<Pick<PlaceOrder, 'customerName' | 'collectionName' | 'comments'>>;

export interface PricingInputs {
  order: PricingOrder;
  /** The catalog's view of every item the cart names (and the pizzas a deal or a half names), by id. */
  items: Map<string, PricingItem>;
  pizza: PizzaSettings;
  checkout: CheckoutSettings;
  delivery: DeliverySettings;
  /** The coupon the order names, looked up; null when it names none or none by that code exists. */
  coupon: PricingCoupon | null;
  /** The customer's loyalty card; null or absent when the shop runs no loyalty program. */
  loyalty?: PricingLoyalty | null;
  /** Whether the shop takes `type` orders at `at` (the hours engine, closures included). */
  isOpen: (type: CollectionType, at: Date) => boolean;
  /** The instant the order is priced at, the shop's time zone, and the shop's day (YYYY-MM-DD) of an instant. */
  now: Date;
  timeZone: string;
  dayOf: (at: Date) => string;
  currency: string;
  /** Formats cents in the shop's currency, for messages. */
  formatMoney: (cents: number) => string;
}

type PricingResult = { ok: true; cart: StoredCart } | { ok: false; status: 400 | 409; message: string; field?: string };

class Refusal extends Error {
  constructor(
    public status: 400 | 409,
    message: string,
    public field?: string,
  ) {
    super(message);
  }
}
const refuse = (status: 400 | 409, message: string, field?: string): never => {
  throw new Refusal(status, message, field);
};

/** Percent of an amount in cents, rounded half up, without float drift (percent has at most two decimals). */
export function percentOf(amountCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A line's (or deal item's) attribute picks, keyed by the catalog's attribute names (apps may differ in case). */
function picksOf(attrs: PricingAttribute[], chosen: CartLine['attributes']): Record<string, string[]> {
  return Object.fromEntries((chosen ?? []).map((a) => [attrs.find((x) => same(x.name, a.name))?.name ?? a.name, a.values]));
}

const choosable = (attrs: PricingAttribute[]) => attrs.map((a) => ({ ...a, min: a.min ?? null, max: a.max ?? null }));

/**
 * Refuses picks that break the catalog's choice rules (limits, unknown or sold-out values and toppings, sizes):
 * checkChoices in domain/catalog/choices.ts is the one definition, for a line, each deal item and each half.
 */
function requireChoices(inputs: PricingInputs, name: string, item: Parameters<typeof checkChoices>[0], choices: Choices, field: string) {
  const problems = checkChoices(item, choices, inputs.now, inputs.pizza.toppings);
  if (problems.length) refuse(400, format(messages.orderBadChoice, { name, problem: problems[0] }), field);
}

/** Extra charges and summary of attribute picks that requireChoices has accepted. */
function attributeCharges(attrs: PricingAttribute[], picks: Record<string, string[]>): { charge: number; parts: string[] } {
  let charge = 0;
  const parts: string[] = [];
  for (const attr of attrs) {
    const names = picks[attr.name] ?? [];
    for (const n of names) charge += attr.values.find((v) => v.name === n)?.extraCharge ?? 0;
    if (names.length) parts.push(`${attr.name}: ${names.join(', ')}`);
  }
  return { charge, parts };
}

const NOT_ORDERABLE: Record<NotOrderable, string> = {
  NOT_ON_MENU: messages.orderItemNotOnMenu,
  PIZZA_OFF: messages.orderPizzaOff,
  SOLD_OUT: messages.orderSoldOut,
  NOT_ON_OFFER: messages.orderItemUnavailable,
};

/**
 * An item the cart names, refused (409) unless the storefront menu offers it now, by the menu's own rules
 * (domain/catalog/orderable.ts): a line or a half must be in a menu category; a deal's pizza choice, like the menu's
 * list of them, need only be on offer.
 */
function itemOf(inputs: PricingInputs, id: string, field: string, as: 'LINE' | 'DEAL_CHOICE' = 'LINE'): PricingItem {
  const item = inputs.items.get(id);
  if (!item) return refuse(409, format(messages.orderUnknownItem, { id }), field);
  const at = { pizzaOn: pizzaConfigured(inputs.pizza), now: inputs.now, timeZone: inputs.timeZone };
  const why = as === 'LINE' ? whyNotOrderable(item, item.inMenu, at) : whyNotOnOffer(item, at);
  if (why) refuse(409, format(NOT_ORDERABLE[why], { name: item.name }), field);
  if (as === 'LINE') {
    // Dayparts are judged at the hour the order is for: breakfast ordered at 10:00 for 12:00 is not breakfast.
    const collectAt = inputs.order.collectionTime === null ? inputs.now : new Date(inputs.order.collectionTime);
    const refusing = categoryRefusing(item.categories ?? [], collectAt, inputs.timeZone);
    if (refusing?.offered) refuse(409, notOfferedMessage(refusing.name, refusing.offered, collectAt, inputs.timeZone), field);
  }
  return item;
}

/** A topping's price at a size, from the pizza's own list when it has one, else the settings' (spec 2 §4). */
function toppingPrice(inputs: PricingInputs, pizza: Extract<PricingItem, { type: 'PIZZA' }>, name: string, size: string): number {
  const list = pizza.addToppings && pizza.addToppings.length ? pizza.addToppings : inputs.pizza.toppings;
  return list.find((x) => x.name === name)?.prices[size] ?? 0;
}

/** A pizza's size and toppings as checkChoices reads them (its attributes are the line's, checked once). */
const pizzaChoosable = (p: Extract<PricingItem, { type: 'PIZZA' }>) => ({
  type: 'PIZZA',
  attributes: [],
  sizes: p.sizes,
  removeToppings: p.removeToppings,
  addToppings: p.addToppings ?? [],
});

function pricePizza(
  inputs: PricingInputs,
  pizza: Extract<PricingItem, { type: 'PIZZA' }>,
  line: CartLine,
  field: string,
): { unit: number; parts: string[] } {
  const sizeName = line.size ?? '';
  const sizeKey = Object.keys(pizza.sizes).find((s) => same(s, sizeName));
  if (!sizeKey)
    return refuse(
      400,
      format(messages.orderBadChoice, { name: pizza.name, problem: line.size ? `no size ${line.size}` : 'choose a size' }),
      field,
    );
  const size = pizza.sizes[sizeKey];
  const parts = [sizeKey];
  if (!line.halves) {
    let unit = size.price;
    for (const n of line.addToppings ?? []) {
      unit += toppingPrice(inputs, pizza, n, sizeKey);
      parts.push(`+ ${n}`);
    }
    parts.push(...(line.removeToppings ?? []).map((r) => `No ${r}`));
    return { unit, parts };
  }
  // Half-and-half: the dearer half's price for the size, the size's extra charge, and half of each half's toppings.
  const setting = inputs.pizza.sizes.find((s) => same(s.name, sizeKey));
  if (!inputs.pizza.hasHalfAndHalf || !size.hasHalfAndHalf || !setting?.hasHalfAndHalf)
    refuse(400, format(messages.orderBadChoice, { name: pizza.name, problem: `no half and half in ${sizeKey}` }), field);
  let base = 0;
  let toppings = 0;
  const halfParts: string[] = [];
  line.halves.forEach((h, i) => {
    const hp = h.pizzaId ? itemOf(inputs, h.pizzaId, `${field}.halves.${i}`) : pizza;
    if (hp.type !== 'PIZZA')
      return refuse(400, format(messages.orderBadChoice, { name: pizza.name, problem: `${hp.name} is not a pizza` }), field);
    const hs = Object.keys(hp.sizes).find((s) => same(s, sizeKey));
    if (!hs || !hp.sizes[hs].hasHalfAndHalf)
      return refuse(400, format(messages.orderBadChoice, { name: hp.name, problem: `no half and half in ${sizeKey}` }), field);
    // Each half's toppings by the same rules as a whole pizza's: known to that pizza, not sold out.
    requireChoices(
      inputs,
      hp.name,
      pizzaChoosable(hp),
      { size: hs, addToppings: h.addToppings, removeToppings: h.removeToppings },
      `${field}.halves.${i}`,
    );
    base = Math.max(base, hp.sizes[hs].price);
    const extras: string[] = [];
    for (const n of h.addToppings ?? []) {
      toppings += Math.floor((toppingPrice(inputs, hp, n, hs) + 1) / 2);
      extras.push(`+ ${n}`);
    }
    extras.push(...(h.removeToppings ?? []).map((r) => `No ${r}`));
    halfParts.push([`Half ${hp.name}`, ...extras].join(' '));
  });
  parts.push(...halfParts);
  return { unit: base + (setting?.halfAndHalfExtraCharge ?? 0) + toppings, parts };
}

function priceDeal(
  inputs: PricingInputs,
  deal: Extract<PricingItem, { type: 'DEAL' }>,
  line: CartLine,
  field: string,
): { unit: number; parts: string[] } {
  let unit = deal.price;
  const parts: string[] = [];
  deal.dealItems.forEach((di, i) => {
    // A deal item's choices obey the same limits, sold-out values and unknown names as an item's own.
    const picks = picksOf(di.attributes, line.dealItems?.[i]?.attributes);
    requireChoices(
      inputs,
      `${deal.name} (${di.name})`,
      { type: 'DEAL', attributes: choosable(di.attributes) },
      { attributes: picks },
      `${field}.dealItems.${i}`,
    );
    const { charge, parts: p } = attributeCharges(di.attributes, picks);
    unit += charge;
    parts.push(`${di.qty} x ${di.name}${p.length ? ` (${p.join('; ')})` : ''}`);
  });
  deal.dealPizzas.forEach((dp, i) => {
    const chosen = line.dealPizzas?.[i]?.pizzaIds ?? [];
    if (chosen.length !== dp.qty)
      refuse(
        400,
        format(messages.orderBadChoice, { name: deal.name, problem: `choose ${dp.qty} ${dp.size} pizza${dp.qty === 1 ? '' : 's'}` }),
        `${field}.dealPizzas.${i}`,
      );
    for (const id of chosen) {
      const offer = dp.pizzas[id];
      if (!offer)
        refuse(
          400,
          format(messages.orderBadChoice, { name: deal.name, problem: 'that pizza is not part of this deal' }),
          `${field}.dealPizzas.${i}`,
        );
      const p = itemOf(inputs, id, `${field}.dealPizzas.${i}`, 'DEAL_CHOICE');
      unit += offer.extraCharge;
      parts.push(`${dp.size} ${p.name}`);
    }
  });
  return { unit, parts };
}

/** The catalog's choice rules for one line, before it is priced. Half-and-half lines choose toppings per half. */
function checkLine(inputs: PricingInputs, item: PricingItem, line: CartLine, field: string) {
  // Halves on another item, or toppings for the whole pizza beside its halves, would otherwise be left out of the
  // price and the kitchen's summary without a word.
  if (line.halves && item.type !== 'PIZZA')
    refuse(400, format(messages.orderBadChoice, { name: item.name, problem: messages.halvesOnlyOnPizza }), `${field}.halves`);
  if (line.halves && (line.addToppings?.length || line.removeToppings?.length))
    refuse(
      400,
      format(messages.orderBadChoice, { name: item.name, problem: messages.toppingsOnHalves }),
      `${field}.${line.addToppings?.length ? 'addToppings' : 'removeToppings'}`,
    );
  // Toppings on anything else would be dropped from the price and the kitchen's summary without a word.
  if (item.type !== 'PIZZA' && (line.addToppings?.length || line.removeToppings?.length))
    refuse(
      400,
      format(messages.orderBadChoice, { name: item.name, problem: messages.toppingsOnlyOnPizza }),
      `${field}.${line.addToppings?.length ? 'addToppings' : 'removeToppings'}`,
    );
  const pizza = item.type === 'PIZZA' ? pizzaChoosable(item) : {};
  const toppings = item.type === 'PIZZA' && !line.halves ? { addToppings: line.addToppings, removeToppings: line.removeToppings } : {};
  requireChoices(
    inputs,
    item.name,
    { ...pizza, type: item.type, attributes: choosable(item.attributes) },
    { attributes: picksOf(item.attributes, line.attributes), size: line.size, ...toppings },
    field,
  );
}

function priceLine(inputs: PricingInputs, line: CartLine, index: number): PricedLine {
  const field = `items.${index}`;
  const item = itemOf(inputs, line.itemId, field);
  checkLine(inputs, item, line, field);
  let unit: number;
  const parts: string[] = [];
  if (item.type === 'PIZZA') {
    const p = pricePizza(inputs, item, line, field);
    unit = p.unit;
    parts.push(...p.parts);
  } else if (item.type === 'DEAL') {
    const p = priceDeal(inputs, item, line, field);
    unit = p.unit;
    parts.push(...p.parts);
  } else {
    unit = item.price;
  }
  const attrs = attributeCharges(item.attributes, picksOf(item.attributes, line.attributes));
  unit += attrs.charge;
  parts.push(...attrs.parts);
  return {
    itemId: item.id,
    name: item.name,
    summary: parts.join(', '),
    quantity: line.quantity,
    unitPrice: unit,
    total: unit * line.quantity,
    discountable: !item.noDiscount,
  };
}

function checkCollection(inputs: PricingInputs): Date {
  const { order, checkout, now } = inputs;
  const offered =
    checkout.collectionType === 'PICKUP_AND_DELIVERY' ||
    (checkout.collectionType === 'PICKUP_ONLY' && order.collectionType === 'PICKUP') ||
    (checkout.collectionType === 'DELIVERY_ONLY' && order.collectionType === 'DELIVERY');
  const typeLabel = order.collectionType === 'PICKUP' ? 'pickup' : 'delivery';
  if (!offered) refuse(409, format(messages.orderCollectionTypeOff, { type: typeLabel }), 'collectionType');
  if (order.collectionTime === null) {
    if (!inputs.isOpen(order.collectionType, now)) {
      // Closed for this service only: say which one, or the customer reads that the whole shop is shut.
      const other = order.collectionType === 'PICKUP' ? 'DELIVERY' : 'PICKUP';
      const otherOffered = checkout.collectionType === 'PICKUP_AND_DELIVERY';
      if (otherOffered && inputs.isOpen(other, now))
        refuse(409, order.collectionType === 'DELIVERY' ? messages.orderDeliveryClosed : messages.orderPickupClosed, 'collectionType');
      refuse(409, messages.orderShopClosed);
    }
    return now;
  }
  if (!checkout.hasCollectionTime) refuse(409, messages.orderCollectionTimeOff, 'collectionTime');
  const at = new Date(order.collectionTime);
  if (at.getTime() < now.getTime() - 60_000) refuse(400, messages.orderCollectionTimePast, 'collectionTime');
  const around = slotsAround(at, inputs.timeZone);
  if (around) {
    const [before, after] = around.map((t) => formatTimeOfDay(t, inputs.timeZone));
    refuse(400, format(messages.orderCollectionTimeOffSlot, { before, after }), 'collectionTime');
  }
  if (checkout.collectionTime === 'CAFE' && inputs.dayOf(at) !== inputs.dayOf(now))
    refuse(409, messages.orderCollectionTimeOtherDay, 'collectionTime');
  const days = checkout.maxDaysAhead;
  if (inputs.dayOf(at) > addDays(inputs.dayOf(now), days))
    refuse(409, format(messages.orderCollectionTimeTooFar, { days: days === 1 ? '1 day' : `${days} days` }), 'collectionTime');
  if (!inputs.isOpen(order.collectionType, at))
    refuse(409, format(messages.orderCollectionTimeClosed, { type: typeLabel }), 'collectionTime');
  return at;
}

function deliveryCharges(inputs: PricingInputs, subtotal: number): number {
  const { order, delivery } = inputs;
  if (order.collectionType !== 'DELIVERY') return 0;
  const address = order.deliveryAddress;
  if (!address) return refuse(400, messages.orderNoDeliveryAddress, 'deliveryAddress');
  const suburb = delivery.suburbs.find(
    (s) => same(s.name, address.suburb) && (!s.postcode || !address.postcode || same(s.postcode, address.postcode)),
  );
  if (!suburb) return refuse(409, format(messages.orderSuburbNotDelivered, { suburb: address.suburb }), 'deliveryAddress.suburb');
  if (subtotal < delivery.minOrderValue)
    refuse(409, format(messages.orderBelowMinimum, { amount: inputs.formatMoney(delivery.minOrderValue) }));
  return suburb.deliveryCharges;
}

function applyCoupon(
  inputs: PricingInputs,
  lines: PricedLine[],
  delivery: number,
): { discount: number; freeDelivery: boolean; exclusive: boolean } {
  const { order, coupon, checkout } = inputs;
  if (!order.coupon) return { discount: 0, freeDelivery: false, exclusive: false };
  if (!checkout.hasCoupons) refuse(409, messages.orderCouponsOff, 'coupon');
  if (!coupon) return refuse(409, format(messages.orderCouponUnknown, { code: order.coupon }), 'coupon');
  const base = lines.filter((l) => l.discountable).reduce((s, l) => s + l.total, 0);
  const verdict = coupon.apply({ subtotalCents: base, deliveryChargesCents: delivery, collectionType: order.collectionType });
  if (!verdict.applies)
    return refuse(409, format(messages.orderCouponNotApplicable, { code: coupon.code, reason: verdict.reason }), 'coupon');
  const exclusive = Boolean(verdict.exclusive);
  return verdict.freeDelivery
    ? { discount: 0, freeDelivery: delivery > 0, exclusive }
    : { discount: Math.min(verdict.discountCents, base), freeDelivery: false, exclusive };
}

function surcharge(inputs: PricingInputs, total: number): { amount: number; message: string | null } {
  const c = inputs.checkout;
  if (inputs.order.paymentType !== 'CREDIT_CARD' || !c.creditCardSurchargeEnabled) return { amount: 0, message: null };
  if (total < c.creditCardSurchargeMinimumOrderValue) return { amount: 0, message: null };
  const amount = c.creditCardSurchargeAmount + percentOf(total, c.creditCardSurchargePercentage);
  if (amount === 0) return { amount: 0, message: null };
  const pieces = [
    c.creditCardSurchargePercentage ? `${c.creditCardSurchargePercentage}%` : '',
    c.creditCardSurchargeAmount ? inputs.formatMoney(c.creditCardSurchargeAmount) : '',
  ].filter(Boolean);
  return { amount, message: `Credit card surcharge ${pieces.join(' + ')}` };
}

/**
 * Refuses a total no card provider can charge (Stripe's limit), cash or card alike: nobody pays a million in cash
 * either, and every amount pricing stores then fits the orders table's integer columns.
 */
function requireChargeable(inputs: PricingInputs, cents: number) {
  if (cents > MAX_ORDER_TOTAL_CENTS)
    refuse(409, format(messages.orderTotalTooLarge, { amount: inputs.formatMoney(MAX_ORDER_TOTAL_CENTS) }));
}

/**
 * Prices an order, or says why the shop cannot take it. Whether a card payment came with its token is placing's
 * question (service.ts), not pricing's: a quoted cart has none yet.
 */
export function priceOrder(inputs: PricingInputs): PricingResult {
  try {
    const { order, checkout } = inputs;
    if (order.paymentType === 'CASH' && !checkout.hasCash) refuse(409, messages.orderCashOff, 'paymentType');
    if (order.comments && !checkout.hasComments) refuse(409, messages.orderCommentsOff, 'comments');
    const at = checkCollection(inputs);
    const lines = order.items.map((l, i) => priceLine(inputs, l, i));
    const subtotal = lines.reduce((s, l) => s + l.total, 0);
    // Checked before a discount can bring it back down: every amount stored (integer columns) stays below this.
    requireChargeable(inputs, subtotal);
    let delivery = deliveryCharges(inputs, subtotal);
    const { discount, freeDelivery, exclusive } = applyCoupon(inputs, lines, delivery);
    if (freeDelivery) delivery = 0;
    const loyaltyDiscount = loyaltyDiscountCents(inputs.loyalty, {
      costBeforeDelivery: subtotal - discount,
      couponApplied: Boolean(order.coupon),
      exclusiveCoupon: exclusive,
      discountedItem: lines.some((l) => !l.discountable),
    });
    const beforeSurcharge = subtotal - discount - loyaltyDiscount + delivery;
    const card = surcharge(inputs, beforeSurcharge);
    requireChargeable(inputs, beforeSurcharge + card.amount);
    return {
      ok: true,
      cart: {
        currency: inputs.currency,
        items: lines,
        collectionName: checkout.hasCollectionName ? (order.collectionName ?? null) : null,
        customerName: order.customerName ?? '',
        collectionType: order.collectionType,
        collectionTime: order.collectionTime === null ? null : at.toISOString(),
        paymentType: order.paymentType,
        deliveryAddress: order.collectionType === 'DELIVERY' ? (order.deliveryAddress ?? null) : null,
        subtotal,
        deliveryCharges: delivery,
        discount,
        loyaltyDiscount,
        creditCardSurcharge: card.amount,
        creditCardSurchargeMessage: card.message,
        grandTotal: beforeSurcharge + card.amount,
        coupon: order.coupon ?? null,
        comments: order.comments ?? null,
      },
    };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, status: e.status, message: e.message, ...(e.field ? { field: e.field } : {}) };
    throw e;
  }
}

/**
 * What the engine refuses in each line of the cart by itself, by field ('items.2', 'items.0.halves.1'): all of them
 * at once, for a page that marks every line that needs changing (priceOrder stops at the first refusal).
 */
export function lineRefusals(inputs: PricingInputs): Record<string, string> {
  const refusals: Record<string, string> = {};
  inputs.order.items.forEach((line, i) => {
    try {
      priceLine(inputs, line, i);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      refusals[e.field ?? `items.${i}`] = e.message;
    }
  });
  return refusals;
}

/** The platform's fee on a card payment (spec 3 §3 transaction fee), in cents: micro rates below the micro limit. */
export function applicationFee(
  fee: {
    applicable: boolean;
    microLimit: number;
    microAmount: number;
    microPercentage: number;
    normalAmount: number;
    normalPercentage: number;
  },
  grandTotal: number,
): number {
  if (!fee.applicable) return 0;
  return grandTotal < fee.microLimit
    ? fee.microAmount + percentOf(grandTotal, fee.microPercentage)
    : fee.normalAmount + percentOf(grandTotal, fee.normalPercentage);
}
