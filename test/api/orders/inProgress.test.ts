import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const act = (orderId: string, action: string, payload?: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.staff.headers, payload });
const list = (filter: object, headers: Record<string, string> = w.staff.headers) =>
  w.ctx.app.inject({
    url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["placedAt","ASC"]')}`,
    headers,
  });

describe('the board’s orders in progress: accepted and not completed, oldest first', () => {
  it('lists accepted orders not yet completed, and leaves out completed, new and another shop’s', async () => {
    const later = await seedOrder(w.ctx, w.shop.id, { placedAt: new Date('2026-11-20T02:00:00Z'), customerName: 'Later' });
    const older = await seedOrder(w.ctx, w.shop.id, { placedAt: new Date('2026-11-20T01:00:00Z'), customerName: 'Older' });
    const done = await seedOrder(w.ctx, w.shop.id, { placedAt: new Date('2026-11-20T00:30:00Z') });
    await seedOrder(w.ctx, w.shop.id);
    const theirs = await seedOrder(w.ctx, w.otherShop.id);
    for (const o of [later, older, done]) expect((await act(o.id, 'accept', { eta: { minutes: 15 } })).statusCode).toBe(200);
    expect((await act(done.id, 'complete')).statusCode).toBe(200);
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.otherShop.id}/orders/${theirs.id}/accept`,
      headers: w.outsider.headers,
      payload: { eta: null },
    });

    const res = await list({ orderStatusRestaurant: 'ACCEPTED', completed: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((o: { id: string }) => o.id)).toEqual([older.id, later.id]);
    expect(res.headers['content-range']).toBe('orders 0-1/2');
    expect(res.json()[0].actions).toEqual(['reject', 'complete']);

    const completed = await list({ completed: true });
    expect(completed.json().map((o: { id: string }) => o.id)).toEqual([done.id]);
  });

  it('refuses a filter that is not a boolean, naming it; anonymous 401, another shop’s member 404', async () => {
    const bad = await list({ completed: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('completed');
    expect((await list({ completed: false }, {})).statusCode).toBe(401);
    expect((await list({ completed: false }, w.outsider.headers)).statusCode).toBe(404);
  });
});
