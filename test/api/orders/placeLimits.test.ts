import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { ipSource, LIMITED } from '../../helpers/rateLimits';
import { cashPickup, openForOrders, placeOrder } from '../../helpers/orders';

/*
 * The order limits of POST /api/storefront/shops/{shopId}/orders: per IP, counted first on every attempt; per mobile,
 * counting only the orders pricing accepted, so nobody can lock a customer out with orders the shop refuses. Every
 * 429 says when to retry (Retry-After).
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
const nextIp = ipSource(71);
const PER_IP = 5;
const PER_MOBILE = 2;
const WINDOW = 60;

beforeAll(async () => {
  w = await shopWorld({
    env: { RATE_LIMIT_PER_IP: String(PER_IP), RATE_LIMIT_PER_ACCOUNT: String(PER_MOBILE), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) },
  });
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(async () => {
  w.ctx.clock.reset();
  await w.ctx.close();
});

const unknownItem = '00000000-0000-4000-8000-0000000000ff';
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('the per-mobile order limit', () => {
  it('counts only orders pricing accepted: refused orders for a mobile do not lock its customer out', async () => {
    const mobile = '0400 111 222';
    for (let i = 0; i < 4; i++) {
      const refused = await placeOrder(w, cashPickup([{ itemId: unknownItem, quantity: 1 }], { mobile }), { remoteAddress: nextIp() });
      expect([refused.statusCode, refused.json().message]).toEqual([409, `Item ${unknownItem} is not on the menu.`]);
    }
    const key = { 'idempotency-key': 'limit-retry-1' };
    const last = cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile, customerName: 'Kay Keyed' });
    for (let i = 0; i < PER_MOBILE; i++) {
      const res = await placeOrder(w, i === PER_MOBILE - 1 ? last : cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile }), {
        headers: i === PER_MOBILE - 1 ? key : {},
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const limited = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile }), { remoteAddress: nextIp() });
    expect([limited.statusCode, limited.json()]).toEqual([429, LIMITED]);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW);
    // A retry of an order that went through (the last, sent with an Idempotency-Key) is answered again, not limited.
    const retried = await placeOrder(w, last, { headers: key, remoteAddress: nextIp() });
    expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([201, 'true']);
    // Still refused with the shop's reason, not the limit: a refusal never counts and is never limited.
    const refused = await placeOrder(w, cashPickup([{ itemId: unknownItem, quantity: 1 }], { mobile }), { remoteAddress: nextIp() });
    expect(refused.statusCode).toBe(409);

    // Once the oldest order leaves the window (Retry-After later), the customer orders again.
    w.ctx.clock.advance(retryAfter(limited) * 1000);
    try {
      const again = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile }), { remoteAddress: nextIp() });
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      w.ctx.clock.reset();
    }
  });
});

describe('the per-IP order limit', () => {
  it('counts every attempt first, refused or not, and its 429 says when the window ends', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await placeOrder(w, cashPickup([{ itemId: unknownItem, quantity: 1 }], { mobile: `0400 222 00${i}` }), {
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(409);
    }
    const limited = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '0400 222 999' }), { remoteAddress: ip });
    expect([limited.statusCode, limited.json()]).toEqual([429, LIMITED]);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW);

    w.ctx.clock.advance(retryAfter(limited) * 1000);
    try {
      const again = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '0400 222 999' }), { remoteAddress: ip });
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      w.ctx.clock.reset();
    }
  });

  it('counts attempts at a shop that does not exist too, and refuses the next one with a 429 before judging the shop', async () => {
    const ip = nextIp();
    const nowhere = '00000000-0000-4000-8000-00000000beef';
    const attempt = () =>
      w.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/shops/${nowhere}/orders`,
        payload: cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '0400 333 000' }),
        remoteAddress: ip,
      });
    for (let i = 0; i < PER_IP; i++) expect((await attempt()).statusCode).toBe(404);
    const limited = await attempt();
    expect([limited.statusCode, limited.json()]).toEqual([429, LIMITED]);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW);
  });
});
