import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { RefundResult } from '../../../server/infra/payments';
import { seedOrder } from '../../helpers/orders';

/**
 * A card order whose refund failed when it was declined: every attempt is recorded and shown on the order, and an
 * ADMIN retries it with the first attempt's idempotency key until the provider refunds, once.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const reject = (orderId: string, headers = w.staff.headers) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/reject`, headers, payload: { reason: 'Too Busy' } });
const retry = (orderId: string, headers: Record<string, string> = w.owner.headers, shopId = w.shop.id) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${shopId}/orders/${orderId}/refund/retry`, headers });
const readOrder = (orderId: string) => w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/orders/${orderId}`, headers: w.staff.headers });
const refundRows = async (orderId: string) =>
  (await w.ctx.pool.query('SELECT status, idempotency_key FROM refunds WHERE order_id = $1', [orderId])).rows;
const ledgerRefunds = async (paymentId: string) =>
  (await w.ctx.pool.query(`SELECT count(*)::int AS n FROM simulated_ledger WHERE object = 'refund' AND payment_id = $1`, [paymentId]))
    .rows[0].n;

/** Makes the provider refuse refunds with `message` while `failing()` says so, counting the calls and their keys. */
function providerRefunds(failing: () => boolean, message = 'Insufficient funds in the account to refund this payment.') {
  const original = w.ctx.services.payments.refund;
  const keys: string[] = [];
  w.ctx.services.payments.refund = async (r): Promise<RefundResult> => {
    keys.push(r.idempotencyKey);
    if (failing()) return { status: 'failed', code: 'balance_insufficient', message };
    return original(r);
  };
  return { keys, restore: () => void (w.ctx.services.payments.refund = original) };
}

