import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { Database } from '../../../server/infra/db/client';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import { requestHash } from '../../../server/infra/http/idempotency';
import { placeOrderSchema } from '../../../domain/order';
import { storedCart } from '../../helpers/orders';
import { blockedOnAdvisoryLock } from '../../helpers/locks';

/*
 * POST /api/storefront/shops/{shopId}/orders against the real catalog and settings: the shop is published, open
 * around the clock, with a latte (milk choice), a cake and a delivery suburb. Every refusal with its message,
 * idempotency (also across two server processes), card payments.
 */
let w: ShopWorld;
let second: { app: FastifyInstance; database: Database };
const ids: Record<string, string> = {};

const OPEN = { open: '00:00', duration: 24, available: true };
const day = { pickup: OPEN, pickupExt: { ...OPEN, available: false }, delivery: OPEN, deliveryExt: { ...OPEN, available: false } };
const allWeek = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, day]));

async function put(url: string, payload: object) {
  const res = await w.ctx.app.inject({ method: 'PUT', url, headers: w.owner.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
}
async function item(payload: object) {
  const res = await w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/items`, headers: w.owner.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  w = await shopWorld();
  expect(
    (await w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/approve`, headers: w.superAdmin.headers })).statusCode,
  ).toBe(200);
  await put(`/api/shops/${w.shop.id}/settings/timings`, allWeek);
  await put(`/api/shops/${w.shop.id}/settings/delivery`, {
    minOrderValue: 20,
    suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }],
  });
  ids.latte = await item({
    type: 'BASIC',
    name: 'Latte',
    price: 4.5,
    attributes: [
      {
        name: 'Milk',
        multiple: false,
        optional: false,
        values: [
          { name: 'Full', extraCharge: 0 },
          { name: 'Oat', extraCharge: 0.8 },
        ],
      },
    ],
  });
  ids.cake = await item({ type: 'BASIC', name: 'Cake', price: 5.99 });
  // What customers can order is what the menu lists.
  await put(`/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Coffee and cake', itemIds: [ids.latte, ids.cake] }] });
  const database = connectLike(w.ctx.config, 5);
  const services = await createServices(w.ctx.config, database, { log: () => undefined });
  second = { app: await buildApp({ services, serveConsole: false }), database };
  await second.app.ready();
});
afterAll(async () => {
  await second.app.close();
  await second.database.pool.end();
  await w.ctx.close();
});

const order = (over: Record<string, unknown> = {}) => ({
  items: [{ itemId: ids.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] }],
  customerName: 'Cathy Customer',
  mobile: '0400 000 001',
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
  ...over,
});
const place = (payload: object, headers: Record<string, string> = {}, shopId = w.shop.id, app = w.ctx.app) =>
  app.inject({ method: 'POST', url: `/api/storefront/shops/${shopId}/orders`, payload, headers });
const refusal = async (payload: object) => {
  const res = await place(payload);
  return { status: res.statusCode, message: res.json().message as string };
};
const newCount = async () =>
  (await w.ctx.pool.query("SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND order_status_restaurant = 'NEW'", [w.shop.id]))
    .rows[0].n as number;

describe('POST /api/storefront/shops/{shopId}/orders', () => {
  it('prices a cash pickup on the server, stores it NEW with its event, and counts previous orders', async () => {
    const res = await place({
      ...order(),
      grandTotal: 0.01,
      items: [{ itemId: ids.latte, quantity: 2, unitPrice: 0.01, attributes: [{ name: 'Milk', values: ['Oat'] }] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      orderStatusRestaurant: 'NEW',
      paymentStatus: 'UNPAID',
      previousOrderCount: 0,
      cart: {
        items: [{ name: 'Latte', summary: 'Milk: Oat', quantity: 2, unitPrice: 5.3 }],
        grandTotal: 10.6,
        deliveryCharges: 0,
        discount: 0,
        creditCardSurcharge: 0,
      },
    });
    expect(typeof body.placedAt).toBe('string');
    const again = await place(order());
    expect(again.json().previousOrderCount).toBe(1);
    const events = await w.ctx.pool.query("SELECT type, data->>'id' AS id FROM shop_events WHERE shop_id = $1 ORDER BY seq", [w.shop.id]);
    expect(events.rows.filter((e) => e.type === 'order.created').map((e) => e.id)).toEqual([body.id, again.json().id]);
  });

  it('adds the delivery charge of the suburb and refuses other suburbs and small orders', async () => {
    const delivery = { collectionType: 'DELIVERY', deliveryAddress: { line1: '1 King St', suburb: 'Newtown', postcode: '2042' } };
    const res = await place(order({ ...delivery, items: [{ itemId: ids.cake, quantity: 4 }] }));
    expect(res.json().cart).toMatchObject({ deliveryCharges: 5, grandTotal: 28.96 });
    expect(
      await refusal(
        order({ ...delivery, deliveryAddress: { line1: '1 Beach Rd', suburb: 'Bondi' }, items: [{ itemId: ids.cake, quantity: 4 }] }),
      ),
    ).toEqual({ status: 409, message: 'We do not deliver to Bondi.' });
    expect(await refusal(order({ ...delivery, items: [{ itemId: ids.cake, quantity: 1 }] }))).toEqual({
      status: 409,
      message: 'The minimum order for delivery is $20.00.',
    });
  });

  it('refuses unknown and sold-out items, bad choices, an unpublished shop, and a paused shop', async () => {
    expect(await refusal(order({ items: [{ itemId: '00000000-0000-4000-8000-0000000000ff', quantity: 1 }] }))).toEqual({
      status: 409,
      message: 'Item 00000000-0000-4000-8000-0000000000ff is not on the menu.',
    });
    expect((await refusal(order({ items: [{ itemId: ids.latte, quantity: 1 }] }))).status).toBe(400);
    await put(`/api/shops/${w.shop.id}/items/${ids.cake}/availability`, { soldOut: true });
    expect(await refusal(order({ items: [{ itemId: ids.cake, quantity: 1 }] }))).toEqual({ status: 409, message: 'Cake is sold out.' });
    await put(`/api/shops/${w.shop.id}/items/${ids.cake}/availability`, { soldOut: false });
    const hidden = await createShop(w.ctx, w.owner, { name: 'Hidden Cafe' });
    expect((await place(order(), {}, hidden.id)).statusCode).toBe(404);
    await put(`/api/shops/${w.shop.id}/orders/busy`, { mode: 'PAUSE', minutes: 15 });
    expect(await refusal(order())).toEqual({ status: 409, message: 'The shop is not taking orders right now. Please try again later.' });
    await put(`/api/shops/${w.shop.id}/orders/busy`, { mode: 'OFF' });
    expect((await place({ ...order(), items: [] })).json()).toMatchObject({ errors: { items: 'The cart is empty' } });
  });

  it('refuses what the shop does not offer: closed hours, cash off, delivery off', async () => {
    await put(
      `/api/shops/${w.shop.id}/settings/timings`,
      Object.fromEntries(Object.keys(allWeek).map((d) => [d, { ...day, pickup: { ...OPEN, available: false } }])),
    );
    // Pickup closed while delivery is open: the refusal says which service is closed, not that the shop is.
    expect(await refusal(order())).toEqual({ status: 409, message: 'Pickup is closed right now. The shop is open for delivery.' });
    await put(
      `/api/shops/${w.shop.id}/settings/timings`,
      Object.fromEntries(
        Object.keys(allWeek).map((d) => [d, { ...day, pickup: { ...OPEN, available: false }, delivery: { ...OPEN, available: false } }]),
      ),
    );
    expect(await refusal(order())).toEqual({ status: 409, message: 'The shop is closed right now.' });
    await put(`/api/shops/${w.shop.id}/settings/timings`, allWeek);
    const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
    await put(`/api/shops/${w.shop.id}/settings/checkout`, { ...checkout, hasCash: false, collectionType: 'PICKUP_ONLY' });
    expect(await refusal(order())).toEqual({ status: 409, message: 'This shop does not take cash. Pay by card.' });
    expect(
      await refusal(
        order({
          paymentType: 'CREDIT_CARD',
          paymentToken: 'tok_visa',
          collectionType: 'DELIVERY',
          deliveryAddress: { line1: '1 King St', suburb: 'Newtown' },
        }),
      ),
    ).toEqual({
      status: 409,
      message: 'This shop does not offer delivery orders.',
    });
    await put(`/api/shops/${w.shop.id}/settings/checkout`, checkout);
  });

  it('charges a card with the application fee; a declined card is a 402 and leaves no NEW order', async () => {
    await w.ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${w.shop.id}/transaction_fee`,
      headers: w.superAdmin.headers,
      payload: { applicable: true, microLimit: 2000, microAmount: 20, microPercentage: 0, normalAmount: 80, normalPercentage: 1 },
    });
    const paid = await place(order({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' }));
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ paymentStatus: 'PAID', paymentType: 'CREDIT_CARD', applicationFee: 20 });
    const before = await newCount();
    const declined = await place(order({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_chargeDeclined' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined: Your card was declined.');
    expect(await newCount()).toBe(before);
    expect((await refusal(order({ paymentType: 'CREDIT_CARD' }))).message).toBe('A card payment needs a payment token.');
  });

  it('answers a retried Idempotency-Key with the first order, also when two processes get it at once; another body is a 422', async () => {
    const key = { 'idempotency-key': 'retry-me-1' };
    const body = order({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' });
    const [a, b] = await Promise.all([place(body, key), place(body, key, w.shop.id, second.app)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const third = await place(body, key);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json().id).toBe(a.json().id);
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1', ['retry-me-1'])).rows[0].n).toBe(1);
    const other = await place(order({ customerName: 'Someone Else' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used with a different order.');
    const declinedKey = { 'idempotency-key': 'declined-1' };
    const d1 = await place(order({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_chargeDeclined' }), declinedKey);
    const d2 = await place(order({ paymentType: 'CREDIT_CARD', paymentToken: 'tok_chargeDeclined' }), declinedKey);
    expect([d1.statusCode, d2.statusCode, d2.headers['idempotent-replayed']]).toEqual([402, 402, 'true']);
  });

  it('stores a cash order once when the same Idempotency-Key arrives at once on two processes, with no second event', async () => {
    const key = { 'idempotency-key': 'cash-race-1' };
    const body = order({ customerName: 'Rita Racer' });
    const answers = await Promise.all([0, 1, 2, 3].map((i) => place(body, key, w.shop.id, i % 2 ? second.app : w.ctx.app)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    const id = answers[0].json().id;
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1', ['cash-race-1'])).rows[0].n).toBe(1);
    expect((await w.ctx.pool.query("SELECT count(*)::int AS n FROM shop_events WHERE data->>'id' = $1", [id])).rows[0].n).toBe(1);
    expect((await place(order({ customerName: 'Someone Else' }), key)).statusCode).toBe(422);
  });

  it('answers a refused retry with the first order when that one was still being stored, and keeps a cash order waiting while a refusal looks', async () => {
    // The first attempt is in flight: inserted (holding its key's lock shared) but not committed yet.
    const body = order({ customerName: 'Ivy Inflight' });
    const first = await w.ctx.pool.connect();
    const lock = `${w.shop.id}:in-flight-1`;
    try {
      await first.query('BEGIN');
      await first.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [lock]);
      const inserted = await first.query(
        `INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type, placed_at, grand_total, cart, idempotency_key, request_hash)
         VALUES ($1, 'NEW', 'UNPAID', 'CASH', 'Ivy Inflight', '0400 000 001', 'PICKUP', now(), 900, $3, 'in-flight-1', $2) RETURNING id`,
        [w.shop.id, requestHash(placeOrderSchema.parse(body)), JSON.stringify(storedCart())],
      );
      // The shop stops taking orders meanwhile: the retry is refused by pricing, so it must look for a first attempt.
      await put(`/api/shops/${w.shop.id}/orders/busy`, { mode: 'PAUSE', minutes: 15 });
      let settled = false;
      const retry = place(body, { 'idempotency-key': 'in-flight-1' }).finally(() => (settled = true));
      await blockedOnAdvisoryLock(w.ctx.pool, lock);
      expect(settled).toBe(false);
      await first.query('COMMIT');
      const res = await retry;
      expect([res.statusCode, res.headers['idempotent-replayed'], res.json().id]).toEqual([201, 'true', inserted.rows[0].id]);
    } finally {
      first.release();
      await put(`/api/shops/${w.shop.id}/orders/busy`, { mode: 'OFF' });
    }

    // A refusal is looking (it holds the key's lock): a cash order with that key waits, then goes in once it has gone.
    const refusing = await w.ctx.pool.connect();
    try {
      await refusing.query('BEGIN');
      await refusing.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${w.shop.id}:looking-1`]);
      let settled = false;
      const attempt = place(order({ customerName: 'Lou Later' }), { 'idempotency-key': 'looking-1' }).finally(() => (settled = true));
      await blockedOnAdvisoryLock(w.ctx.pool, `${w.shop.id}:looking-1`);
      expect(settled).toBe(false);
      await refusing.query('ROLLBACK');
      const res = await attempt;
      expect([res.statusCode, res.headers['idempotent-replayed']]).toEqual([201, undefined]);
    } finally {
      refusing.release();
    }
  });
});
