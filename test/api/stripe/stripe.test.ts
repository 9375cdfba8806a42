import { localDate } from '../../../domain/hours';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShop, setStaffPermissions, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { errorBody } from '../../helpers/fakeStripe/fixtures';
import type { TestUser } from '../../helpers/users';
import { activate } from '../../../server/infra/payments/accounts';

/** The Stripe provider through the real SDK, against the in-repo fake Stripe server (test/helpers/fakeStripe). */
let w: ShopWorld;
let fake: FakeStripe;
const SECRET = 'sk_test_51FakeSecretKeyThatMustNeverLeak';
const ACCOUNT = 'acct_1GO5hdDyjGbwT4Wz';

beforeAll(async () => {
  fake = await startFakeStripe();
  w = await shopWorld({ env: { STRIPE_SECRET_KEY: SECRET, STRIPE_CLIENT_ID: 'ca_FakeClientId123', STRIPE_API_BASE: fake.url } });
  // Staff here may change the bank account and payout schedule (granted by the owner; the default is off).
  await setStaffPermissions(w.ctx, w.shop.id, w.owner, { bankAccount: true });
});
afterAll(async () => {
  await w.ctx.close();
  await fake.close();
});
beforeEach(() => void (fake.requests.length = 0));

const base = (shopId: string) => `/api/stripe/shops/${shopId}`;
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, user: TestUser | null = w.owner, payload?: Record<string, unknown>) =>
  w.ctx.app.inject({ method, url: path, headers: user?.headers, payload });
const connect = (shopId: string, accountId = ACCOUNT, mode: 'standard' | 'custom' = 'custom') =>
  activate(shopId, w.ctx.db, { accountId, mode }, new Date());
const last = (route: string) => fake.requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === route).at(-1)!;
async function setSwitch(on: boolean) {
  const res = await w.ctx.app.inject({
    method: 'PUT',
    url: '/api/platform/remote-config',
    headers: w.superAdmin.headers,
    payload: { switchToCustomConnect: on, stripePk: 'pk_test_x' },
  });
  expect(res.statusCode).toBe(200);
}

