import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { moveClockTo } from '../../helpers/bookings';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/infra/db/client';
import { defaultKitchen } from '../../../domain/kitchen';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';
import { SCHEDULE_SWEEP_MS } from '../../../server/areas/orders/schedule';

/*
 * Scheduled orders: an order for later than the prep time (the kitchen kind's readyInMinutes) from now waits in the
 * board's Scheduled list and reaches the kitchen at its time minus the prep time, by the schedule sweep on the app's
 * clock. Two server processes (this context's app and a second app on the same database and clock) both run the
 * sweep: the order is released once. The clock is driven; nothing sleeps.
 */
let w: ShopWorld;
let b: { app: FastifyInstance; database: Database };
let ids: Record<'cake', string>;
const ZONE = 'Australia/Sydney';
const MIN = 60_000;

beforeAll(async () => {
  w = await shopWorld({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
  // The unattended-order rejection is on: a scheduled order must not count as unattended while it waits.
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/order`, {
    ...defaultOrderProcess,
    autoRejectUnprocessed: true,
    autoRejectAfterMinutes: 20,
  });
  const database = connectLike(w.ctx.config, 5);
  const services = await createServices(w.ctx.config, database, { log: () => undefined, clock: w.ctx.clock });
  b = { app: await buildApp({ services, serveConsole: false }), database };
  await b.app.ready();
  w.ctx.clock.freeze();
});
afterAll(async () => {
  await b.app.close();
  await b.database.pool.end();
  await w.ctx.close();
});

/** `days` from today in the shop's zone, at `minutes` after midnight. */
const dayAt = (days: number, minutes: number) => zonedInstant(addDays(localDate(new Date(), ZONE), days), minutes, ZONE);
/** Moves the driven clock (forward only) to an instant; the sessions are renewed at that time. */
async function moveTo(at: Date) {
  const [date, time] = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(at).split(' ');
  await moveClockTo(w.ctx, date!, time!, ZONE, [w.owner, w.staff, w.outsider]);
}
/** Moves the clock by `ms` and waits for the sweeps (both processes') it set off. */
async function advance(ms: number) {
  w.ctx.clock.advance(ms);
  await w.ctx.clock.settled();
}

async function place(collectionTime: Date | null) {
  const res = await placeOrder(
    w,
    cashPickup([{ itemId: ids.cake, quantity: 1 }], { collectionTime: collectionTime?.toISOString() ?? null }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async (filter: object, sort = ['placedAt', 'ASC']) => {
  const q = `filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}`;
  const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders?${q}`, headers: w.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }[]).map((o) => o.id);
};
const scheduledList = () =>
  list({ scheduled: true, orderStatusRestaurant: ['NEW', 'ACCEPTED'], completed: false }, ['collectionTime', 'ASC']);
