import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { defaultKitchen } from '../../../domain/kitchen';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';

/*
 * The orders-in-progress limit: while the shop has that many orders in the kitchen (accepted, ready ones included,
 * not completed, not waiting in Scheduled), an order wanted as soon as possible is quoted later by its prep time. The
 * clock is stopped at tomorrow 12:07 in the shop's zone.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
const ZONE = 'Australia/Sydney';
const MIN = 60_000;

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(() => w.ctx.close());
afterEach(() => w.ctx.clock.reset());

const kitchenUrl = () => `/api/shops/${w.shop.id}/settings/kitchen`;
const tomorrowAt = (minutes: number) => zonedInstant(addDays(localDate(new Date(), ZONE), 1), minutes, ZONE);

function at(instant: Date) {
  w.ctx.clock.reset();
  w.ctx.clock.freeze();
  w.ctx.clock.advance(instant.getTime() - w.ctx.clock.now().getTime());
}

let customers = 0;
async function place(over: Record<string, unknown> = {}) {
  customers += 1;
  const mobile = `0400 100 ${String(customers).padStart(3, '0')}`;
  const res = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function quote(): Promise<string | undefined> {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/shops/${w.shop.id}/quote`,
    payload: { items: [{ itemId: ids.cake, quantity: 1 }], collectionType: 'PICKUP', collectionTime: null, paymentType: 'CASH' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().readyAt;
}

/** Staff act on the board on the real clock (their session would have expired by the stopped one), then it stops again. */
const act = async (orderId: string, action: 'complete' | 'ready', resume: Date) => {
  w.ctx.clock.reset();
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`,
    headers: w.staff.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  at(resume);
};

describe('the orders-in-progress limit setting', () => {
  it('is off when never saved, and when a document saved before it existed or a client leaves it out', async () => {
    expect((await w.ctx.app.inject({ url: kitchenUrl(), headers: w.staff.headers })).json()).toEqual(defaultKitchen);
    expect(defaultKitchen.inProgressLimit).toBeNull();
    await w.ctx.pool.query(
      `INSERT INTO shop_settings (shop_id, kind, value) VALUES ($1, 'kitchen', $2)
       ON CONFLICT (shop_id, kind) DO UPDATE SET value = EXCLUDED.value`,
      [w.shop.id, JSON.stringify({ pickup: defaultKitchen.pickup, delivery: defaultKitchen.delivery })],
    );
    expect((await w.ctx.app.inject({ url: kitchenUrl(), headers: w.staff.headers })).json().inProgressLimit).toBeNull();
    const saved = await ownerPut(w, kitchenUrl(), { pickup: defaultKitchen.pickup, delivery: defaultKitchen.delivery });
    expect(saved.inProgressLimit).toBeNull();
  });

  it('takes a whole number from 1 to 200, or empty', async () => {
    const message = 'Orders in progress should be a whole number from 1 to 200, or empty for no limit';
    for (const bad of [0, 201, 2.5, '3']) {
      const res = await w.ctx.app.inject({
        method: 'PUT',
        url: kitchenUrl(),
        headers: w.owner.headers,
        payload: { ...defaultKitchen, inProgressLimit: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ inProgressLimit: message });
    }
    expect((await ownerPut(w, kitchenUrl(), { ...defaultKitchen, inProgressLimit: 200 })).inProgressLimit).toBe(200);
    expect((await ownerPut(w, kitchenUrl(), { ...defaultKitchen, inProgressLimit: null })).inProgressLimit).toBeNull();
  });
});

describe('an order wanted as soon as possible while the kitchen is at its limit', () => {
  it('is quoted, placed and accepted later by the prep time; a completed order brings it back', async () => {
    const pickup = { ...defaultKitchen.pickup, autoAccept: true, readyInMinutes: 20 };
    await ownerPut(w, kitchenUrl(), { ...defaultKitchen, pickup, inProgressLimit: 2 });
    const now = tomorrowAt(12 * 60 + 7);
    const after = (minutes: number) => new Date(now.getTime() + minutes * MIN).toISOString();
    at(now);

    const first = await place();
    const second = await place();
    for (const o of [first, second]) expect(o).toMatchObject({ orderStatusRestaurant: 'ACCEPTED', readyAt: after(20) });
    // Ready is still in the kitchen's hands until handed over: it counts.
    await act(second.id, 'ready', now);
    expect(await quote()).toBe(after(40));

    await act(first.id, 'complete', now);
    expect(await quote()).toBe(after(20));
    // An order for a later time waits in Scheduled: it is quoted as asked and does not count.
    const later = tomorrowAt(15 * 60);
    expect(await place({ collectionTime: later.toISOString() })).toMatchObject({
      orderStatusRestaurant: 'ACCEPTED',
      eta: { display: 'As Requested', time: later.toISOString() },
    });
    expect(await quote()).toBe(after(20));

    expect((await place()).readyAt).toBe(after(20));
    const queued = await place();
    expect(queued).toMatchObject({
      orderStatusRestaurant: 'ACCEPTED',
      eta: { display: '40 minutes', time: after(40) },
      readyAt: after(40),
    });
    const status = await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/orders/${queued.id}?token=${queued.statusToken}` });
    expect(status.json()).toMatchObject({ readyAt: after(40) });

    // No limit: no minutes added, however full the kitchen.
    w.ctx.clock.reset();
    await ownerPut(w, kitchenUrl(), { ...defaultKitchen, pickup, inProgressLimit: null });
    at(now);
    expect(await quote()).toBe(after(20));
  });
});
