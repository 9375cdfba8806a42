import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { startFakeStripe, type FakeStripe } from '../../helpers/fakeStripe';
import { errorBody } from '../../helpers/fakeStripe/fixtures';
import { activate } from '../../../server/infra/payments/accounts';
import { loadConfig } from '../../../server/serverConfig';
import { createShop } from '../../helpers/shopWorld';

/** Stripe secrets never reach the logs or an answer (ARCHITECTURE.md, security rules). */
const SECRET = 'sk_test_51SecretThatMustNotLeakAnywhere';
const WEBHOOK = 'whsec_SecretWebhookSigningValue';
let ctx: TestContext;
let fake: FakeStripe;
let owner: TestUser;
let shopId: string;
const lines: string[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  ctx = await createTestContext({
    env: { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WEBHOOK, STRIPE_CLIENT_ID: 'ca_SecretsTest', STRIPE_API_BASE: fake.url },
    logger: { level: 'info', stream },
  });
  owner = await createUser(ctx, { email: 'owner@example.com' });
  shopId = (await createShop(ctx, owner)).id;
  await activate(shopId, ctx.db, { accountId: 'acct_1SecretsShop00001', mode: 'custom' }, new Date());
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('Stripe secrets', () => {
  it('are in no log line and no answer, whatever Stripe says', async () => {
    const answers: string[] = [];
    const call = async (method: 'GET' | 'POST', url: string) =>
      answers.push((await ctx.app.inject({ method, url, headers: owner.headers })).body);
    fake.failNext('GET /v1/balance', 401, errorBody('invalid_request_error', `Invalid API Key provided: ${SECRET}`));
    await call('GET', `/api/stripe/shops/${shopId}/balance`);
    fake.failNext('GET /v1/accounts/acct_1SecretsShop00001', 500, errorBody('api_error', `internal failure for key ${SECRET}`), 3);
    await call('GET', `/api/stripe/shops/${shopId}/account`);
    await call('GET', `/api/stripe/shops/${shopId}/account`);
    const started = await ctx.app.inject({ method: 'POST', url: `/api/stripe/shops/${shopId}/authorize/url`, headers: owner.headers });
    const state = new URL(started.json().url).searchParams.get('state')!;
    await call('GET', `/api/stripe/oauth/return?code=ac_good&state=${state}`);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhooks',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: '{"id":"evt_x"}',
    });
    const log = lines.join('');
    expect(log).toContain('/api/stripe/oauth/return');
    for (const secret of [SECRET, WEBHOOK, state, 'ac_good']) {
      expect(log).not.toContain(secret);
      expect(answers.join('\n')).not.toContain(SECRET);
    }
  });

  it('include the bank-account token in the path of POST …/external_account/{token}: the request log redacts it', async () => {
    const token = 'btok_1SecretBankAccountToken';
    await ctx.app.inject({ method: 'POST', url: `/api/stripe/shops/${shopId}/external_account/${token}`, headers: owner.headers });
    const log = lines.join('');
    expect(log).toContain(`/api/stripe/shops/${shopId}/external_account/[redacted]`);
    expect(log).not.toContain(token);
  });

  it('are never echoed by a configuration error', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_oops_a_publishable_key_in_the_wrong_place' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_has spaces', STRIPE_WEBHOOK_SECRET: 'not-a-whsec' });
    } catch (e) {
      expect(String(e)).not.toContain('sk_live_has spaces');
      expect(String(e)).not.toContain('not-a-whsec');
    }
  });
});
