import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut } from '../../helpers/orders';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/infra/db/client';
import { defaultKitchen } from '../../../domain/kitchen';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';

/*
 * The kitchen's capacity per 15-minute slot: a full slot refused with the next one with room (placing and quoting
 * alike), left out of the hours answer, freed by a rejection; an order wanted now taking the earliest slot with
 * room; and twenty customers at once, on two server processes, for a slot with room for three. The clock is driven
 * to tomorrow in the shop's zone.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
let second: { app: FastifyInstance; database: Database };
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
  // A second server process on the same database, on the same driven clock.
  const database = connectLike(w.ctx.config, 5);
  const services = await createServices(w.ctx.config, database, { log: () => undefined, clock: w.ctx.clock });
  second = { app: await buildApp({ services, serveConsole: false }), database };
  await second.app.ready();
});
afterAll(async () => {
  await second.app.close();
  await second.database.pool.end();
  await w.ctx.close();
});
afterEach(() => w.ctx.clock.reset());

const kitchen = (pickup: Record<string, unknown>) => ({
  pickup: { ...defaultKitchen.pickup, ...pickup },
  delivery: defaultKitchen.delivery,
});
const setKitchen = (pickup: Record<string, unknown>) => ownerPut(w, `/api/shops/${w.shop.id}/settings/kitchen`, kitchen(pickup));
const tomorrowAt = (minutes: number) => zonedInstant(addDays(localDate(new Date(), ZONE), 1), minutes, ZONE);

function at(instant: Date) {
  w.ctx.clock.reset();
  w.ctx.clock.freeze();
  w.ctx.clock.advance(instant.getTime() - w.ctx.clock.now().getTime());
}

let mobiles = 0;
const body = (collectionTime: Date | null, quantity = 1) =>
  cashPickup([{ itemId: ids.cake, quantity }], {
    collectionTime: collectionTime?.toISOString() ?? null,
    mobile: `0400 100 ${String(++mobiles).padStart(3, '0')}`,
  });
const place = (collectionTime: Date | null, app = w.ctx.app, quantity = 1) =>
  app.inject({ method: 'POST', url: `/api/storefront/shops/${w.shop.id}/orders`, payload: body(collectionTime, quantity) });
const quote = (collectionTime: Date | null) => {
  const { items, collectionType, paymentType } = body(collectionTime);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/shops/${w.shop.id}/quote`,
    payload: { items, collectionType, paymentType, collectionTime: collectionTime?.toISOString() ?? null },
  });
};

describe('a slot with a capacity', () => {
  it('refuses an order for a full slot naming the next with room, leaves it out of the hours answer, and a rejection frees it', async () => {
    await setKitchen({ maxOrders: 2 });
    const now = tomorrowAt(12 * 60 + 7);
    const one = tomorrowAt(13 * 60);
    at(now);
    const first = await place(one);
    expect(first.statusCode, first.body).toBe(201);
    expect((await place(one)).statusCode).toBe(201);
    const full = await place(one);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: 'That time is full. The next time with room is 1:15 pm.', code: 'SLOT_FULL' });
    // The quote says what placing says.
    const quoted = await quote(one);
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().message).toBe('That time is full. The next time with room is 1:15 pm.');
    const hours = (await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/hours?from=${now.toISOString()}` })).json();
    expect(hours.pickup.slots).not.toContain(one.toISOString());
    expect(hours.pickup.slots).toContain(new Date(one.getTime() + 15 * 60_000).toISOString());
    // Delivery has no capacity: all its slots are offered.
    expect(hours.delivery.slots).toContain(one.toISOString());

    // A card is never charged for a full slot.
    let charges = 0;
    const charge = w.ctx.services.payments.charge;
    w.ctx.services.payments.charge = async (c) => {
      charges++;
      return charge(c);
    };
    try {
      const card = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/shops/${w.shop.id}/orders`,
        payload: { ...body(one), paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' },
      });
      expect(card.statusCode).toBe(409);
      expect(charges).toBe(0);
    } finally {
      w.ctx.services.payments.charge = charge;
    }

    w.ctx.clock.reset();
    const rejected = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${first.json().id}/reject`,
      headers: w.staff.headers,
      payload: { reason: 'Too Busy' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    at(now);
    expect((await place(one)).statusCode).toBe(201);
    expect((await place(one)).statusCode).toBe(409);
  });

  it('gives an order wanted now the earliest slot with room, and its answer says when it will be ready', async () => {
    await setKitchen({ maxOrders: 1 });
    const now = tomorrowAt(15 * 60 + 7);
    at(now);
    const first = await place(null);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ orderStatusRestaurant: 'NEW', readyAt: null });
    const next = tomorrowAt(15 * 60 + 15).toISOString();
    expect((await quote(null)).json().readyAt).toBe(next);
    const moved = await place(null);
    expect(moved.json()).toMatchObject({ orderStatusRestaurant: 'NEW', readyAt: next });
  });

  it("points only at a time the customer can order for: the shop's orders are for the same day", async () => {
    await setKitchen({ maxOrders: 1 });
    const now = tomorrowAt(23 * 60 + 7);
    const last = tomorrowAt(23 * 60 + 45);
    at(now);
    expect((await place(last)).statusCode).toBe(201);
    const full = await place(last);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('That time is full, and no later time you can order for has room.');
    // Wanted now: the slots left today, then no more.
    for (const slot of [23 * 60, 23 * 60 + 15, 23 * 60 + 30]) expect((await place(null)).statusCode, `${slot}`).toBe(201);
    const none = await place(null);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('The kitchen is full for the rest of the day; please order for a later day or try again later.');
  });

  it('counts sales too: an order that would take the slot past its amount goes to the next', async () => {
    await setKitchen({ maxSales: 12 });
    const now = tomorrowAt(16 * 60 + 7);
    at(now);
    // An empty slot takes any order, however large; then two cakes ($11.98) fit a slot of $12, a third does not.
    expect((await place(null, w.ctx.app, 3)).json().readyAt).toBe(null);
    expect((await place(null)).json().readyAt).toBe(tomorrowAt(16 * 60 + 15).toISOString());
    expect((await place(null)).json().readyAt).toBe(tomorrowAt(16 * 60 + 15).toISOString());
    expect((await place(null)).json().readyAt).toBe(tomorrowAt(16 * 60 + 30).toISOString());
  });

  it('lets exactly three of twenty simultaneous orders, on two server processes, into a slot with room for three', async () => {
    await setKitchen({ maxOrders: 3 });
    const now = tomorrowAt(17 * 60 + 7);
    const six = tomorrowAt(18 * 60);
    at(now);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => place(six, i % 2 ? second.app : w.ctx.app)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('That time is full. The next time with room is 6:15 pm.');
    const held = await w.ctx.pool.query(
      "SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND kitchen_slot = $2 AND order_status_restaurant = 'NEW'",
      [w.shop.id, six],
    );
    expect(held.rows[0].n).toBe(3);
  });
});