describe('connected account through the Stripe SDK', () => {
  it('pins the API version and sends the connected account as Stripe-Account on account calls', async () => {
    await connect(w.shop.id);
    const res = await call('GET', `${base(w.shop.id)}/account`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: ACCOUNT,
      displayName: 'Staffed Cafe',
      mode: 'custom',
      charges_enabled: true,
      payouts_enabled: true,
      business_type: 'company',
    });
    expect(body.requirements).toEqual({ past_due: [], currently_due: [], eventually_due: ['company.tax_id'] });
    expect(body.settings.payouts.schedule).toEqual({ interval: 'daily', delay_days: 2 });
    expect(body.external_accounts.data[0]).toMatchObject({
      object: 'bank_account',
      bank_name: 'WESTPAC BANKING CORPORATION',
      last4: '3456',
      routing_number: '11 0000',
    });
    // Nothing Stripe sends beyond the fields the console reads.
    expect(body.tos_acceptance).toBeUndefined();
    expect(body.external_accounts.data[0].fingerprint).toBeUndefined();
    const sent = last(`GET /v1/accounts/${ACCOUNT}`);
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent.headers['stripe-version']).toBe('2020-03-02');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it('lists payouts and balance in minor units, with Stripe-Account', async () => {
    const payouts = await call('GET', `${base(w.shop.id)}/payouts?limit=2`, w.staff);
    expect(payouts.statusCode).toBe(200);
    expect(payouts.json()).toEqual({
      has_more: true,
      data: [
        {
          id: 'po_1GO7kQDyjGbwT4Wz8Bv1N2c3',
          amount: 15320,
          currency: 'aud',
          description: 'STRIPE PAYOUT',
          created: 1584576000,
          arrival_date: 1584662400,
          status: 'paid',
        },
        {
          id: 'po_1GNdRqDyjGbwT4WzV7m2Kx8a',
          amount: 9575,
          currency: 'aud',
          description: 'STRIPE PAYOUT',
          created: 1584489600,
          arrival_date: 1584576000,
          status: 'in_transit',
        },
      ],
    });
    expect(last('GET /v1/payouts').path).toContain('limit=2');
    expect(last('GET /v1/payouts').headers['stripe-account']).toBe(ACCOUNT);
    const next = await call('GET', `${base(w.shop.id)}/payouts?starting_after=po_1GNdRqDyjGbwT4WzV7m2Kx8a`, w.staff);
    expect(next.statusCode).toBe(200);
    expect(last('GET /v1/payouts').path).toContain('starting_after=po_1GNdRqDyjGbwT4WzV7m2Kx8a');
    const balance = await call('GET', `${base(w.shop.id)}/balance`, w.staff);
    // Stripe does not say when the next payout is or what it pays: the day follows from the account's daily schedule
    // in the shop's zone; the amount is left to Stripe (null), and the pending charges are not listed.
    expect(balance.json()).toEqual({
      available: [{ amount: 4250, currency: 'aud' }],
      pending: [{ amount: 2180, currency: 'aud' }],
      next_payout: { date: localDate(new Date(w.ctx.clock.now().getTime() + 86_400_000), 'Australia/Sydney'), amount: null },
    });
    expect(last('GET /v1/balance').headers['stripe-account']).toBe(ACCOUNT);
  });

  it('lists the balance transactions (recent activity) in minor units, newest first, with Stripe-Account', async () => {
    const first = await call('GET', `${base(w.shop.id)}/balance_transactions?limit=2`, w.staff);
    expect(first.statusCode).toBe(200);
    // Only the fields the console reads: no fees, net or sources.
    expect(first.json()).toEqual({
      has_more: true,
      data: [
        {
          id: 'txn_1GO7kQDyjGbwT4Wzq9',
          amount: -15320,
          currency: 'aud',
          type: 'payout',
          description: 'STRIPE PAYOUT',
          created: 1584576000,
          status: 'available',
        },
        {
          id: 'txn_1GO9refundBalance01',
          amount: -2450,
          currency: 'aud',
          type: 'refund',
          description: 'REFUND FOR CHARGE (Order from Carl Card)',
          created: 1584490500,
          status: 'available',
        },
      ],
    });
    const sent = last('GET /v1/balance_transactions');
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(new URL(sent.path, fake.url).searchParams.get('limit')).toBe('2');
    const next = await call('GET', `${base(w.shop.id)}/balance_transactions?starting_after=txn_1GO9refundBalance01`, w.staff);
    expect(next.json()).toEqual({
      has_more: false,
      data: [
        {
          id: 'txn_1GO8aBDyjGbwT4WzChg01',
          amount: 2450,
          currency: 'aud',
          type: 'charge',
          description: 'Order from Carl Card',
          created: 1584490000,
          status: 'pending',
        },
      ],
    });
    expect(new URL(last('GET /v1/balance_transactions').path, fake.url).searchParams.get('starting_after')).toBe('txn_1GO9refundBalance01');
    // Twenty a page unless asked.
    await call('GET', `${base(w.shop.id)}/balance_transactions`, w.staff);
    expect(new URL(last('GET /v1/balance_transactions').path, fake.url).searchParams.get('limit')).toBe('20');
  });

  it('checks the balance transactions page: limit 1–100 and a txn_ cursor, before calling Stripe', async () => {
    fake.requests.length = 0;
    for (const [query, field, message] of [
      ['limit=0', 'limit', 'The page size (limit) is a whole number from 1 to 100'],
      ['limit=101', 'limit', 'The page size (limit) is a whole number from 1 to 100'],
      ['limit=ten', 'limit', 'The page size (limit) is a whole number from 1 to 100'],
      ['starting_after=po_1GO7kQDyjGbwT4Wz8Bv1N2c3', 'starting_after', 'starting_after must be the id of a balance transaction (txn_…)'],
    ] as const) {
      const res = await call('GET', `${base(w.shop.id)}/balance_transactions?${query}`, w.staff);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual({ [field]: message });
    }
    expect(fake.requests).toEqual([]);
    // A shop with no connected account: the spec's message, and nothing asked of Stripe.
    const unconnected = await createShop(w.ctx, w.owner, { name: 'Unconnected Cafe' });
    const none = await call('GET', `${base(unconnected.id)}/balance_transactions`, w.owner);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Cannot find connected account. Contact support');
    expect(fake.requests).toEqual([]);
  });

  it('sets the bank account from a token with an Idempotency-Key and Stripe-Account', async () => {
    const res = await call('POST', `${base(w.shop.id)}/external_account/btok_1GO6Q7DyjGbwT4WzAbCdEf`, w.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Bank account updated, hooray!',
      external_account: { object: 'bank_account', last4: '6789', account_holder_name: 'Olive Owner' },
    });
    const sent = last(`POST /v1/accounts/${ACCOUNT}/external_accounts`);
    expect(sent.body.external_account).toBe('btok_1GO6Q7DyjGbwT4WzAbCdEf');
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a card as the external account with the spec message', async () => {
    const res = await call('POST', `${base(w.shop.id)}/external_account/tok_visa_debit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unsupported external account type');
  });

  it('turns a Stripe error into its clear message', async () => {
    const res = await call('POST', `${base(w.shop.id)}/external_account/btok_unknown`.replace('btok_', 'xtok_'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "No such token: 'xtok_unknown'", code: 'STRIPE_RESOURCE_MISSING' });
  });

  it('answers a platform-key failure without the key, and Stripe being down as a 502', async () => {
    fake.failNext(
      'GET /v1/balance',
      401,
      errorBody('invalid_request_error', `Invalid API Key provided: ${SECRET.slice(0, 12)}****leak`),
      1,
    );
    const res = await call('GET', `${base(w.shop.id)}/balance`);
    expect(res.body).not.toContain('sk_test');
    expect(res.statusCode).toBe(502);
    fake.failNext('GET /v1/balance', 500, errorBody('api_error', 'Something went wrong'), 3);
    const down = await call('GET', `${base(w.shop.id)}/balance`);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Stripe could not be reached. Please try again in a moment.');
  });

  it('says the spec message when Stripe no longer knows the account', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Gone Account Cafe' });
    await connect(shop.id, 'acct_missing0001');
    const res = await call('GET', `${base(shop.id)}/account`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Cannot find connected account. Contact support');
  });

  it('sets a weekly payout schedule on friday, sending only the weekly anchor', async () => {
    const res = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, {
      interval: 'weekly',
      weekly_anchor: 'friday',
      monthly_anchor: 9,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Payout schedule updated, hooray!',
      schedule: { interval: 'weekly', weekly_anchor: 'friday' },
    });
    const sent = last(`POST /v1/accounts/${ACCOUNT}`);
    expect(sent.body).toEqual({
      'settings[payouts][schedule][interval]': 'weekly',
      'settings[payouts][schedule][weekly_anchor]': 'friday',
    });
    expect(sent.headers['idempotency-key']).toBeTruthy();
    expect(sent.headers['stripe-account']).toBe(ACCOUNT);
    const daily = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'daily' });
    expect(daily.statusCode).toBe(200);
    expect(last(`POST /v1/accounts/${ACCOUNT}`).body).toEqual({
      'settings[payouts][schedule][interval]': 'daily',
      'settings[payouts][schedule][delay_days]': 'minimum',
    });
    const monthly = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'monthly', monthly_anchor: 31 });
    expect(monthly.statusCode).toBe(200);
  });

  it.each([
    [{ interval: 'hourly' }, 'interval', 'The payout interval is daily, weekly or monthly'],
    [{ interval: 'weekly' }, 'weekly_anchor', 'Choose the weekday of the weekly payout'],
    [{ interval: 'weekly', weekly_anchor: 'Friday' }, 'weekly_anchor', 'Choose the weekday of the weekly payout'],
    [{ interval: 'monthly' }, 'monthly_anchor', 'The monthly payout day is 1 to 31'],
    [{ interval: 'monthly', monthly_anchor: 0 }, 'monthly_anchor', 'The monthly payout day is 1 to 31'],
    [{ interval: 'monthly', monthly_anchor: 32 }, 'monthly_anchor', 'The monthly payout day is 1 to 31'],
  ])('checks the payout schedule %j', async (payload, field, message) => {
    const before = fake.requests.length;
    const res = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(fake.requests.length).toBe(before);
  });

  it('makes verification and update links for a platform account', async () => {
    const verify = await call('POST', `${base(w.shop.id)}/links/verification`, w.staff);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ url: 'https://connect.stripe.com/setup/c/onboard/EnVnJ0NeAa3Vz' });
    expect(last('POST /v1/account_links').body).toMatchObject({
      account: ACCOUNT,
      type: 'account_onboarding',
      return_url: `${w.ctx.config.publicUrl}/shops/${w.shop.id}/payments/stripe`,
    });
    expect(last('POST /v1/account_links').headers['idempotency-key']).toBeTruthy();
    const update = await call('POST', `${base(w.shop.id)}/links/update`, w.staff);
    expect(update.json().url).toContain('/update/');
    expect(last('POST /v1/account_links').body.type).toBe('account_update');
  });

  it('archives only for super admins, creating a new platform account with an Idempotency-Key', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Archive Cafe' });
    await connect(shop.id, 'acct_1ArchiveOld00001');
    expect((await call('POST', `${base(shop.id)}/archive`, w.owner)).statusCode).toBe(403);
    expect(fake.requests.length).toBe(0);
    const res = await call('POST', `${base(shop.id)}/archive`, w.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Stripe archived, reloading new account' });
    const created = last('POST /v1/accounts');
    expect(created.body).toMatchObject({ type: 'custom', country: 'AU', email: 'owner@example.com' });
    expect(created.headers['idempotency-key']).toMatch(/^account-create-/);
    expect(created.headers['stripe-account']).toBeUndefined();
    const active = await call('GET', `${base(shop.id)}/active_account`, w.owner);
    expect(active.json()).toMatchObject({ accountId: res.json().accountId, mode: 'custom', provider: 'stripe' });
    const { rows } = await w.ctx.pool.query(
      `SELECT account_id, status FROM stripe_accounts WHERE shop_id = $1 ORDER BY created_at, status`,
      [shop.id],
    );
    expect(rows).toContainEqual({ account_id: 'acct_1ArchiveOld00001', status: 'archived' });
  });

  it('connects a Standard account with OAuth, checking the state against the shop and the user', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Oauth Cafe' });
    const started = await call('POST', `${base(shop.id)}/authorize/url`, w.owner);
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.pathname).toBe('/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('ca_FakeClientId123');
    expect(url.searchParams.get('redirect_uri')).toBe(`${w.ctx.config.publicUrl}/api/stripe/oauth/return`);
    const state = url.searchParams.get('state')!;
    // Stripe's redirect lands on the public return route, which forwards to the account page.
    const back = await w.ctx.app.inject({ method: 'GET', url: `/api/stripe/oauth/return?code=ac_good&state=${state}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${w.ctx.config.publicUrl}/shops/${shop.id}/payments/stripe?code=ac_good&state=${state}`);
    const forged = await w.ctx.app.inject({ method: 'GET', url: `/api/stripe/oauth/return?code=ac_good&state=${state.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    // The state is this owner's for this shop: another member, or another shop, cannot use it.
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shop.id}/invites`,
      headers: w.owner.headers,
      payload: { to: 'x@example.com' },
    });
    const otherShop = await call('POST', `${base(w.shop.id)}/authorize/return`, w.owner, { code: 'ac_good', state });
    expect(otherShop.statusCode).toBe(400);
    expect(otherShop.json().message).toBe(
      'This Stripe link has expired or is not for this shop and user. Start again from the account page.',
    );
    const done = await call('POST', `${base(shop.id)}/authorize/return`, w.owner, { code: 'ac_good', state });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ accountId: 'acct_1OauthConnected01', mode: 'standard' });
    expect(last('POST /oauth/token').body).toMatchObject({ grant_type: 'authorization_code', code: 'ac_good' });
    // The OAuth answer's keys stay on the server.
    expect(done.body).not.toContain('sk_test_oauth');
    // The state works once: a replay (even with another code) is refused before Stripe is asked again.
    const exchanges = fake.requests.filter((r) => r.path === '/oauth/token').length;
    for (const code of ['ac_good', 'ac_wrong']) {
      const replay = await call('POST', `${base(shop.id)}/authorize/return`, w.owner, { code, state });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        message: 'This Stripe link has already been used. Start again from the account page.',
        code: 'STRIPE_STATE_USED',
      });
    }
    expect(fake.requests.filter((r) => r.path === '/oauth/token').length).toBe(exchanges);
    // Disconnecting a Standard account gives up the platform's access.
    const off = await call('DELETE', `${base(shop.id)}/account`, w.owner);
    expect(off.statusCode).toBe(200);
    expect(last('POST /oauth/deauthorize').body).toMatchObject({
      client_id: 'ca_FakeClientId123',
      stripe_user_id: 'acct_1OauthConnected01',
    });
    expect((await call('GET', `${base(shop.id)}/account`, w.owner)).json().message).toBe('Cannot find connected account. Contact support');
  });

  it('staff cannot connect, finish or disconnect (403); another admin cannot finish with a state made for the owner', async () => {
    const forbidden = { message: 'You are not allowed to do this.', code: 'FORBIDDEN' };
    const started = await call('POST', `${base(w.shop.id)}/authorize/url`, w.owner);
    const state = new URL(started.json().url).searchParams.get('state')!;
    for (const [method, path, payload] of [
      ['POST', 'authorize/url', undefined],
      ['POST', 'authorize/return', { code: 'ac_good', state }],
      ['DELETE', 'account', undefined],
    ] as const) {
      const res = await call(method, `${base(w.shop.id)}/${path}`, w.staff, payload);
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 403, body: forbidden });
    }
    // A super admin acts as ADMIN here, but the state names the owner.
    const res = await call('POST', `${base(w.shop.id)}/authorize/return`, w.superAdmin, { code: 'ac_good', state });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('STRIPE_STATE_MISMATCH');
    expect(fake.requests.some((r) => r.path === '/oauth/token' || r.path === '/oauth/deauthorize')).toBe(false);
    expect((await call('GET', `${base(w.shop.id)}/active_account`, w.staff)).json().accountId).toBe(ACCOUNT);
  });

  it('in unified mode, Connect creates the platform account once and answers its onboarding link', async () => {
    await setSwitch(true);
    try {
      const shop = await createShop(w.ctx, w.owner, { name: 'Unified Cafe' });
      const first = await call('POST', `${base(shop.id)}/authorize/url`, w.owner);
      expect(first.statusCode).toBe(200);
      expect(first.json().url).toContain('/onboard/');
      await call('POST', `${base(shop.id)}/authorize/url`, w.owner);
      expect(fake.requests.filter((r) => r.path === '/v1/accounts').length).toBe(1);
    } finally {
      await setSwitch(false);
    }
  });

  it('keeps members only: anonymous 401, another shop 404, and nothing reaches Stripe', async () => {
    for (const [method, path] of [
      ['GET', 'account'],
      ['DELETE', 'account'],
      ['GET', 'active_account'],
      ['POST', 'authorize/url'],
      ['POST', 'links/verification'],
      ['POST', 'links/update'],
      ['POST', 'archive'],
      ['POST', 'external_account/btok_x'],
      ['GET', 'payouts'],
      ['GET', 'balance'],
      ['GET', 'balance_transactions'],
    ] as const) {
      expect((await call(method, `${base(w.shop.id)}/${path}`, null)).statusCode, path).toBe(401);
      const other = await call(method, `${base(w.shop.id)}/${path}`, w.outsider);
      // Archive is for platform staff first: anyone else is refused before the shop is looked at.
      expect(other.statusCode, path).toBe(path === 'archive' ? 403 : 404);
    }
    expect((await call('POST', `${base(w.shop.id)}/payout_schedule`, w.outsider, { interval: 'daily' })).statusCode).toBe(404);
    expect(fake.requests).toEqual([]);
  });
});
