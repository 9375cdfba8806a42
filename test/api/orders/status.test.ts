import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, placeOrder } from '../../helpers/orders';
import { openSse } from '../../helpers/sse';
import { HEARTBEAT_MS } from '../../../server/infra/events/stream';
import { MAX_ORDER_STREAMS_PER_IP } from '../../../server/areas/orders/routesStatus';

/*
 * A customer follows their order: the status token every placement answer carries, GET …/orders/{orderId}?token=
 * (what the order page reads) and its live stream, against real placements and the shop's real order actions.
 */
let w: ShopWorld;
let ids: Record<'latte' | 'cake', string>;
let base: string;

beforeAll(async () => {
  w = await shopWorld({ shopName: 'Corner Cafe' });
  ids = await openForOrders(w, {
    latte: {
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
    },
    cake: { type: 'BASIC', name: 'Cake', price: 5.99 },
  });
  await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(w.ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await w.ctx.close();
});

const lattes = () => [{ itemId: ids.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] }];
const cash = (over: Record<string, unknown> = {}) => cashPickup(lattes(), over);
const card = (token = 'tok_visa', over: Record<string, unknown> = {}) => cash({ paymentType: 'CREDIT_CARD', paymentToken: token, ...over });

/** A 15-minute collection slot about `hours` from now on the test clock. */
const slotIn = (hours: number) => {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((w.ctx.clock.now().getTime() + hours * 3_600_000) / quarter) * quarter).toISOString();
};

async function placed(body: object, headers: Record<string, string> = {}) {
  const res = await placeOrder(w, body, { headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: number; statusToken: string };
}
const statusUrl = (orderId: string, token: string, shopId = w.shop.id) =>
  `/api/storefront/shops/${shopId}/orders/${orderId}?token=${encodeURIComponent(token)}`;
const status = (orderId: string, token: string, headers: Record<string, string> = {}, shopId = w.shop.id) =>
  w.ctx.app.inject({ method: 'GET', url: statusUrl(orderId, token, shopId), headers });
const act = (orderId: string, action: 'accept' | 'reject' | 'complete', payload?: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.staff.headers, payload });

describe('the status token', () => {
  it('comes with every placement answer: the same on a replay, on the 402 of a declined card, and a different one per order', async () => {
    const key = { 'idempotency-key': 'status-token-replay' };
    const first = await placed(cash(), key);
    expect(first.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const replay = await placeOrder(w, cash(), { headers: key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ id: first.id, statusToken: first.statusToken });

    const other = await placed(cash());
    expect(other.statusToken).not.toBe(first.statusToken);

    const declined = await placeOrder(w, card('tok_chargeDeclined'), { headers: { 'idempotency-key': 'status-token-declined' } });
    expect(declined.statusCode).toBe(402);
    const { order } = declined.json();
    expect(order.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const declinedAgain = await placeOrder(w, card('tok_chargeDeclined'), { headers: { 'idempotency-key': 'status-token-declined' } });
    expect(declinedAgain.json().order.statusToken).toBe(order.statusToken);
    const failed = await status(order.id, order.statusToken);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      status: 'FAILURE',
      stage: 'payment_failed',
      failureMessage: 'Your card was declined: Your card was declined.',
      payment: { type: 'CREDIT_CARD', outcome: 'not_charged' },
      readyAt: null,
    });
  });
});

