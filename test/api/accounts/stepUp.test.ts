import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { createUser, type TestUser } from '../../helpers/users';
import { ipSource } from '../../helpers/rateLimits';
import { alignToStep, codeAt, turnOnTwoFactor } from '../../helpers/twoFactor';
import { simulatedBankToken, stripeBase, stripeCalls } from '../stripe/support';

/** A short window, and access tokens that outlive the clock's jumps, so only the proof's age decides. */
const STEP_UP_SECONDS = 120;
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({
    env: {
      STEP_UP_SECONDS: String(STEP_UP_SECONDS),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      RATE_LIMIT_PER_ACCOUNT: '3',
      // Webhook endpoints on loopback (nothing listens there; no order is placed to send them anything).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
});
afterAll(() => w.ctx.close());
beforeEach(() => alignToStep(w.ctx));

const REQUIRED = { message: 'Please confirm it is you to continue.', code: 'STEP_UP_REQUIRED' };
const freshIp = ipSource(223);
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload, remoteAddress: freshIp() });
const stepUp = (user: TestUser | null, payload: object) => inject('POST', '/api/me/step-up', user, payload);
/** Past the window since the last proof. */
const expire = () => w.ctx.clock.advance((STEP_UP_SECONDS + 1) * 1000);

describe('POST /api/me/step-up', () => {
  it('signing in counts as a proof for STEP_UP_SECONDS; after it a guarded route asks again, and the password opens it', async () => {
    const keys = `/api/shops/${w.shop.id}/api_keys`;
    const body = { name: 'Till', scopes: ['orders:read'] };
    // Fresh from sign-in: allowed, and the status says so.
    const owner = await createUser(w.ctx, { email: `fresh-${Date.now()}@example.com` });
    expect((await inject('GET', '/api/me/step-up', owner)).json()).toEqual({
      method: 'password',
      fresh: true,
      validUntil: new Date(w.ctx.clock.now().getTime() + STEP_UP_SECONDS * 1000).toISOString(),
    });
    // Past the window the world's owner is asked.
    expire();
    expect((await inject('GET', '/api/me/step-up', w.owner)).json()).toMatchObject({ method: 'password', fresh: false, validUntil: null });
    const refused = await inject('POST', keys, w.owner, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REQUIRED);

    const proof = await stepUp(w.owner, { password: w.owner.password });
    expect(proof.statusCode).toBe(200);
    expect(proof.json()).toEqual({
      message: 'Thanks, you can go on.',
      validUntil: new Date(w.ctx.clock.now().getTime() + STEP_UP_SECONDS * 1000).toISOString(),
    });
    w.ctx.clock.advance((STEP_UP_SECONDS - 1) * 1000);
    expect((await inject('POST', keys, w.owner, body)).statusCode).toBe(201);
    w.ctx.clock.advance(2000);
    expect((await inject('POST', keys, w.owner, body)).json()).toEqual(REQUIRED);
  });

  it('refuses a wrong or missing password with a clear message, and backs off like sign-in', async () => {
    const user = await createUser(w.ctx);
    expire();
    const wrong = await stepUp(user, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'That password is not right.',
      code: 'WRONG_PASSWORD',
      errors: { password: 'That password is not right.' },
    });
    expect((await inject('GET', '/api/me/step-up', user)).json().fresh).toBe(false);
    const missing = await stepUp(user, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Enter your password.',
      code: 'PASSWORD_REQUIRED',
      errors: { password: 'Enter your password.' },
    });
    const tooLong = await stepUp(user, { password: 'x'.repeat(257) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('VALIDATION');
    // The sign-in back-off: after the free failures (RATE_LIMIT_PER_ACCOUNT) the account waits, even with the right password.
    let last = wrong;
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) last = await stepUp(user, { password: 'still wrong' });
    expect(last.statusCode).toBe(429);
    expect((await stepUp(user, { password: user.password })).statusCode).toBe(429);
    w.ctx.clock.advance(16 * 60 * 1000);
    expect((await stepUp(user, { password: user.password })).statusCode).toBe(200);
  });

  it('with two-factor on asks a code instead of the password; a wrong code is refused', async () => {
    const user = await createUser(w.ctx);
    const { secret, recoveryCodes } = await turnOnTwoFactor(w.ctx, user);
    expire();
    expect((await inject('GET', '/api/me/step-up', user)).json()).toMatchObject({ method: 'code', fresh: false });
    const byPassword = await stepUp(user, { password: user.password });
    expect(byPassword.statusCode).toBe(400);
    const instead = 'Two-factor sign-in is on: enter a code from your authenticator app instead of the password.';
    expect(byPassword.json()).toEqual({ message: instead, code: 'CODE_REQUIRED', errors: { code: instead } });
    const wrongCode = codeAt(w.ctx, secret) === '000000' ? '111111' : '000000';
    const wrong = await stepUp(user, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_CODE');
    expect((await stepUp(user, { code: codeAt(w.ctx, secret) })).statusCode).toBe(200);
    expect((await inject('GET', '/api/me/step-up', user)).json().fresh).toBe(true);
    // A recovery code is a proof too; turning two-factor off is guarded, and then needs its own code as before.
    expire();
    const off = await inject('POST', '/api/me/two-factor/disable', user, { code: recoveryCodes[0] });
    expect(off.json()).toEqual(REQUIRED);
    expect((await stepUp(user, { code: recoveryCodes[1] })).statusCode).toBe(200);
    expect((await inject('POST', '/api/me/two-factor/disable', user, { code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('is for signed-in users only, and API keys cannot call it', async () => {
    expect((await stepUp(null, { password: 'x' })).statusCode).toBe(401);
    const key = await inject('POST', `/api/shops/${w.shop.id}/api_keys`, await createUser(w.ctx), { name: 'K', scopes: ['orders:read'] });
    expect(key.statusCode).toBe(404);
    await stepUp(w.owner, { password: w.owner.password });
    const made = await inject('POST', `/api/shops/${w.shop.id}/api_keys`, w.owner, { name: 'Reader', scopes: ['orders:read'] });
    const value = made.json().key as string;
    const byKey = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/me/step-up',
      headers: { authorization: `Bearer ${value}` },
      payload: { password: w.owner.password },
    });
    expect(byKey.statusCode).toBe(403);
  });
});

describe('each guarded route is refused without a fresh proof, then allowed', () => {
  const { call, connectStandard } = (() => {
    let calls: ReturnType<typeof stripeCalls> | undefined;
    return {
      call: (...args: Parameters<ReturnType<typeof stripeCalls>['call']>) => (calls ??= stripeCalls(w)).call(...args),
      connectStandard: (shopId: string) => (calls ??= stripeCalls(w)).connectStandard(shopId),
    };
  })();

  async function refusedThenAllowed(
    user: TestUser,
    send: () => Promise<{ statusCode: number; json(): unknown; body: string }>,
    status: number,
  ) {
    expire();
    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual(REQUIRED);
    expect((await stepUp(user, { password: user.password })).statusCode).toBe(200);
    const allowed = await send();
    expect(allowed.statusCode, allowed.body).toBe(status);
  }

  it('the bank account, payout schedule, account links, connecting and disconnecting Stripe', async () => {
    const stripe = stripeBase(w.shop.id);
    await refusedThenAllowed(w.owner, () => call('POST', `${stripe}/authorize/url`, w.owner), 200);
    await stepUp(w.owner, { password: w.owner.password });
    await connectStandard(w.shop.id);
    const token = simulatedBankToken(['Olive Owner', 'i', '110000', '6789']);
    await refusedThenAllowed(w.owner, () => call('POST', `${stripe}/external_account/${token}`, w.owner), 200);
    await refusedThenAllowed(w.owner, () => call('POST', `${stripe}/payout_schedule`, w.owner, { interval: 'daily' }), 200);
    await refusedThenAllowed(w.owner, () => call('POST', `${stripe}/links/update`, w.owner), 200);
    await refusedThenAllowed(w.owner, () => call('POST', `${stripe}/links/verification`, w.owner), 200);
    await refusedThenAllowed(w.superAdmin, () => call('POST', `${stripe}/archive`, w.superAdmin), 200);
    await refusedThenAllowed(w.owner, () => call('DELETE', `${stripe}/account`, w.owner), 200);
  });

  it('roles and staff permissions, the shop and platform two-factor rules', async () => {
    const shop = `/api/shops/${w.shop.id}`;
    await refusedThenAllowed(w.owner, () => inject('POST', `${shop}/invites`, w.owner, { to: 'new-hand@example.com', role: 'USER' }), 201);
    const [invite] = (await inject('GET', `${shop}/invites`, w.owner)).json() as { id: string }[];
    await refusedThenAllowed(w.owner, () => inject('POST', `${shop}/invites/${invite.id}/resend`, w.owner), 200);
    await refusedThenAllowed(
      w.superAdmin,
      () => inject('POST', `${shop}/add_user`, w.superAdmin, { email: 'added@example.com', password: 'a long password' }),
      201,
    );
    await refusedThenAllowed(
      w.owner,
      () =>
        inject('PUT', `${shop}/settings/staff_permissions`, w.owner, { catalog: true, posts: false, reports: true, bankAccount: false }),
      200,
    );
    await refusedThenAllowed(w.owner, () => inject('PUT', `${shop}/settings/security`, w.owner, { requireTwoFactor: false }), 200);
    await refusedThenAllowed(
      w.superAdmin,
      () => inject('PUT', '/api/platform/security', w.superAdmin, { requireTwoFactorForSuperAdmins: false }),
      200,
    );
    const member = await createUser(w.ctx);
    await inject('POST', '/api/me/step-up', w.owner, { password: w.owner.password });
    const { addSeller } = await import('../../helpers/shopWorld');
    await addSeller(w.ctx, w.shop.id, member, 'USER');
    await refusedThenAllowed(w.owner, () => inject('DELETE', `${shop}/sellers/${member.id}`, w.owner), 200);
  });

  it('turning two-factor on (its set-up) as well as off', async () => {
    const user = await createUser(w.ctx);
    await refusedThenAllowed(user, () => inject('POST', '/api/me/two-factor/setup', user), 200);
    // Confirming needs a code of the secret the guarded set-up gave, so it is not asked again.
    const { secret } = (await inject('POST', '/api/me/two-factor/setup', user)).json() as { secret: string };
    expire();
    expect((await inject('POST', '/api/me/two-factor/enable', user, { code: codeAt(w.ctx, secret) })).statusCode).toBe(200);
    w.ctx.clock.advance(60_000);
    expire();
    const off = await inject('POST', '/api/me/two-factor/disable', user, { code: codeAt(w.ctx, secret) });
    expect(off.json()).toEqual(REQUIRED);
  });

  it('adding a webhook endpoint, pointing it elsewhere and rolling its secret; switching it off needs none', async () => {
    const hooks = `/api/shops/${w.shop.id}/webhooks`;
    const target = { url: 'http://127.0.0.1:9/servery', eventTypes: ['order.placed'] };
    await refusedThenAllowed(w.owner, () => inject('POST', hooks, w.owner, target), 201);
    const [endpoint] = (await inject('GET', hooks, w.owner)).json() as { id: string }[];
    const one = `${hooks}/${endpoint.id}`;
    await refusedThenAllowed(w.owner, () => inject('PUT', one, w.owner, { url: 'http://127.0.0.1:9/other' }), 200);
    await refusedThenAllowed(w.owner, () => inject('POST', `${one}/roll_secret`, w.owner), 200);
    expire();
    expect((await inject('PUT', one, w.owner, { enabled: false })).statusCode).toBe(200);
  });

  it('a settings kind that changes no trust needs no proof, and refusals for role come before the proof', async () => {
    const shop = `/api/shops/${w.shop.id}`;
    expire();
    const order = await inject('GET', `${shop}/settings/order`, w.owner);
    expect((await inject('PUT', `${shop}/settings/order`, w.owner, order.json() as object)).statusCode).toBe(200);
    // A USER is told they may not, not asked to prove who they are.
    expect((await inject('PUT', `${shop}/settings/security`, w.staff, { requireTwoFactor: true })).json().code).toBe('FORBIDDEN');
    expect((await inject('POST', `${shop}/api_keys`, w.outsider, { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(404);
    expect((await inject('POST', `${shop}/api_keys`, null, { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(401);
    // Bad input is told before the proof, so the form's mistakes come first.
    expect((await inject('PUT', `${shop}/settings/security`, w.owner, { requireTwoFactor: 'yes' })).statusCode).toBe(400);
  });
});
