import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { activate } from '../../../server/infra/payments/accounts';

/** POST /api/stripe/reconcile: the period's Stripe events against what the webhooks delivered. */
const SECRET = 'whsec_reconcileSigningSecret01';
const ACCOUNT = 'acct_1ReconcileShop0001';
let w: ShopWorld;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await shopWorld({ env: { STRIPE_SECRET_KEY: 'sk_test_51Reconcile', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.url } });
  await activate(w.shop.id, w.ctx.db, { accountId: ACCOUNT, mode: 'custom' }, new Date());
});
afterAll(async () => {
  await w.ctx.close();
  await fake.close();
});

const event = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  api_version: '2020-03-02',
  created: 1584486000,
  livemode: false,
  type,
  data: { object },
});
const reconcile = (user = w.superAdmin) => w.ctx.app.inject({ method: 'POST', url: '/api/stripe/reconcile', headers: user.headers });

describe('POST /api/stripe/reconcile', () => {
  it('applies the events the webhooks missed, once, and reports them', async () => {
    const delivered = event('evt_1Delivered000001', 'payout.paid', { id: 'po_1', object: 'payout', amount: 100 });
    const missed = event('evt_1MissedUpdate0001', 'account.updated', {
      id: ACCOUNT,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
    });
    const ignored = event('evt_1CustomerIgnored1', 'customer.created', { id: 'cus_1', object: 'customer' });
    const payload = JSON.stringify({ ...delivered, account: ACCOUNT });
    const hook = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhooks',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    fake.events.set(ACCOUNT, [delivered, missed, ignored]);

    const res = await reconcile();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'stripe', accounts: 1, checked: 2, missed: ['evt_1MissedUpdate0001'] });
    const sent = fake.requests.find((r) => r.path.startsWith('/v1/events'))!;
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(decodeURIComponent(sent.path)).toMatch(/created\[gte\]=\d+/);
    const { rows } = await w.ctx.pool.query('SELECT charges_enabled FROM stripe_accounts WHERE account_id = $1', [ACCOUNT]);
    expect(rows[0].charges_enabled).toBe(true);
    expect((await reconcile()).json().missed).toEqual([]);
  });

  it('is for super admins only', async () => {
    expect((await reconcile(w.owner)).statusCode).toBe(403);
    expect((await w.ctx.app.inject({ method: 'POST', url: '/api/stripe/reconcile' })).statusCode).toBe(401);
  });
});