const newList = () => list({ orderStatusRestaurant: 'NEW', scheduled: false });
const inProgressList = () => list({ orderStatusRestaurant: 'ACCEPTED', completed: false, scheduled: false });
const one = async (id: string) =>
  (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${id}`, headers: w.staff.headers })).json();

/** The order's events as stored, oldest first: type, status and whether it was still waiting. */
async function events(orderId: string) {
  const res = await w.ctx.pool.query(
    `SELECT type, data->>'order_status_restaurant' AS status, data->>'released_at' IS NOT NULL AS released
       FROM shop_events WHERE shop_id = $1 AND data->>'id' = $2 ORDER BY seq`,
    [w.shop.id, orderId],
  );
  return res.rows as { type: string; status: string; released: boolean }[];
}

describe('a scheduled order', () => {
  it('waits in Scheduled (by when it is due) until its time minus the prep time, then reaches New Orders once', async () => {
    await moveTo(dayAt(1, 12 * 60 + 7));
    const now = w.ctx.clock.now();
    // Prep time: the kitchen kind's readyInMinutes, 20 by default.
    const later = await place(dayAt(1, 14 * 60 + 30));
    const sooner = await place(dayAt(1, 14 * 60));
    // Within the prep time: the kitchen has it now.
    const soon = await place(dayAt(1, 12 * 60 + 15));
    const asap = await place(null);
    const kitchenAt = new Date(dayAt(1, 14 * 60).getTime() - 20 * MIN).toISOString();
    expect(sooner).toMatchObject({ orderStatusRestaurant: 'NEW', scheduled: true, kitchenAt, stage: 'placed' });
    expect(soon).toMatchObject({ scheduled: false, kitchenAt: null });
    expect(asap).toMatchObject({ scheduled: false, kitchenAt: null });

    expect(await scheduledList()).toEqual([sooner.id, later.id]);
    expect(await newList()).toEqual(expect.arrayContaining([soon.id, asap.id]));
    expect(await newList()).not.toContain(sooner.id);
    // The customer reads that it is scheduled, and for when.
    const status = await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/orders/${sooner.id}?token=${sooner.statusToken}` });
    expect(status.json()).toMatchObject({ stage: 'placed', scheduledFor: dayAt(1, 14 * 60).toISOString() });
    // Opening it before its time does not silence it: it rings when it reaches the kitchen.
    const opened = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/orders/${sooner.id}/acknowledge`,
      headers: w.staff.headers,
    });
    expect(opened.json()).toMatchObject({ acknowledgedAt: null, scheduled: true });
    // Answer the two for now, so the unattended-order rejection leaves them be.
    for (const o of [soon, asap])
      await w.ctx.app.inject({
        method: 'POST',
        url: `/api/cafes/${w.shop.id}/orders/${o.id}/accept`,
        headers: w.staff.headers,
        payload: { eta: null },
      });

    // One minute before its time, after more than the 20 unattended minutes: still waiting, not rejected.
    await advance(new Date(kitchenAt).getTime() - now.getTime() - MIN);
    expect(await scheduledList()).toEqual([sooner.id, later.id]);
    expect((await one(sooner.id)).orderStatusRestaurant).toBe('NEW');

    // Its time: both processes sweep; it is released once, and rings on New Orders.
    await advance(MIN + SCHEDULE_SWEEP_MS);
    expect(await scheduledList()).toEqual([later.id]);
    expect(await newList()).toEqual([sooner.id]);
    expect(await one(sooner.id)).toMatchObject({ scheduled: false, kitchenAt, acknowledgedAt: null, stage: 'placed' });
    expect(await events(sooner.id)).toEqual([
      { type: 'order.created', status: 'NEW', released: false },
      { type: 'order.updated', status: 'NEW', released: true },
    ]);
    const statusAfter = await w.ctx.app.inject({
      url: `/api/storefront/shops/${w.shop.id}/orders/${sooner.id}?token=${sooner.statusToken}`,
    });
    expect(statusAfter.json()).toMatchObject({ stage: 'placed', scheduledFor: null });

    // More sweeps add nothing.
    await advance(5 * SCHEDULE_SWEEP_MS);
    expect(await events(sooner.id)).toHaveLength(2);
    // The unattended minutes count from when it reached the kitchen: 20 minutes later it is rejected as usual.
    await advance(20 * MIN);
    expect((await one(sooner.id)).orderStatusRestaurant).toBe('DECLINED');
  });

  it('accepted as it is placed: arrives ACCEPTED in Scheduled, then moves to In progress (the board chimes) once', async () => {
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/kitchen`, {
      ...defaultKitchen,
      pickup: { ...defaultKitchen.pickup, autoAccept: true, readyInMinutes: 30 },
    });
    await moveTo(dayAt(2, 9 * 60));
    const o = await place(dayAt(2, 11 * 60));
    const kitchenAt = dayAt(2, 10 * 60 + 30).toISOString();
    expect(o).toMatchObject({ orderStatusRestaurant: 'ACCEPTED', scheduled: true, kitchenAt, eta: { display: 'As Requested' } });
    expect(await scheduledList()).toEqual([o.id]);
    expect(await inProgressList()).not.toContain(o.id);
    // Never among the orders that ring.
    expect(await newList()).not.toContain(o.id);

    await advance(90 * MIN + SCHEDULE_SWEEP_MS);
    expect(await scheduledList()).toEqual([]);
    expect(await inProgressList()).toContain(o.id);
    // What the board reads: one order.created ACCEPTED while scheduled, one order.updated ACCEPTED as it arrives.
    expect(await events(o.id)).toEqual([
      { type: 'order.created', status: 'ACCEPTED', released: false },
      { type: 'order.updated', status: 'ACCEPTED', released: true },
    ]);
    // Ready and complete work on it as on any accepted order.
    const ready = await w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${o.id}/ready`, headers: w.staff.headers });
    expect(ready.json()).toMatchObject({ stage: 'ready', scheduled: false });
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/kitchen`, defaultKitchen);
  });

  it('rejected while it waits: leaves Scheduled and is released quietly, with no event', async () => {
    await moveTo(dayAt(3, 9 * 60));
    const o = await place(dayAt(3, 12 * 60));
    const rejected = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${o.id}/reject`,
      headers: w.staff.headers,
      payload: { reason: 'Store Closed' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await scheduledList()).toEqual([]);
    await advance(3 * 60 * MIN);
    expect((await events(o.id)).map((e) => e.type)).toEqual(['order.created', 'order.updated']);
    const held = await w.ctx.pool.query('SELECT released_at FROM orders WHERE id = $1', [o.id]);
    expect(held.rows[0].released_at).not.toBeNull();
  });

  it('the scheduled filter: anonymous 401, another shop 404', async () => {
    const q = `filter=${encodeURIComponent(JSON.stringify({ scheduled: true }))}`;
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders?${q}` })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders?${q}`, headers: w.outsider.headers })).statusCode).toBe(404);
    const bad = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent('{"scheduled":"soon"}')}`,
      headers: w.staff.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
