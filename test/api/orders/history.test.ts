import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import type { OrderRow } from '../../../server/areas/orders/repo';

/*
 * History that finds things: GET /api/shops/{shopId}/orders with filter q (order number, #number, phone, name),
 * paymentType, collectionType and orderStatusRestaurant, and GET .../orders/totals for the same filter.
 */
let w: ShopWorld;
const o: Record<string, OrderRow> = {};

beforeAll(async () => {
  w = await shopWorld();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
  o.cathy = await seedOrder(w.ctx, w.shop.id, { customerName: 'Cathy Customer', mobile: '+61400111222', placedAt: at(0) });
  o.dan = await seedOrder(w.ctx, w.shop.id, {
    customerName: 'Dan O_Brien',
    mobile: '0412345678',
    placedAt: at(1),
    card: 'tok_visa',
    orderStatusRestaurant: 'ACCEPTED',
    grandTotal: 1250,
    cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal: 1250 }),
  });
  o.eve = await seedOrder(w.ctx, w.shop.id, {
    customerName: 'Eve 1002',
    mobile: '+61499999999',
    placedAt: at(2),
    collectionType: 'DELIVERY',
    orderStatusRestaurant: 'DECLINED',
    grandTotal: 2000,
  });
  // Another shop's order with the same number and name: never listed here.
  await seedOrder(w.ctx, w.otherShop.id, { customerName: 'Cathy Customer', mobile: '+61400111222', placedAt: at(3) });
});
afterAll(async () => {
  await w.ctx.close();
});

const url = (path: string, filter: object) => `/api/shops/${w.shop.id}/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const list = async (filter: object) => {
  const res = await w.ctx.app.inject({ url: url('orders', filter), headers: w.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { customerName: string }[]).map((x) => x.customerName).sort();
};
const totals = (filter: object, headers: Record<string, string> | null = w.staff.headers) =>
  w.ctx.app.inject({ url: url('orders/totals', filter), headers: headers ?? undefined });

describe('history search (filter q)', () => {
  it('numbers the seeded orders 1001, 1002, 1003', () => {
    expect([o.cathy.number, o.dan.number, o.eve.number]).toEqual([1001, 1002, 1003]);
  });

  it('finds an order by its number, with or without #', async () => {
    expect(await list({ q: '1001' })).toEqual(['Cathy Customer']);
    expect(await list({ q: '#1001' })).toEqual(['Cathy Customer']);
    expect(await list({ q: ' # 1003 ' })).toEqual(['Eve 1002']);
    expect(await list({ q: '#99999999999999' })).toEqual([]);
  });

  it('finds digits in a phone number too (spaces, dashes and + allowed), but #digits only as a number', async () => {
    expect(await list({ q: '111 222' })).toEqual(['Cathy Customer']);
    expect(await list({ q: '+6140011' })).toEqual(['Cathy Customer']);
    expect(await list({ q: '0412-345' })).toEqual(['Dan O_Brien']);
    expect(await list({ q: '99999' })).toEqual(['Eve 1002']);
    // National and international spellings of one mobile find each other.
    expect(await list({ q: '0400 111 222' })).toEqual(['Cathy Customer']);
    expect(await list({ q: '0412345678' })).toEqual(['Dan O_Brien']);
    expect(await list({ q: '#99999' })).toEqual([]);
  });

  it('finds part of a customer name, in any case, with LIKE wildcards taken as written', async () => {
    expect(await list({ q: 'cathy' })).toEqual(['Cathy Customer']);
    expect(await list({ q: 'CUSTOM' })).toEqual(['Cathy Customer']);
    expect(await list({ q: 'o_b' })).toEqual(['Dan O_Brien']);
    expect(await list({ q: '%' })).toEqual([]);
    expect(await list({ q: 'eve 1002' })).toEqual(['Eve 1002']);
    expect(await list({ q: '   ' })).toEqual(['Cathy Customer', 'Dan O_Brien', 'Eve 1002']);
  });
});

describe('history filters', () => {
  it('filters by payment type, collection type and status, one value or a list, together with q', async () => {
    expect(await list({ paymentType: 'CREDIT_CARD' })).toEqual(['Dan O_Brien']);
    expect(await list({ paymentType: ['CASH'] })).toEqual(['Cathy Customer', 'Eve 1002']);
    expect(await list({ collectionType: 'DELIVERY' })).toEqual(['Eve 1002']);
    expect(await list({ orderStatusRestaurant: ['NEW', 'ACCEPTED'] })).toEqual(['Cathy Customer', 'Dan O_Brien']);
    expect(await list({ orderStatusRestaurant: 'NEW', q: 'dan' })).toEqual([]);
    expect(await list({ paymentType: 'CASH', collectionType: 'PICKUP', q: 'cat' })).toEqual(['Cathy Customer']);
  });

  it('answers 400 naming the filter for a value it does not know', async () => {
    for (const filter of [
      { paymentType: 'IN_STORE' },
      { collectionType: 'TABLE' },
      { orderStatusRestaurant: 'DONE' },
      { q: 'x'.repeat(101) },
    ]) {
      const res = await w.ctx.app.inject({ url: url('orders', filter), headers: w.staff.headers });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(Object.keys(filter)[0]);
      expect((await totals(filter)).statusCode).toBe(400);
    }
    const q = await w.ctx.app.inject({ url: url('orders', { q: 'x'.repeat(101) }), headers: w.staff.headers });
    expect(Object.values(q.json().errors)).toContain('q should be at most 100 characters');
    const notJson = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/totals?filter=%7Bq`, headers: w.staff.headers });
    expect([notJson.statusCode, Object.values(notJson.json().errors)]).toEqual([400, ['filter should be JSON']]);
  });
});