describe('refund attempts and retrying a failed refund', () => {
  it('records the failed refund of a reject, lets an ADMIN retry it with the same key until it succeeds, then answers 409', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    let failing = true;
    const provider = providerRefunds(() => failing);
    try {
      const rejectedFrom = w.ctx.clock.now().getTime();
      const declined = await reject(o.id);
      expect(declined.json()).toMatchObject({ orderStatusRestaurant: 'DECLINED', paymentStatus: 'REFUND_FAILURE' });
      const first = await readOrder(o.id);
      expect(first.json().refundAttempts).toEqual([
        {
          at: expect.any(String),
          outcome: 'FAILED',
          message: 'Insufficient funds in the account to refund this payment.',
          by: { id: w.staff.id, name: 'Sam Staff' },
        },
      ]);
      expect(Date.parse(first.json().refundAttempts[0].at)).toBeGreaterThanOrEqual(rejectedFrom);

      // Still failing: the attempt is recorded, the order stays REFUND_FAILURE.
      w.ctx.clock.advance(60_000);
      const again = await retry(o.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        paymentStatus: 'REFUND_FAILURE',
        refundAttempts: [{ outcome: 'FAILED' }, { outcome: 'FAILED', by: { id: w.owner.id, name: 'Olive Owner' } }],
      });

      failing = false;
      w.ctx.clock.advance(60_000);
      const retriedFrom = w.ctx.clock.now().getTime();
      const ok = await retry(o.id, w.superAdmin.headers);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ orderStatusRestaurant: 'DECLINED', paymentStatus: 'REFUND_SUCCESS', rejectReason: 'Too Busy' });
      expect(ok.json().refundAttempts.map((a: { outcome: string }) => a.outcome)).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
      expect(ok.json().refundAttempts[2]).toEqual({
        at: expect.any(String),
        outcome: 'SUCCEEDED',
        message: null,
        by: { id: w.superAdmin.id, name: 'Sue Super' },
      });
      const times = ok.json().refundAttempts.map((a: { at: string }) => Date.parse(a.at));
      expect(times[2]).toBeGreaterThanOrEqual(retriedFrom);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(60_000);
      expect((await readOrder(o.id)).json().refundAttempts).toEqual(ok.json().refundAttempts);

      const done = await retry(o.id);
      expect(done.statusCode).toBe(409);
      expect(done.json()).toEqual({ message: 'The payment of this order has already been refunded.', code: 'REFUND_SUCCEEDED' });
    } finally {
      provider.restore();
    }
    // One key for every attempt, so the provider refunds once.
    expect(provider.keys).toEqual([`refund:${o.id}`, `refund:${o.id}`, `refund:${o.id}`]);
    expect(await refundRows(o.id)).toEqual([{ status: 'SUCCEEDED', idempotency_key: `refund:${o.id}` }]);
    expect(await ledgerRefunds(o.paymentId!)).toBe(1);
  });

  it('refunds once under concurrent retries; the others get 409', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    let failing = true;
    const provider = providerRefunds(() => failing);
    try {
      expect((await reject(o.id)).json().paymentStatus).toBe('REFUND_FAILURE');
      failing = false;
      const results = await Promise.all(Array.from({ length: 6 }, () => retry(o.id)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    } finally {
      provider.restore();
    }
    expect(provider.keys).toHaveLength(2);
    expect(await ledgerRefunds(o.paymentId!)).toBe(1);
    expect((await readOrder(o.id)).json().refundAttempts.map((a: { outcome: string }) => a.outcome)).toEqual(['FAILED', 'SUCCEEDED']);
  });

  it('shows a refund that succeeded at once as one attempt, and a cash order as none', async () => {
    const card = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    expect((await reject(card.id)).json().paymentStatus).toBe('REFUND_SUCCESS');
    expect((await readOrder(card.id)).json().refundAttempts).toEqual([
      { at: expect.any(String), outcome: 'SUCCEEDED', message: null, by: { id: w.staff.id, name: 'Sam Staff' } },
    ]);
    const cash = await seedOrder(w.ctx, w.shop.id);
    expect((await readOrder(cash.id)).json().refundAttempts).toEqual([]);
  });

  it('refuses a USER (403), anonymous (401), another shop (404), and orders with no failed refund (409), changing nothing', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_refundFail' });
    expect((await reject(o.id)).json().paymentStatus).toBe('REFUND_FAILURE');
    const before = { order: (await readOrder(o.id)).json(), refunds: await refundRows(o.id) };

    const asUser = await retry(o.id, w.staff.headers);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ message: 'You are not allowed to do this.', code: 'FORBIDDEN' });
    expect((await retry(o.id, {})).statusCode).toBe(401);
    expect((await retry(o.id, w.outsider.headers)).statusCode).toBe(404);
    const elsewhere = await retry(o.id, w.outsider.headers, w.otherShop.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Cannot find order');
    expect({ order: (await readOrder(o.id)).json(), refunds: await refundRows(o.id) }).toEqual(before);

    const noFailedRefund = {
      message: 'Only a declined card order whose refund failed can have its refund retried.',
      code: 'NO_FAILED_REFUND',
    };
    const cash = await seedOrder(w.ctx, w.shop.id);
    await reject(cash.id);
    const open = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    for (const id of [cash.id, open.id]) {
      const res = await retry(id);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: noFailedRefund });
    }
    expect((await readOrder(open.id)).json()).toMatchObject({ orderStatusRestaurant: 'NEW', paymentStatus: 'PAID', refundAttempts: [] });
  });

  it('records a provider that throws as a failed attempt with its message', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    const original = w.ctx.services.payments.refund;
    w.ctx.services.payments.refund = async () => {
      throw new Error('socket hang up');
    };
    try {
      expect((await reject(o.id)).json().paymentStatus).toBe('REFUND_FAILURE');
    } finally {
      w.ctx.services.payments.refund = original;
    }
    expect((await readOrder(o.id)).json().refundAttempts).toMatchObject([{ outcome: 'FAILED', message: 'socket hang up' }]);
    expect((await retry(o.id)).json()).toMatchObject({
      paymentStatus: 'REFUND_SUCCESS',
      refundAttempts: [{ outcome: 'FAILED' }, { outcome: 'SUCCEEDED' }],
    });
  });
});
