import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { busyState } from '../../../server/areas/orders/repoBusy';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const act = (shopId: string, orderId: string, action: string, headers: Record<string, string> | undefined, payload?: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${shopId}/orders/${orderId}/${action}`, headers, payload });

describe('order list and detail', () => {
  it('lists NEW orders oldest first with Content-Range, filters by date range, and reads one order in currency units', async () => {
    const first = await seedOrder(w.ctx, w.shop.id, { placedAt: new Date('2026-11-20T01:00:00Z') });
    const second = await seedOrder(w.ctx, w.shop.id, { placedAt: new Date('2026-11-20T02:00:00Z') });
    await seedOrder(w.ctx, w.otherShop.id);
    const filter = encodeURIComponent(JSON.stringify({ orderStatusRestaurant: 'NEW' }));
    const sort = encodeURIComponent(JSON.stringify(['placedAt', 'ASC']));
    const res = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?filter=${filter}&sort=${sort}&range=[0,9]`,
      headers: w.staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('orders 0-1/2');
    expect(res.json().map((o: { id: string }) => o.id)).toEqual([first.id, second.id]);
    expect(second.previousOrderCount).toBe(1);

    const range = encodeURIComponent(JSON.stringify({ placedAt_gte: '2026-11-20T01:30:00Z', placedAt_lte: '2026-11-20T03:00:00Z' }));
    const ranged = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders?filter=${range}`, headers: w.owner.headers });
    expect(ranged.json().map((o: { id: string }) => o.id)).toEqual([second.id]);

    const one = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${first.id}`, headers: w.staff.headers });
    expect(one.json()).toMatchObject({
      id: first.id,
      orderStatusRestaurant: 'NEW',
      grandTotal: 9,
      cart: { items: [{ name: 'Flat White', quantity: 2, unitPrice: 4.5 }], grandTotal: 9 },
      actions: ['accept', 'reject'],
    });
  });

  it("answers 'Cannot find order' for a missing or another shop's order, 401 anonymous, 404 for another shop's member", async () => {
    const theirs = await seedOrder(w.ctx, w.otherShop.id);
    const missing = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${theirs.id}`, headers: w.owner.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cannot find order');
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders` })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders`, headers: w.outsider.headers })).statusCode).toBe(404);
    const bad = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent('{"orderStatusRestaurant":"LOST"}')}`,
      headers: w.owner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('order actions', () => {
  it('accepts with 15 minutes, then completes; a second accept or a reject after completing is a 409', async () => {
    const o = await seedOrder(w.ctx, w.shop.id);
    const accepted = await act(w.shop.id, o.id, 'accept', w.staff.headers, { eta: { minutes: 15 } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      orderStatusRestaurant: 'ACCEPTED',
      eta: { display: '15 minutes' },
      actions: ['reject', 'complete'],
    });
    const again = await act(w.shop.id, o.id, 'accept', w.owner.headers, { eta: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already ACCEPTED; it was changed on another device. Reload to see it.');
    const done = await act(w.shop.id, o.id, 'complete', w.staff.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().actions).toEqual([]);
    const late = await act(w.shop.id, o.id, 'reject', w.staff.headers, { reason: 'Too Busy' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is already completed.');
  });

  it('checks the ETA and the reason, and refuses As Requested when the customer gave no time', async () => {
    const o = await seedOrder(w.ctx, w.shop.id);
    expect((await act(w.shop.id, o.id, 'accept', w.staff.headers, { eta: { minutes: 7 } })).json().errors).toEqual({
      'eta.minutes': 'minutes should be one of 5, 10, 15, 30, 45, 60',
    });
    expect((await act(w.shop.id, o.id, 'accept', w.staff.headers, { eta: { asRequested: true } })).statusCode).toBe(409);
    expect((await act(w.shop.id, o.id, 'reject', w.staff.headers, { reason: ' ' })).json().errors).toEqual({
      reason: 'Reason is required',
    });
    expect((await act(w.shop.id, o.id, 'complete', w.staff.headers)).statusCode).toBe(409);
    const timed = await seedOrder(w.ctx, w.shop.id, { collectionTime: new Date('2026-11-20T05:00:00Z') });
    const asked = await act(w.shop.id, timed.id, 'accept', w.staff.headers, { eta: { asRequested: true } });
    expect(asked.json().eta).toEqual({ display: 'As Requested', time: '2026-11-20T05:00:00.000Z' });
  });

  it('rejects a cash order with no refund; anonymous 401, another shop 404', async () => {
    const o = await seedOrder(w.ctx, w.shop.id);
    expect((await act(w.shop.id, o.id, 'reject', undefined, { reason: 'x' })).statusCode).toBe(401);
    expect((await act(w.shop.id, o.id, 'reject', w.outsider.headers, { reason: 'x' })).statusCode).toBe(404);
    expect((await act(w.otherShop.id, o.id, 'reject', w.outsider.headers, { reason: 'x' })).json().message).toBe('Cannot find order');
    const res = await act(w.shop.id, o.id, 'reject', w.staff.headers, { reason: 'Store Closed' });
    expect(res.json()).toMatchObject({
      orderStatusRestaurant: 'DECLINED',
      paymentStatus: 'UNPAID',
      rejectReason: 'Store Closed',
      actions: [],
    });
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1', [o.id])).rows[0].n).toBe(0);
  });

  it('refunds a card order exactly once under concurrent rejects; the others get 409', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    let calls = 0;
    const refund = w.ctx.services.payments.refund;
    w.ctx.services.payments.refund = async (r) => {
      calls++;
      return refund(r);
    };
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => act(w.shop.id, o.id, 'reject', w.staff.headers, { reason: 'Too Busy' })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    } finally {
      w.ctx.services.payments.refund = refund;
    }
    expect(calls).toBe(1);
    const rows = (await w.ctx.pool.query('SELECT status, amount, idempotency_key FROM refunds WHERE order_id = $1', [o.id])).rows;
    expect(rows).toEqual([{ status: 'SUCCEEDED', amount: 900, idempotency_key: `refund:${o.id}` }]);
    const read = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${o.id}`, headers: w.owner.headers });
    expect(read.json().paymentStatus).toBe('REFUND_SUCCESS');
  });

  it('a refund the provider refuses leaves REFUND_FAILURE', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_refundFail' });
    const res = await act(w.shop.id, o.id, 'reject', w.staff.headers, { reason: 'Too Busy' });
    expect(res.json()).toMatchObject({ orderStatusRestaurant: 'DECLINED', paymentStatus: 'REFUND_FAILURE' });
    expect((await w.ctx.pool.query('SELECT status FROM refunds WHERE order_id = $1', [o.id])).rows).toEqual([{ status: 'FAILED' }]);
  });
});

describe('acknowledge', () => {
  it('marks an order seen once, for every board (order.updated), and keeps the first time', async () => {
    const o = await seedOrder(w.ctx, w.shop.id);
    const url = `/api/shops/${w.shop.id}/orders/${o.id}/acknowledge`;
    const first = await w.ctx.app.inject({ method: 'POST', url, headers: w.staff.headers });
    expect(first.statusCode).toBe(200);
    expect(typeof first.json().acknowledgedAt).toBe('string');
    const again = await w.ctx.app.inject({ method: 'POST', url, headers: w.owner.headers });
    expect(again.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
    const events = await w.ctx.pool.query(
      "SELECT count(*)::int AS n FROM shop_events WHERE shop_id = $1 AND type = 'order.updated' AND data->>'id' = $2",
      [w.shop.id, o.id],
    );
    expect(events.rows[0].n).toBe(1);
    expect((await w.ctx.app.inject({ method: 'POST', url, headers: w.outsider.headers })).statusCode).toBe(404);
  });
});

describe('busy mode', () => {
  it('pauses for 15 minutes and ends by itself; extra minutes are added to the ETA', async () => {
    const url = `/api/shops/${w.shop.id}/orders/busy`;
    const paused = await w.ctx.app.inject({ method: 'PUT', url, headers: w.staff.headers, payload: { mode: 'PAUSE', minutes: 15 } });
    expect(paused.json()).toMatchObject({ paused: true, extraMinutes: 0 });
    // Read at a later instant through the repository (the test's access tokens would have expired by then).
    expect(await busyState(w.shop.id, w.ctx.db, new Date(Date.now() + 16 * 60_000))).toMatchObject({ paused: false, pausedUntil: null });
    await w.ctx.app.inject({ method: 'PUT', url, headers: w.staff.headers, payload: { mode: 'EXTRA', minutes: 20 } });
    const o = await seedOrder(w.ctx, w.shop.id);
    const accepted = await act(w.shop.id, o.id, 'accept', w.staff.headers, { eta: { minutes: 10 } });
    expect(accepted.json().eta.display).toBe('30 minutes');
    await w.ctx.app.inject({ method: 'PUT', url, headers: w.staff.headers, payload: { mode: 'OFF' } });
    expect((await w.ctx.app.inject({ url, headers: w.staff.headers })).json()).toEqual({
      paused: false,
      pausedUntil: null,
      extraMinutes: 0,
      extraUntil: null,
      pauseReason: null,
      unansweredOrders: null,
    });
    expect(
      (await w.ctx.app.inject({ method: 'PUT', url, headers: w.staff.headers, payload: { mode: 'PAUSE', minutes: 5 } })).statusCode,
    ).toBe(400);
  });
});
