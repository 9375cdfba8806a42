import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { ipSource } from '../../helpers/rateLimits';
import { cashPickup, openForOrders, placeOrder, seedOrder } from '../../helpers/orders';

/*
 * Order numbers: the database gives each order the next number of its shop (from 1001) on insert, whoever inserts it,
 * so simultaneous placements never share one and a retried order never skips one. Every order answer carries it.
 */
let w: ShopWorld;
let ids: Record<'cake', string>;
const nextIp = ipSource(154);
let mobiles = 0;
const nextMobile = () => `0400 154 ${String(100 + mobiles++).padStart(3, '0')}`;

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, { cake: { type: 'BASIC', name: 'Cake', price: 5.99 } });
});
afterAll(async () => {
  await w.ctx.close();
});

const cake = (over: Record<string, unknown> = {}) => cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: nextMobile(), ...over });
const place = async (over: Record<string, unknown> = {}, headers?: Record<string, string>) => {
  const res = await placeOrder(w, cake(over), { remoteAddress: nextIp(), headers });
  expect(res.statusCode, res.body).toBe(201);
  return res;
};

describe('order numbers', () => {
  it('numbers 20 simultaneous placements in one shop 1001 to 1020, each once, and answers it to the customer', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => place()));
    const numbers = answers.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => 1001 + i));
  });

  it('starts every shop at 1001', async () => {
    const theirs = await seedOrder(w.ctx, w.otherShop.id);
    expect(theirs.number).toBe(1001);
    expect((await seedOrder(w.ctx, w.otherShop.id)).number).toBe(1002);
  });

  it('gives a retried order its first number and the next order the next one (no gap)', async () => {
    const key = { 'idempotency-key': 'numbers-retry-1' };
    const body = cake();
    const first = await placeOrder(w, body, { remoteAddress: nextIp(), headers: key });
    const again = await placeOrder(w, body, { remoteAddress: nextIp(), headers: key });
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json().number).toBe(first.json().number);
    expect((await place()).json().number).toBe(first.json().number + 1);
  });

  it('shows the number in the console list, the order page and the order actions', async () => {
    const placed = (await place({ customerName: 'Nina Number' })).json();
    const list = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent(JSON.stringify({ id: placed.id }))}`,
      headers: w.staff.headers,
    });
    expect(list.json()).toMatchObject([{ id: placed.id, number: placed.number }]);
    const one = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${placed.id}`, headers: w.staff.headers });
    expect(one.json()).toMatchObject({ id: placed.id, number: placed.number });
    const accepted = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${placed.id}/accept`,
      headers: w.staff.headers,
      payload: { eta: null },
    });
    expect(accepted.json(), accepted.body).toMatchObject({ id: placed.id, number: placed.number });
  });

  it('sorts by number', async () => {
    const res = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?sort=${encodeURIComponent('["number","ASC"]')}&range=${encodeURIComponent('[0,2]')}`,
      headers: w.owner.headers,
    });
    expect(res.json().map((o: { number: number }) => o.number)).toEqual([1001, 1002, 1003]);
  });
});