describe('GET /api/storefront/shops/{shopId}/orders/{orderId}?token=', () => {
  it("answers the order as its customer sees it: lines, totals, where it stands; nothing of staff, payment ids or the customer's other details", async () => {
    const when = slotIn(2);
    const o = await placed(
      cash({
        items: [...lattes(), { itemId: ids.cake, quantity: 1 }],
        email: 'cathy@example.com',
        collectionTime: when,
      }),
    );
    const res = await status(o.id, o.statusToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: o.id,
      number: o.number,
      shopId: w.shop.id,
      shopName: 'Corner Cafe',
      status: 'NEW',
      stage: 'placed',
      placedAt: expect.any(String),
      readyAt: null,
      markedReadyAt: null,
      // Two hours ahead is later than the 20-minute prep time: it waits for the kitchen, and the page says for when.
      scheduledFor: when,
      rejectReason: null,
      failureMessage: null,
      payment: { type: 'CASH', outcome: 'pay_at_counter' },
      lines: [
        { name: 'Latte', quantity: 2, choices: 'Milk: Oat', unitPrice: 5.3, total: 10.6 },
        { name: 'Cake', quantity: 1, choices: '', unitPrice: 5.99, total: 5.99 },
      ],
      totals: {
        currency: 'AUD',
        subtotal: 16.59,
        discount: 0,
        loyaltyDiscount: 0,
        creditCardSurcharge: 0,
        deliveryCharges: 0,
        total: 16.59,
      },
      collectionType: 'PICKUP',
      collectionTime: when,
      customerName: 'Cathy Customer',
    });
    expect(res.body).not.toMatch(/cathy@example\.com|0400|\+61|acted|paymentId/i);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers the same 404 for a wrong token, another order’s token, a made-up token and an unknown order; a shop not published 404s', async () => {
    const mine = await placed(cash());
    const theirs = await placed(cash());
    const misses = [
      await status(mine.id, theirs.statusToken),
      await status(mine.id, 'x'.repeat(43)),
      await status(mine.id, mine.statusToken.slice(0, -1) + (mine.statusToken.endsWith('A') ? 'B' : 'A')),
      await status('00000000-0000-4000-8000-000000000000', mine.statusToken),
      await status('not-a-uuid', mine.statusToken),
    ];
    for (const miss of misses) {
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual({ message: 'Cannot find order', code: 'NOT_FOUND' });
    }
    // A token opens its order at its shop only.
    expect((await status(mine.id, mine.statusToken, {}, w.otherShop.id)).statusCode).toBe(404);
    const missing = await w.ctx.app.inject({ method: 'GET', url: `/api/storefront/shops/${w.shop.id}/orders/${mine.id}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ token: 'token is required' });

    await w.ctx.pool.query(`UPDATE shops SET listing_status = 'UNPUBLISHED' WHERE id = $1`, [w.shop.id]);
    try {
      expect((await status(mine.id, mine.statusToken)).statusCode).toBe(404);
    } finally {
      await w.ctx.pool.query(`UPDATE shops SET listing_status = 'PUBLISHED' WHERE id = $1`, [w.shop.id]);
    }
    expect((await status(mine.id, mine.statusToken)).statusCode).toBe(200);
  });

  it('shows readyAt once accepted, completed once done; ETag and 304 while nothing changed', async () => {
    const o = await placed(cash());
    const first = await status(o.id, o.statusToken);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const fresh = await status(o.id, o.statusToken, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');

    const accepted = await act(o.id, 'accept', { eta: { minutes: 15 } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const now = await status(o.id, o.statusToken, { 'if-none-match': etag });
    expect(now.statusCode).toBe(200);
    expect(now.headers.etag).not.toBe(etag);
    expect(now.json()).toMatchObject({ status: 'ACCEPTED', stage: 'accepted', readyAt: accepted.json().eta.time });
    expect(Date.parse(now.json().readyAt)).toBeGreaterThan(Date.parse(now.json().placedAt));

    expect((await act(o.id, 'complete')).statusCode).toBe(200);
    expect((await status(o.id, o.statusToken)).json()).toMatchObject({
      status: 'ACCEPTED',
      stage: 'completed',
      payment: { outcome: 'pay_at_counter' },
    });
  });

  it('after a rejection: the reason, and what happened to the money (card refunded, refund not through yet, cash nothing to pay)', async () => {
    const paid = await placed(card());
    expect((await status(paid.id, paid.statusToken)).json().payment).toEqual({ type: 'CREDIT_CARD', outcome: 'charged' });
    expect((await act(paid.id, 'reject', { reason: 'Item Unavailable' })).statusCode).toBe(200);
    expect((await status(paid.id, paid.statusToken)).json()).toMatchObject({
      status: 'DECLINED',
      stage: 'rejected',
      rejectReason: 'Item Unavailable',
      readyAt: null,
      payment: { type: 'CREDIT_CARD', outcome: 'refunded' },
    });

    const failing = await placed(card('tok_refundFail'));
    expect((await act(failing.id, 'reject', { reason: 'Too Busy' })).statusCode).toBe(200);
    expect((await status(failing.id, failing.statusToken)).json().payment.outcome).toBe('refund_pending');

    const cashOrder = await placed(cash());
    await act(cashOrder.id, 'accept', { eta: { minutes: 10 } });
    expect((await act(cashOrder.id, 'reject', { reason: 'Store Closed' })).statusCode).toBe(200);
    expect((await status(cashOrder.id, cashOrder.statusToken)).json()).toMatchObject({
      stage: 'rejected',
      rejectReason: 'Store Closed',
      readyAt: null,
      payment: { type: 'CASH', outcome: 'not_charged' },
    });
  });
});

describe('GET /api/storefront/shops/{shopId}/orders/{orderId}/events?token=', () => {
  const eventsUrl = (orderId: string, token: string) =>
    `${base}/api/storefront/shops/${w.shop.id}/orders/${orderId}/events?token=${encodeURIComponent(token)}`;

  it('sends the status at once, then each change of that order only, with heartbeats', async () => {
    const o = await placed(cash());
    const other = await placed(cash());
    const stream = await openSse(eventsUrl(o.id, o.statusToken));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const [first] = await stream.events(1);
      expect(first.event).toBe('status');
      expect(JSON.parse(first.data)).toMatchObject({ id: o.id, stage: 'placed' });

      // Another order's change is not this stream's; this order's accept is.
      expect((await act(other.id, 'accept', { eta: { minutes: 5 } })).statusCode).toBe(200);
      const accepted = await act(o.id, 'accept', { eta: { minutes: 30 } });
      expect(accepted.statusCode).toBe(200);
      const got = await stream.events(2);
      expect(JSON.parse(got[1].data)).toMatchObject({ id: o.id, stage: 'accepted', readyAt: accepted.json().eta.time });

      expect((await act(o.id, 'reject', { reason: 'Item Unavailable' })).statusCode).toBe(200);
      const after = await stream.events(3);
      expect(JSON.parse(after[2].data)).toMatchObject({ stage: 'rejected', rejectReason: 'Item Unavailable' });
      expect(after.every((e) => JSON.parse(e.data).id === o.id)).toBe(true);

      w.ctx.clock.advance(HEARTBEAT_MS);
      await w.ctx.clock.settled();
      await expect.poll(() => stream.comments).toContain('heartbeat');
      expect(stream.isEnded()).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('404s like the status read, and ends when the shop stops being published', async () => {
    const o = await placed(cash());
    const theirs = await placed(cash());
    const wrong = await fetch(eventsUrl(o.id, theirs.statusToken));
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ message: 'Cannot find order', code: 'NOT_FOUND' });

    const stream = await openSse(eventsUrl(o.id, o.statusToken));
    await stream.events(1);
    await w.ctx.pool.query(`UPDATE shops SET listing_status = 'UNPUBLISHED' WHERE id = $1`, [w.shop.id]);
    try {
      w.ctx.clock.advance(HEARTBEAT_MS);
      await w.ctx.clock.settled();
      await stream.ended();
    } finally {
      await w.ctx.pool.query(`UPDATE shops SET listing_status = 'PUBLISHED' WHERE id = $1`, [w.shop.id]);
      stream.close();
    }
  });

  it(`holds at most ${MAX_ORDER_STREAMS_PER_IP} open streams per IP (429 with Retry-After beyond)`, async () => {
    const o = await placed(cash());
    const open = [];
    try {
      for (let i = 0; i < MAX_ORDER_STREAMS_PER_IP; i++) {
        const s = await openSse(eventsUrl(o.id, o.statusToken));
        expect(s.status).toBe(200);
        open.push(s);
      }
      const refused = await fetch(eventsUrl(o.id, o.statusToken));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(HEARTBEAT_MS / 1000));
      // Closing one frees its place.
      open.pop()!.close();
      await expect
        .poll(async () => {
          const s = await openSse(eventsUrl(o.id, o.statusToken));
          if (s.status === 200) open.push(s);
          return s.status;
        })
        .toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });
});
