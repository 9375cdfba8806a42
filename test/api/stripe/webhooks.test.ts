import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { activate } from '../../../server/infra/payments/accounts';

/** POST /api/stripe/webhooks: signed with STRIPE_WEBHOOK_SECRET over the raw body; each event applied once. */
const SECRET = 'whsec_test_0123456789abcdefSigningSecret';
const stripe = new Stripe('sk_test_signing_only');
let w: ShopWorld;
const ACCOUNT = 'acct_1WebhookAccount01';

beforeAll(async () => {
  w = await shopWorld({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
  await activate(w.shop.id, w.ctx.db, { accountId: ACCOUNT, mode: 'custom' }, new Date());
});
afterAll(() => w.ctx.close());

const event = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id,
    object: 'event',
    api_version: '2020-03-02',
    account: ACCOUNT,
    created: 1584486000,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
const send = (payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })) =>
  w.ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhooks',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const accountRow = async () =>
  (await w.ctx.pool.query('SELECT charges_enabled, payouts_enabled FROM stripe_accounts WHERE account_id = $1', [ACCOUNT])).rows[0];

describe('POST /api/stripe/webhooks', () => {
  it('applies account.updated once, and a replay changes nothing', async () => {
    const body = event('evt_1GOaccountUpdated01', 'account.updated', {
      id: ACCOUNT,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
    });
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await accountRow()).toEqual({ charges_enabled: true, payouts_enabled: true });
    // The account changes again by other means; replaying the old event must not undo that.
    await w.ctx.pool.query('UPDATE stripe_accounts SET payouts_enabled = false WHERE account_id = $1', [ACCOUNT]);
    const replay = await send(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await accountRow()).toEqual({ charges_enabled: true, payouts_enabled: false });
    const { rows } = await w.ctx.pool.query('SELECT id, shop_id, applied_at IS NOT NULL AS applied FROM stripe_events');
    expect(rows).toEqual([{ id: 'evt_1GOaccountUpdated01', shop_id: w.shop.id, applied: true }]);
  });

  it('keeps payout events with their shop', async () => {
    const res = await send(
      event('evt_1GOpayoutPaid0001', 'payout.paid', {
        id: 'po_1GO7kQDyjGbwT4Wz8Bv1N2c3',
        object: 'payout',
        amount: 15320,
        currency: 'aud',
        status: 'paid',
      }),
    );
    expect(res.statusCode).toBe(200);
    const { rows } = await w.ctx.pool.query(
      "SELECT type, shop_id, object->>'amount' AS amount FROM stripe_events WHERE id = 'evt_1GOpayoutPaid0001'",
    );
    expect(rows).toEqual([{ type: 'payout.paid', shop_id: w.shop.id, amount: '15320' }]);
  });

  it('refuses a bad signature, a signature of another body and no signature with 400, storing nothing', async () => {
    const body = event('evt_1GOforged00000001', 'account.updated', {
      id: ACCOUNT,
      object: 'account',
      charges_enabled: false,
      payouts_enabled: false,
    });
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
    expect((await send(body, wrongSecret)).statusCode).toBe(400);
    const otherBody = stripe.webhooks.generateTestHeaderString({ payload: body.replace('false', 'true'), secret: SECRET });
    expect((await send(body, otherBody)).statusCode).toBe(400);
    const none = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhooks',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(none.statusCode).toBe(400);
    expect((await send(body, 't=1,v1=abc')).json().message).toBe('The Stripe signature does not match this body.');
    expect((await w.ctx.pool.query("SELECT 1 FROM stripe_events WHERE id = 'evt_1GOforged00000001'")).rowCount).toBe(0);
    expect(await accountRow()).toMatchObject({ charges_enabled: true });
  });

  it('checks the signature over the exact bytes received (whitespace included)', async () => {
    const body = event('evt_1GOspacing000001', 'payout.created', { id: 'po_x', object: 'payout', amount: 1 }).replace('{', '{\n  ');
    expect((await send(body)).statusCode).toBe(200);
  });
});

describe('a signed body that is not a Stripe event', () => {
  const valid = () =>
    JSON.parse(event('evt_1GOmalformed00001', 'payout.paid', { id: 'po_malformed', object: 'payout', amount: 1 })) as Record<
      string,
      unknown
    >;
  const without = (key: string) => {
    const e = valid();
    delete e[key];
    return JSON.stringify(e);
  };
  const NOT_AN_EVENT = { message: 'The signed body is not a Stripe event (JSON with id, type and data.object).', code: 'BAD_EVENT' };

  it.each([
    ['not JSON', 'this is not JSON {'],
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    ['a JSON string', '"evt_1GO"'],
    ['an object that is no event', '{"hello":"world"}'],
    ['an event without type', without('type')],
    ['an event without id', without('id')],
    ['an event without data', without('data')],
    ['an event without data.object', JSON.stringify({ ...valid(), data: {} })],
    ['an event whose data.object is no object', JSON.stringify({ ...valid(), data: { object: 'po_1' } })],
    ['an event whose type is no string', JSON.stringify({ ...valid(), type: 7 })],
    ['an event whose account is no string', JSON.stringify({ ...valid(), account: { id: ACCOUNT } })],
  ])('is a 400 when it is %s, storing nothing', async (_what, payload) => {
    const before = (await w.ctx.pool.query('SELECT count(*)::int AS n FROM stripe_events')).rows[0].n;
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(NOT_AN_EVENT);
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM stripe_events')).rows[0].n).toBe(before);
  });

  it('is a 400 when it holds text PostgreSQL cannot store, as any JSON body is', async () => {
    const nul = await send(event('evt_1GOnulInObject0001', 'payout.paid', { id: 'po_nul', object: 'payout', description: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('NUL_CHARACTER');
    const lone = await send(event('evt_1GOloneSurrogate01', 'payout.paid', { id: 'po_lone', object: 'payout', description: 'a\ud800b' }));
    expect(lone.statusCode).toBe(400);
    expect(lone.json().code).toBe('LONE_SURROGATE');
  });
});
