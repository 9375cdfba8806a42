import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { activate } from '../../../server/infra/payments/accounts';

/** Webhooks about card payments reconcile the orders and refunds of the connected account's shop, once. */
const SECRET = 'whsec_test_0123456789abcdefOrderEvents';
const stripe = new Stripe('sk_test_signing_only');
const ACCOUNT = 'acct_1OrderEventsShop01';
const OTHER_ACCOUNT = 'acct_1OrderEventsOther1';
let w: ShopWorld;

beforeAll(async () => {
  w = await shopWorld({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  await activate(w.shop.id, w.ctx.db, { accountId: ACCOUNT, mode: 'custom' }, new Date());
  await activate(w.otherShop.id, w.ctx.db, { accountId: OTHER_ACCOUNT, mode: 'custom' }, new Date());
});
afterAll(() => w.ctx.close());

const send = (id: string, type: string, object: Record<string, unknown>, account = ACCOUNT) => {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2020-03-02',
    account,
    created: 1584486000,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  return w.ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhooks',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    payload,
  });
};
const intent = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'payment_intent',
  amount: 900,
  currency: 'aud',
  status,
  metadata: {},
  ...extra,
});
const unpaidCardOrder = (shopId: string, paymentId: string | null) =>
  seedOrder(w.ctx, shopId, { paymentType: 'CREDIT_CARD', paymentStatus: 'UNPAID', paymentProvider: 'stripe', paymentId });
const orderRow = async (id: string) =>
  (await w.ctx.pool.query('SELECT status, message, order_status_restaurant, payment_status, payment_id FROM orders WHERE id = $1', [id]))
    .rows[0];
const updates = async (shopId: string, orderId: string) =>
  (
    await w.ctx.pool.query(
      "SELECT jsonb_build_object('orderId', data->>'id', 'orderStatusRestaurant', data->>'order_status_restaurant', " +
        "'paymentStatus', data->>'payment_status') AS data FROM shop_events WHERE shop_id = $1 AND type = 'order.updated' AND data->>'id' = $2 ORDER BY seq",
      [shopId, orderId],
    )
  ).rows.map((r) => r.data);

