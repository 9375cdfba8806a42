import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { activate } from '../../../server/infra/payments/accounts';
import { stripeClient } from '../../../server/infra/payments/stripeClient';
import { stripePayments } from '../../../server/infra/payments/stripe';
import type { PaymentProvider } from '../../../server/infra/payments';

/**
 * The Stripe payment provider (card orders) at the provider level, through the SDK against the fake Stripe server:
 * a PaymentIntent on the shop's connected account with the application fee, refunds, idempotency on retries.
 */
let w: ShopWorld;
let fake: FakeStripe;
let provider: PaymentProvider;
const ACCOUNT = 'acct_1PaymentsShop0001';

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await shopWorld({ env: { STRIPE_SECRET_KEY: 'sk_test_51PaymentsKey', STRIPE_API_BASE: fake.url } });
  await activate(w.shop.id, w.ctx.db, { accountId: ACCOUNT, mode: 'standard' }, new Date());
  // A short timeout, so a stalled Stripe answer makes the SDK retry within the test.
  provider = stripePayments(stripeClient(w.ctx.config.stripe, { timeoutMs: 400, retries: 4 })!, w.ctx.db);
});
afterAll(async () => {
  await w.ctx.close();
  await fake.close();
});
beforeEach(() => void (fake.requests.length = 0));

const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('stripePayments', () => {
  it('is the provider the app uses when a secret key is set', () => {
    expect(w.ctx.services.payments.name).toBe('stripe');
  });

  it("charges the order's total on the shop's connected account with the application fee and the caller's key", async () => {
    const result = await provider.charge({
      idempotencyKey: 'order-42-charge',
      amount: 2450,
      currency: 'AUD',
      paymentToken: 'tok_visa',
      shopId: w.shop.id,
      applicationFee: 80,
      description: 'Order 42',
    });
    expect(result).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_/), amount: 2450, captured: true });
    const [sent] = posts('/v1/payment_intents');
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent.headers['idempotency-key']).toBe('order-42-charge');
    expect(sent.body).toMatchObject({
      amount: '2450',
      currency: 'aud',
      application_fee_amount: '80',
      confirm: 'true',
      'payment_method_data[card][token]': 'tok_visa',
      'metadata[shopId]': w.shop.id,
    });
    // The same key again (a customer's retry) is the same charge.
    const again = await provider.charge({
      idempotencyKey: 'order-42-charge',
      amount: 2450,
      currency: 'AUD',
      paymentToken: 'tok_visa',
      shopId: w.shop.id,
      applicationFee: 80,
    });
    expect(again).toEqual(result);
  });

  it('authorises only when asked, and reports a declined card as declined', async () => {
    const held = await provider.charge({
      idempotencyKey: 'order-43',
      amount: 1000,
      currency: 'aud',
      paymentToken: 'pm_card_visa',
      shopId: w.shop.id,
      capture: false,
    });
    expect(held).toMatchObject({ status: 'succeeded', captured: false });
    expect(posts('/v1/payment_intents')[0].body).toMatchObject({ capture_method: 'manual', payment_method: 'pm_card_visa' });
    const declined = await provider.charge({
      idempotencyKey: 'order-44',
      amount: 1000,
      currency: 'aud',
      paymentToken: 'tok_chargeDeclined',
      shopId: w.shop.id,
    });
    expect(declined).toEqual({ status: 'declined', code: 'generic_decline', message: 'Your card was declined.' });
  });

  it('answers an error, charging nothing, for a shop with no connected account', async () => {
    const result = await provider.charge({
      idempotencyKey: 'order-45',
      amount: 1000,
      currency: 'aud',
      paymentToken: 'tok_visa',
      shopId: w.otherShop.id,
    });
    expect(result).toEqual({ status: 'error', message: 'Cannot find connected account. Contact support' });
    expect(fake.requests).toEqual([]);
  });

  it('refunds on the connected account with the idempotency key', async () => {
    const result = await provider.refund({
      idempotencyKey: 'refund-42',
      paymentId: 'pi_1GO8aB00000001',
      amount: 2450,
      shopId: w.shop.id,
      reason: 'Store Closed',
    });
    expect(result).toEqual({ status: 'succeeded', refundId: expect.stringMatching(/^re_/), amount: 2450 });
    const [sent] = posts('/v1/refunds');
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent.headers['idempotency-key']).toBe('refund-42');
    expect(sent.body).toMatchObject({ payment_intent: 'pi_1GO8aB00000001', amount: '2450', 'metadata[reason]': 'Store Closed' });
  });

  it('a refund retried after a timeout refunds once', async () => {
    const before = fake.refunds.length;
    fake.delayNext('POST /v1/refunds', 900);
    const result = await provider.refund({
      idempotencyKey: 'refund-timeout-1',
      paymentId: 'pi_1GO8aB00000009',
      amount: 1200,
      shopId: w.shop.id,
    });
    expect(result.status).toBe('succeeded');
    // The SDK sent it more than once (the first answer was late), always with the same key; Stripe refunded once.
    const tries = posts('/v1/refunds');
    expect(tries.length).toBeGreaterThan(1);
    expect(new Set(tries.map((t) => t.headers['idempotency-key']))).toEqual(new Set(['refund-timeout-1']));
    expect(fake.refunds.length - before).toBe(1);
    expect(result).toMatchObject({ refundId: fake.refunds.at(-1)!.id });
    // And the orders area retrying the whole call later with the same key gets the same refund.
    const later = await provider.refund({
      idempotencyKey: 'refund-timeout-1',
      paymentId: 'pi_1GO8aB00000009',
      amount: 1200,
      shopId: w.shop.id,
    });
    expect(later).toEqual(result);
    expect(fake.refunds.length - before).toBe(1);
  });
});
