import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from './app';
import type { ShopWorld } from './shopWorld';
import { insertOrder, type NewOrder } from '../../server/areas/orders/repo';
import type { StoredCart } from '../../domain/order';

/** A priced cart of one line (cents), as the pricing engine stores it. */
export function storedCart(overrides: Partial<StoredCart> = {}): StoredCart {
  return {
    currency: 'AUD',
    items: [
      {
        itemId: crypto.randomUUID(),
        name: 'Flat White',
        summary: 'Size: Large',
        quantity: 2,
        unitPrice: 450,
        total: 900,
        discountable: true,
      },
    ],
    collectionName: null,
    customerName: 'Cathy Customer',
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    deliveryAddress: null,
    subtotal: 900,
    deliveryCharges: 0,
    discount: 0,
    creditCardSurcharge: 0,
    creditCardSurchargeMessage: null,
    grandTotal: 900,
    coupon: null,
    comments: null,
    ...overrides,
  };
}

/**
 * An order straight in the database through the repository the ordering API uses (same event, same counts), for
 * tests of the console side that do not exercise pricing.
 */
export async function seedOrder(ctx: TestContext, shopId: string, o: Partial<NewOrder> & { card?: 'tok_visa' | 'tok_refundFail' } = {}) {
  const { card, ...rest } = o;
  const cart = rest.cart ?? storedCart(card ? { paymentType: 'CREDIT_CARD' } : {});
  let paymentId: string | null = null;
  if (card) {
    const charge = await ctx.services.payments.charge({
      idempotencyKey: crypto.randomUUID(),
      amount: cart.grandTotal,
      currency: 'aud',
      paymentToken: card,
      shopId,
      // As the ordering API describes its charges.
      description: `Order from ${rest.customerName ?? cart.customerName}`,
    });
    if (charge.status !== 'succeeded') throw new Error('test charge failed');
    paymentId = charge.paymentId;
  }
  return ctx.db.transaction((tx) =>
    insertOrder(shopId, tx, {
      orderStatusRestaurant: 'NEW',
      paymentStatus: card ? 'PAID' : 'UNPAID',
      paymentType: card ? 'CREDIT_CARD' : 'CASH',
      customerName: cart.customerName,
      mobile: '+61400000001',
      collectionType: cart.collectionType,
      collectionTime: cart.collectionTime ? new Date(cart.collectionTime) : null,
      placedAt: ctx.clock.now(),
      grandTotal: cart.grandTotal,
      cart,
      paymentProvider: card ? ctx.services.payments.name : null,
      paymentId,
      ...rest,
    }),
  );
}

const OPEN = { open: '00:00', duration: 24, available: true };
const OPEN_DAY = { pickup: OPEN, pickupExt: { ...OPEN, available: false }, delivery: OPEN, deliveryExt: { ...OPEN, available: false } };
/** Store timings open around the clock for pickup and delivery, every day. */
export const OPEN_ALL_WEEK = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, OPEN_DAY]),
);

/** A PUT as the world's owner that must succeed. */
export async function ownerPut(w: ShopWorld, url: string, payload: object) {
  const res = await w.ctx.app.inject({ method: 'PUT', url, headers: w.owner.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The world's shop ready for customers' orders: published, open around the clock, the given items created and listed
 * in one menu category (all but `offMenu`, which exist at the shop but on no category). Answers their ids by key.
 */
export async function openForOrders<K extends string>(
  w: ShopWorld,
  items: Record<K, object>,
  opts: { offMenu?: NoInfer<K>[] } = {},
): Promise<Record<K, string>> {
  const approved = await w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/approve`, headers: w.superAdmin.headers });
  expect(approved.statusCode, approved.body).toBe(200);
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/timings`, OPEN_ALL_WEEK);
  const ids = {} as Record<K, string>;
  for (const [key, payload] of Object.entries(items) as [K, object][]) {
    const res = await w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/items`, headers: w.owner.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
  }
  const listed = (Object.keys(ids) as K[]).filter((k) => !opts.offMenu?.includes(k)).map((k) => ids[k]);
  await ownerPut(w, `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Everything', itemIds: listed }] });
  return ids;
}

/** POST /api/storefront/shops/{shopId}/orders as a customer's app sends it (no console login). */
export const placeOrder = (w: ShopWorld, payload: object, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/shops/${w.shop.id}/orders`,
    payload,
    headers: opts.headers,
    remoteAddress: opts.remoteAddress,
  });

/** A cash pickup for now by Cathy Customer, with `over` on top. */
export const cashPickup = (items: object[], over: Record<string, unknown> = {}) => ({
  items,
  customerName: 'Cathy Customer',
  mobile: '0400 000 001',
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
  ...over,
});
