import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { startFakeStripe, type FakeStripe, type StripeObject } from '../../helpers/fakeStripe';
import { paymentIntent, refund } from '../../helpers/fakeStripe/fixtures';
import { activate } from '../../../server/infra/payments/accounts';
import { seedOrder } from '../../helpers/orders';

/**
 * POST /api/stripe/reconcile, its money half: each connected account's PaymentIntents and refunds of the last day,
 * listed from (fake) Stripe through the SDK, against the shop's card orders and refunds rows.
 */
const SECRET = 'sk_test_51ReconcileMoneyKeyNeverLogged';
let w: ShopWorld;
let fake: FakeStripe;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await shopWorld({
    env: { STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: fake.url },
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  });
  // Stripe's clock is the app's clock.
  fake.now = () => Math.floor(w.ctx.clock.now().getTime() / 1000);
});
afterAll(async () => {
  await w.ctx.close();
  await fake.close();
});

const reconcile = async (user = w.superAdmin) => w.ctx.app.inject({ method: 'POST', url: '/api/stripe/reconcile', headers: user.headers });
const reject = (shopId: string, orderId: string) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/cafes/${shopId}/orders/${orderId}/reject`,
    headers: w.owner.headers,
    payload: { reason: 'Store Closed' },
  });
const now = () => Math.floor(w.ctx.clock.now().getTime() / 1000);
const HOUR = 3600;

let shops = 0;
/** A shop of the owner's with a connected account of its own, so each test reads only its own mismatches. */
async function connectedShop() {
  const shop = await createShop(w.ctx, w.owner, { name: `Reconciled Cafe ${++shops}` });
  const accountId = `acct_1Reconcile${String(shops).padStart(6, '0')}`;
  await activate(shop.id, w.ctx.db, { accountId, mode: 'custom' }, new Date());
  return { shopId: shop.id, accountId };
}
async function mismatchesOf(shopId: string) {
  const res = await reconcile();
  expect(res.statusCode).toBe(200);
  return (res.json().mismatches as { shopId: string }[]).filter((m) => m.shopId === shopId).map(({ shopId: _shop, ...m }) => m);
}
/** A PaymentIntent Stripe has on the account that no order of ours asked for. */
function stripeOnlyPayment(accountId: string, amount: number, created = now()): StripeObject {
  const pi = { ...paymentIntent(`pi_1Stripe${crypto.randomBytes(6).toString('hex')}`, amount, 'aud', 'succeeded', null), created };
  if (!fake.paymentIntents.has(accountId)) fake.paymentIntents.set(accountId, []);
  fake.paymentIntents.get(accountId)!.push(pi);
  return pi;
}

describe('POST /api/stripe/reconcile: payments and refunds against the orders', () => {
  it('finds nothing on a clean day: card orders paid, one rejected and refunded', async () => {
    const { shopId, accountId } = await connectedShop();
    const paid = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Carl Card' });
    const refunded = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Rita Refund' });
    await seedOrder(w.ctx, shopId, { customerName: 'Cash Cathy' });
    expect((await reject(shopId, refunded.id)).json()).toMatchObject({ paymentStatus: 'REFUND_SUCCESS' });
    expect(
      fake.paymentIntents
        .get(accountId)!
        .map((p) => p.id)
        .sort(),
    ).toEqual([paid.paymentId, refunded.paymentId].sort());

    fake.requests.length = 0;
    const res = await reconcile();
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ provider: 'stripe', failures: [] });
    expect(report.mismatches.filter((m: { shopId: string }) => m.shopId === shopId)).toEqual([]);
    expect(report.shops).toBeGreaterThanOrEqual(1);
    expect(report.payments).toBeGreaterThanOrEqual(2);
    expect(report.refunds).toBeGreaterThanOrEqual(1);
    // Both lists asked of the shop's account, for the last day (a little wider at the edges), 100 a page.
    const since = Date.parse(report.since) / 1000;
    const until = Date.parse(report.until) / 1000;
    expect(until - since).toBe(24 * HOUR);
    for (const path of ['/v1/payment_intents', '/v1/refunds']) {
      const sent = fake.requests.find((r) => r.path.startsWith(`${path}?`) && r.headers['stripe-account'] === accountId)!;
      const query = new URL(sent.path, fake.url).searchParams;
      expect(sent.method).toBe('GET');
      expect(query.get('limit')).toBe('100');
      expect(Number(query.get('created[gte]'))).toBeLessThanOrEqual(since);
      expect(Number(query.get('created[gte]'))).toBeGreaterThan(since - HOUR);
      expect(Number(query.get('created[lt]'))).toBeGreaterThanOrEqual(until);
      expect(Number(query.get('created[lt]'))).toBeLessThan(until + HOUR);
    }
  });

  it('reports a succeeded PaymentIntent with no order, and one whose order is not paid', async () => {
    const { shopId, accountId } = await connectedShop();
    const lost = stripeOnlyPayment(accountId, 1750);
    const unpaid = await seedOrder(w.ctx, shopId, { card: 'tok_visa', paymentStatus: 'UNPAID' });
    expect(await mismatchesOf(shopId)).toEqual([
      { kind: 'payment_without_order', paymentId: lost.id, expected: 'PAID', actual: null },
      { kind: 'order_not_paid', orderId: unpaid.id, paymentId: unpaid.paymentId, expected: 'PAID', actual: 'UNPAID' },
    ]);
  });

  it('reports a PAID order with no succeeded PaymentIntent, and an amount that differs by a cent', async () => {
    const { shopId } = await connectedShop();
    const ghost = await seedOrder(w.ctx, shopId, {
      paymentType: 'CREDIT_CARD',
      paymentStatus: 'PAID',
      paymentProvider: 'stripe',
      paymentId: 'pi_1NeverChargedAtAll',
    });
    const short = await seedOrder(w.ctx, shopId, { card: 'tok_visa', grandTotal: 901 });
    expect(await mismatchesOf(shopId)).toEqual([
      { kind: 'amount_mismatch', orderId: short.id, paymentId: short.paymentId, expected: 901, actual: 900 },
      { kind: 'order_without_payment', orderId: ghost.id, paymentId: 'pi_1NeverChargedAtAll', expected: 'succeeded', actual: null },
    ]);
  });

  it('reports a refund made only at Stripe, a refund recorded as failed, a refund amount that differs, and a refund Stripe never made', async () => {
    const { shopId, accountId } = await connectedShop();
    // Refunded in the Stripe dashboard: Stripe has the refund, we have no refunds row.
    const dashboard = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Dash Board' });
    const outside = {
      ...refund(`re_1Dashboard${crypto.randomBytes(4).toString('hex')}`, dashboard.paymentId!, 900, 'aud'),
      created: now(),
    };
    fake.accountRefunds.set(accountId, [...(fake.accountRefunds.get(accountId) ?? []), outside]);
    // Our call timed out and was recorded as failed, but Stripe refunded.
    const failed = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Tim Timeout' });
    await reject(shopId, failed.id);
    await w.ctx.pool.query(`UPDATE refunds SET status = 'FAILED' WHERE order_id = $1`, [failed.id]);
    await w.ctx.pool.query(`UPDATE orders SET payment_status = 'REFUND_FAILURE' WHERE id = $1`, [failed.id]);
    // Our row says one amount, Stripe refunded another.
    const partial = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Pat Partial' });
    await reject(shopId, partial.id);
    await w.ctx.pool.query('UPDATE refunds SET amount = 800 WHERE order_id = $1', [partial.id]);
    // A refund we recorded as succeeded that Stripe does not have.
    const missing = await seedOrder(w.ctx, shopId, { card: 'tok_visa', customerName: 'Mia Missing' });
    await reject(shopId, missing.id);
    const refunds = fake.accountRefunds.get(accountId)!;
    const gone = refunds.find((r) => r.payment_intent === missing.paymentId)!;
    refunds.splice(refunds.indexOf(gone), 1);
    const refundId = async (orderId: string) =>
      (await w.ctx.pool.query('SELECT provider_refund_id FROM refunds WHERE order_id = $1', [orderId])).rows[0].provider_refund_id;

    const found = await mismatchesOf(shopId);
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          kind: 'refund_without_record',
          orderId: dashboard.id,
          paymentId: dashboard.paymentId,
          refundId: outside.id,
          expected: 'SUCCEEDED',
          actual: null,
        },
        {
          kind: 'refund_not_succeeded',
          orderId: failed.id,
          paymentId: failed.paymentId,
          refundId: await refundId(failed.id),
          expected: 'SUCCEEDED',
          actual: 'FAILED',
        },
        {
          kind: 'refund_amount_mismatch',
          orderId: partial.id,
          paymentId: partial.paymentId,
          refundId: await refundId(partial.id),
          expected: 800,
          actual: 900,
        },
        {
          kind: 'refund_missing_at_provider',
          orderId: missing.id,
          paymentId: missing.paymentId,
          refundId: gone.id,
          expected: 'succeeded',
          actual: null,
        },
      ]),
    );
  });

  it('reports a refunds row that succeeded on an order that does not say REFUND_SUCCESS', async () => {
    const { shopId } = await connectedShop();
    const o = await seedOrder(w.ctx, shopId, { card: 'tok_visa' });
    await reject(shopId, o.id);
    await w.ctx.pool.query(`UPDATE orders SET payment_status = 'REFUND_FAILURE' WHERE id = $1`, [o.id]);
    expect(await mismatchesOf(shopId)).toEqual([
      expect.objectContaining({ kind: 'refund_not_succeeded', orderId: o.id, expected: 'REFUND_SUCCESS', actual: 'REFUND_FAILURE' }),
    ]);
  });

  it('reads every page: 150 PaymentIntents come in two pages of 100', async () => {
    const { shopId, accountId } = await connectedShop();
    const created = Array.from({ length: 150 }, (_, i) => stripeOnlyPayment(accountId, 100 + i, now() - i));
    fake.requests.length = 0;
    const found = await mismatchesOf(shopId);
    expect(found.map((m) => (m as { paymentId: string }).paymentId).sort()).toEqual(created.map((p) => p.id).sort());
    const pages = fake.requests.filter((r) => r.path.startsWith('/v1/payment_intents?') && r.headers['stripe-account'] === accountId);
    expect(pages).toHaveLength(2);
    expect(new URL(pages[1].path, fake.url).searchParams.get('starting_after')).toBe(created[99].id);
  });

  it('compares only the last day', async () => {
    const { shopId, accountId } = await connectedShop();
    stripeOnlyPayment(accountId, 500, now() - 49 * HOUR);
    const yesterday = stripeOnlyPayment(accountId, 600, now() - 23 * HOUR);
    const twoDaysAgo = new Date(w.ctx.clock.now().getTime() - 48 * HOUR * 1000);
    await seedOrder(w.ctx, shopId, {
      paymentType: 'CREDIT_CARD',
      paymentStatus: 'PAID',
      paymentProvider: 'stripe',
      paymentId: 'pi_1TwoDaysOld',
      placedAt: twoDaysAgo,
    });
    expect(await mismatchesOf(shopId)).toEqual([
      { kind: 'payment_without_order', paymentId: yesterday.id, expected: 'PAID', actual: null },
    ]);
  });

  it('logs one warning per mismatch, with ids and amounts but no secret', async () => {
    const { shopId, accountId } = await connectedShop();
    const lost = stripeOnlyPayment(accountId, 1234);
    logLines.length = 0;
    const res = await reconcile();
    const all = res.json().mismatches as { shopId: string; paymentId?: string }[];
    const warnings = logLines.map((l) => JSON.parse(l)).filter((l) => /^Payment reconciliation mismatch: /.test(l.msg));
    expect(warnings).toHaveLength(all.length);
    expect(warnings.every((l) => l.level === 40)).toBe(true);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: 'Payment reconciliation mismatch: payment_without_order',
        paymentMismatch: expect.objectContaining({ shopId, paymentId: lost.id }),
      }),
    );
    expect(logLines.join('\n')).not.toContain(SECRET);
    expect(res.body).not.toContain(SECRET);
  });

  it('reports a shop whose records cannot be listed, and carries on with the others', async () => {
    const revoked = await createShop(w.ctx, w.owner, { name: 'Revoked Cafe' });
    await activate(revoked.id, w.ctx.db, { accountId: 'acct_revoked0000000001', mode: 'standard' }, new Date());
    // A paid order there is not reported missing: Stripe's side could not be read.
    await seedOrder(w.ctx, revoked.id, {
      paymentType: 'CREDIT_CARD',
      paymentStatus: 'PAID',
      paymentProvider: 'stripe',
      paymentId: 'pi_1RevokedAccount01',
    });
    const { shopId, accountId } = await connectedShop();
    const lost = stripeOnlyPayment(accountId, 4321);
    const res = await reconcile();
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.failures).toEqual([{ shopId: revoked.id, message: 'Cannot find connected account. Contact support' }]);
    expect(report.mismatches.filter((m: { shopId: string }) => m.shopId === revoked.id)).toEqual([]);
    expect(report.mismatches).toContainEqual(expect.objectContaining({ shopId, kind: 'payment_without_order', paymentId: lost.id }));
    await w.ctx.pool.query(`UPDATE stripe_accounts SET status = 'disconnected' WHERE account_id = 'acct_revoked0000000001'`);
  });

  it('is for super admins only', async () => {
    expect((await reconcile(w.owner)).statusCode).toBe(403);
    expect((await reconcile(w.staff)).statusCode).toBe(403);
    expect((await w.ctx.app.inject({ method: 'POST', url: '/api/stripe/reconcile' })).statusCode).toBe(401);
  });
});
