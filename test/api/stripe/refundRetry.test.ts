import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { errorBody } from '../../helpers/fakeStripe/fixtures';
import { activate } from '../../../server/infra/payments/accounts';
import { seedOrder } from '../../helpers/orders';
import { createShop } from '../../helpers/shopWorld';

/** Retrying a refund Stripe refused: the same Idempotency-Key every time, one refund at Stripe. */
let w: ShopWorld;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await shopWorld({ env: { STRIPE_SECRET_KEY: 'sk_test_51RefundRetryKeyNeverLogged', STRIPE_API_BASE: fake.url } });
});
afterAll(async () => {
  await w.ctx.close();
  await fake.close();
});

const INSUFFICIENT =
  'Insufficient funds in Stripe account. In test mode, you can add funds to your available balance (bypassing your pending balance) by creating a charge with 4000 0000 0000 0077 as the card number.';

describe('retrying a refund Stripe refused', () => {
  it('records the refusal, then refunds on retry with the first Idempotency-Key, once', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Refund Retry Cafe' });
    await activate(shop.id, w.ctx.db, { accountId: 'acct_1RefundRetry0001', mode: 'custom' }, new Date());
    const o = await seedOrder(w.ctx, shop.id, { card: 'tok_visa' });
    const refundsBefore = fake.refunds.length;

    fake.failNext('POST /v1/refunds', 400, errorBody('invalid_request_error', INSUFFICIENT, { code: 'balance_insufficient' }));
    const rejected = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${shop.id}/orders/${o.id}/reject`,
      headers: w.owner.headers,
      payload: { reason: 'Store Closed' },
    });
    expect(rejected.json()).toMatchObject({ paymentStatus: 'REFUND_FAILURE' });
    const read = await w.ctx.app.inject({ url: `/api/shops/${shop.id}/orders/${o.id}`, headers: w.owner.headers });
    expect(read.json().refundAttempts).toMatchObject([{ outcome: 'FAILED', message: INSUFFICIENT, by: { name: 'Olive Owner' } }]);
    expect(fake.refunds.length).toBe(refundsBefore);

    const retried = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${shop.id}/orders/${o.id}/refund/retry`,
      headers: w.owner.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      paymentStatus: 'REFUND_SUCCESS',
      refundAttempts: [{ outcome: 'FAILED' }, { outcome: 'SUCCEEDED', message: null }],
    });

    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === o.paymentId);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([`refund:${o.id}`, `refund:${o.id}`]);
    expect(sent.map((r) => r.headers['stripe-account'])).toEqual(['acct_1RefundRetry0001', 'acct_1RefundRetry0001']);
    expect(fake.refunds.length - refundsBefore).toBe(1);
    const row = (await w.ctx.pool.query('SELECT status, provider_refund_id FROM refunds WHERE order_id = $1', [o.id])).rows[0];
    expect(row).toEqual({ status: 'SUCCEEDED', provider_refund_id: fake.refunds.at(-1)!.id });

    const again = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${shop.id}/orders/${o.id}/refund/retry`,
      headers: w.owner.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(fake.refunds.length - refundsBefore).toBe(1);
  });
});
