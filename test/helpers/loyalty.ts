import { expect } from 'vitest';
import type { ShopWorld } from './shopWorld';
import { cashPickup, ownerPut, placeOrder } from './orders';

/*
 * What the loyalty tests share: the shop's program, orders placed through the customers' API and acted on through
 * the console's actions, and the loyalty routes.
 */

export const setLoyalty = (w: ShopWorld, over: Record<string, unknown> = {}) =>
  ownerPut(w, `/api/shops/${w.shop.id}/settings/loyalty`, {
    enabled: true,
    count: 2,
    type: 'PERCENTAGE',
    percentage: 10,
    amount: 2,
    noLoyaltyOnDiscountedOrders: false,
    cardBg: null,
    ...over,
  });

/** A cash pickup that must go through; answers the order. */
export async function place(w: ShopWorld, items: object[], over: Record<string, unknown> = {}) {
  const res = await placeOrder(w, cashPickup(items, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function act(w: ShopWorld, orderId: string, action: 'accept' | 'reject', headers = w.staff.headers) {
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`,
    headers,
    payload: action === 'accept' ? { eta: null } : { reason: 'Too Busy' },
  });
}

export async function accept(w: ShopWorld, orderId: string) {
  const res = await act(w, orderId, 'accept');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function reject(w: ShopWorld, orderId: string) {
  const res = await act(w, orderId, 'reject');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The console's order record. */
export async function detail(w: ShopWorld, orderId: string) {
  const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${orderId}`, headers: w.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function summary(w: ShopWorld) {
  const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/loyalty_cards/summary`, headers: w.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function redeemed(w: ShopWorld, filter: Record<string, string> = {}, headers = w.staff.headers) {
  return w.ctx.app.inject({
    url: `/api/shops/${w.shop.id}/loyalty_cards/redeemed?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    headers,
  });
}