describe('GET /orders/totals', () => {
  it('counts and adds up (currency units) what the same filter lists', async () => {
    expect((await totals({})).json()).toEqual({ orders: 3, gross: 9 + 12.5 + 20 });
    expect((await totals({ paymentType: 'CASH' })).json()).toEqual({ orders: 2, gross: 29 });
    expect((await totals({ q: '#1002' })).json()).toEqual({ orders: 1, gross: 12.5 });
    expect((await totals({ q: 'nobody' })).json()).toEqual({ orders: 0, gross: 0 });
    const from = { placedAt_gte: '2026-11-20T09:01:00Z', placedAt_lte: '2026-11-20T09:01:59Z' };
    expect((await totals(from)).json()).toEqual({ orders: 1, gross: 12.5 });
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/totals`, headers: w.owner.headers })).json()).toEqual({
      orders: 3,
      gross: 41.5,
    });
  });

  it('refuses a range outside 2000–2100 with 400 naming the filter', async () => {
    const res = await totals({ placedAt_gte: '0020-02-29T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'filter.placedAt_gte': 'placedAt_gte should be a date between 2000 and 2100' });
  });

  it('answers 401 to nobody and 404 to another shop’s member', async () => {
    expect((await totals({}, null)).statusCode).toBe(401);
    expect((await totals({}, w.outsider.headers)).statusCode).toBe(404);
  });
});

describe('an order stored with a collection time nothing can read (as an older release could)', () => {
  it('still lists and opens, the time shown as none', async () => {
    const set = (at: string | null) => w.ctx.pool.query('UPDATE orders SET collection_time = $2 WHERE id = $1', [o.cathy!.id, at]);
    await set('0020-02-29T12:00:00Z');
    try {
      const res = await w.ctx.app.inject({ url: url('orders', {}), headers: w.staff.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().find((x: { id: string }) => x.id === o.cathy!.id).collectionTime).toBeNull();
      const one = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${o.cathy!.id}`, headers: w.staff.headers });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().collectionTime).toBeNull();
    } finally {
      await set(null);
    }
  });
});