describe('Stripe payment events → orders', () => {
  it('payment_intent.succeeded marks the UNPAID card order PAID, once; a replay changes nothing', async () => {
    const o = await unpaidCardOrder(w.shop.id, 'pi_1OrdSucceeded000001');
    const res = await send('evt_1OrdSucceeded00001', 'payment_intent.succeeded', intent('pi_1OrdSucceeded000001', 'succeeded'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await orderRow(o.id)).toMatchObject({ status: 'OK', order_status_restaurant: 'NEW', payment_status: 'PAID' });
    expect(await updates(w.shop.id, o.id)).toEqual([{ orderId: o.id, orderStatusRestaurant: 'NEW', paymentStatus: 'PAID' }]);
    // The provider's ids stay out of the stored events (and so off every stream).
    const stored = await w.ctx.pool.query("SELECT data::text FROM shop_events WHERE data->>'id' = $1", [o.id]);
    expect(stored.rows.map((r) => r.data).join()).not.toContain('pi_1OrdSucceeded000001');

    // Changed by other means since; the replayed event must not undo that nor write another event.
    await w.ctx.pool.query("UPDATE orders SET payment_status = 'UNPAID' WHERE id = $1", [o.id]);
    const replay = await send('evt_1OrdSucceeded00001', 'payment_intent.succeeded', intent('pi_1OrdSucceeded000001', 'succeeded'));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'UNPAID' });
    expect(await updates(w.shop.id, o.id)).toHaveLength(1);
  });

  it('payment_intent.succeeded finds the order named in the metadata too, and leaves a cash order alone', async () => {
    const o = await unpaidCardOrder(w.shop.id, null);
    await send(
      'evt_1OrdMetadata000001',
      'payment_intent.succeeded',
      intent('pi_1OrdMetadata0000001', 'succeeded', { metadata: { orderId: o.id, shopId: w.shop.id } }),
    );
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'PAID', payment_id: 'pi_1OrdMetadata0000001' });

    const cash = await seedOrder(w.ctx, w.shop.id, { paymentId: 'pi_1OrdCash00000000001' });
    await send('evt_1OrdCash000000001', 'payment_intent.succeeded', intent('pi_1OrdCash00000000001', 'succeeded'));
    expect(await orderRow(cash.id)).toMatchObject({ status: 'OK', payment_status: 'UNPAID' });
    expect(await updates(w.shop.id, cash.id)).toEqual([]);
  });

  it('payment_intent.payment_failed takes a NEW unpaid card order off the board as a FAILURE with the message', async () => {
    const o = await unpaidCardOrder(w.shop.id, 'pi_1OrdFailed00000001');
    const res = await send(
      'evt_1OrdFailed0000001',
      'payment_intent.payment_failed',
      intent('pi_1OrdFailed00000001', 'requires_payment_method', {
        last_payment_error: { code: 'card_declined', message: 'Your card has insufficient funds.' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await orderRow(o.id)).toEqual({
      status: 'FAILURE',
      message: 'Your card was declined: Your card has insufficient funds.',
      order_status_restaurant: 'NA',
      payment_status: 'DECLINED',
      payment_id: 'pi_1OrdFailed00000001',
    });
    expect(await updates(w.shop.id, o.id)).toEqual([{ orderId: o.id, orderStatusRestaurant: 'NA', paymentStatus: 'DECLINED' }]);
    const board = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent('{"orderStatusRestaurant":"NEW"}')}`,
      headers: w.owner.headers,
    });
    expect(board.statusCode).toBe(200);
    expect((board.json() as { id: string }[]).map((r) => r.id)).not.toContain(o.id);
  });

  it('payment_intent.payment_failed leaves a paid order alone', async () => {
    const o = await seedOrder(w.ctx, w.shop.id, { paymentType: 'CREDIT_CARD', paymentStatus: 'PAID', paymentId: 'pi_1OrdPaidStays00001' });
    await send('evt_1OrdPaidStays00001', 'payment_intent.payment_failed', intent('pi_1OrdPaidStays00001', 'requires_payment_method'));
    expect(await orderRow(o.id)).toMatchObject({ status: 'OK', order_status_restaurant: 'NEW', payment_status: 'PAID' });
  });

  it('charge.refunded settles a PENDING or FAILED refund with the provider refund id and REFUND_SUCCESS, once', async () => {
    for (const [n, status] of [
      ['1', 'FAILED'],
      ['2', 'PENDING'],
    ] as const) {
      const pi = `pi_1OrdRefunded00000${n}`;
      const o = await seedOrder(w.ctx, w.shop.id, {
        paymentType: 'CREDIT_CARD',
        paymentStatus: 'REFUND_FAILURE',
        orderStatusRestaurant: 'DECLINED',
        paymentId: pi,
      });
      await w.ctx.pool.query(
        "INSERT INTO refunds (shop_id, order_id, amount, provider, status, failure_message, idempotency_key) VALUES ($1, $2, 900, 'stripe', $3, 'timeout', $4)",
        [w.shop.id, o.id, status, `refund:${o.id}`],
      );
      const charge = {
        id: `ch_1OrdRefunded00000${n}`,
        object: 'charge',
        amount: 900,
        amount_refunded: 900,
        refunded: true,
        payment_intent: pi,
        metadata: {},
        refunds: { object: 'list', data: [{ id: `re_1OrdRefunded00000${n}`, object: 'refund', amount: 900, status: 'succeeded' }] },
      };
      const res = await send(`evt_1OrdRefunded0000${n}`, 'charge.refunded', charge);
      expect(res.statusCode).toBe(200);
      expect(await orderRow(o.id)).toMatchObject({ order_status_restaurant: 'DECLINED', payment_status: 'REFUND_SUCCESS' });
      const refund = async () =>
        (await w.ctx.pool.query('SELECT status, provider_refund_id, failure_message FROM refunds WHERE order_id = $1', [o.id])).rows[0];
      expect(await refund()).toEqual({ status: 'SUCCEEDED', provider_refund_id: `re_1OrdRefunded00000${n}`, failure_message: null });
      expect(await updates(w.shop.id, o.id)).toEqual([
        { orderId: o.id, orderStatusRestaurant: 'DECLINED', paymentStatus: 'REFUND_SUCCESS' },
      ]);

      await w.ctx.pool.query("UPDATE refunds SET status = 'FAILED' WHERE order_id = $1", [o.id]);
      expect((await send(`evt_1OrdRefunded0000${n}`, 'charge.refunded', charge)).json()).toEqual({ received: true, duplicate: true });
      expect(await refund()).toMatchObject({ status: 'FAILED' });
      expect(await updates(w.shop.id, o.id)).toHaveLength(1);
    }
  });

  it('an unknown PaymentIntent changes nothing and still answers 200', async () => {
    const before = (await w.ctx.pool.query('SELECT count(*)::int AS n FROM shop_events')).rows[0].n;
    for (const [id, type, object] of [
      ['evt_1OrdUnknown000001', 'payment_intent.succeeded', intent('pi_1OrdNobodyKnows0001', 'succeeded')],
      ['evt_1OrdUnknown000002', 'payment_intent.payment_failed', intent('pi_1OrdNobodyKnows0001', 'requires_payment_method')],
      [
        'evt_1OrdUnknown000003',
        'charge.refunded',
        { id: 'ch_x', object: 'charge', amount_refunded: 900, payment_intent: 'pi_1OrdNobodyKnows0001', refunds: { data: [] } },
      ],
    ] as const) {
      const res = await send(id, type, object);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
    }
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM shop_events')).rows[0].n).toBe(before);
  });

  it("never touches another shop's order, even with the same PaymentIntent id or naming it in the metadata", async () => {
    const mine = await unpaidCardOrder(w.shop.id, 'pi_1OrdSharedId000001');
    const theirs = await unpaidCardOrder(w.otherShop.id, 'pi_1OrdSharedId000001');
    await send(
      'evt_1OrdShared0000001',
      'payment_intent.payment_failed',
      intent('pi_1OrdSharedId000001', 'requires_payment_method', { metadata: { orderId: theirs.id } }),
    );
    expect(await orderRow(mine.id)).toMatchObject({ status: 'FAILURE', payment_status: 'DECLINED' });
    expect(await orderRow(theirs.id)).toMatchObject({ status: 'OK', order_status_restaurant: 'NEW', payment_status: 'UNPAID' });

    // The other shop's account cannot reach this shop's orders either.
    const onlyMine = await unpaidCardOrder(w.shop.id, 'pi_1OrdOnlyMine000001');
    await send(
      'evt_1OrdOtherAcct00001',
      'payment_intent.succeeded',
      intent('pi_1OrdOnlyMine000001', 'succeeded', { metadata: { orderId: onlyMine.id } }),
      OTHER_ACCOUNT,
    );
    expect(await orderRow(onlyMine.id)).toMatchObject({ payment_status: 'UNPAID' });
    expect(await updates(w.otherShop.id, theirs.id)).toEqual([]);
  });
});
