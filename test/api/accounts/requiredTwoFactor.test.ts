import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopWorld, addSeller, type ShopWorld } from '../../helpers/shopWorld';
import { createUser, login, PASSWORD, type TestUser } from '../../helpers/users';
import { alignToStep, codeAt } from '../../helpers/twoFactor';
import { ipSource } from '../../helpers/rateLimits';
import { cookieHeader, JSON_TYPE, refreshCookie } from '../../helpers/auth';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());
beforeEach(() => alignToStep(w.ctx));

const SETUP_REQUIRED = { message: 'Set up two-factor sign-in first: your account needs it.', code: 'TWO_FACTOR_SETUP_REQUIRED' };
const freshIp = ipSource(229);
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> | undefined, payload?: object) =>
  w.ctx.app.inject({ method, url, headers, payload, remoteAddress: freshIp() });
const signIn = (email: string) => inject('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in and sets two-factor up with the restricted session; answers the session's headers. */
async function setUp(headers: Record<string, string>) {
  const setup = await inject('POST', '/api/me/two-factor/setup', headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await inject('POST', '/api/me/two-factor/enable', headers, { code: codeAt(w.ctx, secret) });
  expect(enable.statusCode).toBe(200);
  return secret;
}

async function shopRule(requireTwoFactor: boolean, admin: TestUser = w.owner) {
  await inject('POST', '/api/me/step-up', admin.headers, { password: admin.password });
  const res = await inject('PUT', `/api/shops/${w.shop.id}/settings/security`, admin.headers, { requireTwoFactor });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a shop's rule: every member must use two-factor", () => {
  it('reads as off; only ADMINs read or set it; members of other shops are not concerned', async () => {
    const url = `/api/shops/${w.shop.id}/settings/security`;
    expect((await inject('GET', url, w.owner.headers)).json()).toEqual({ requireTwoFactor: false });
    expect((await inject('GET', url, w.staff.headers)).statusCode).toBe(403);
    expect((await inject('PUT', url, w.staff.headers, { requireTwoFactor: true })).statusCode).toBe(403);
    expect((await inject('GET', url, w.outsider.headers)).statusCode).toBe(404);
    expect((await inject('GET', url, undefined)).statusCode).toBe(401);
    const bad = await inject('PUT', url, w.owner.headers, { requireTwoFactor: 'always' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('takes a member without two-factor to set-up after the password; the session can do nothing else until it is on', async () => {
    const member = await createUser(w.ctx);
    await addSeller(w.ctx, w.shop.id, member, 'USER');
    await shopRule(true);
    const res = await signIn(member.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: member.id, twoFactorSetupRequired: true });
    const headers = bearer(res.json().accessToken);
    // Nothing but the set-up (and the step-up it may ask for): the shop, the orders, the sessions list.
    for (const [method, url] of [
      ['GET', `/api/shops/${w.shop.id}`],
      ['GET', `/api/shops/${w.shop.id}/orders`],
      ['GET', '/api/shops'],
      ['GET', '/api/me/sessions'],
      ['POST', '/api/me/password'],
    ] as const) {
      const refused = await inject(method, url, headers, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(SETUP_REQUIRED);
    }
    // What set-up needs answers; the refresh keeps saying so.
    expect((await inject('GET', '/api/me', headers)).json()).toMatchObject({ twoFactorSetupRequired: true });
    expect((await inject('GET', '/api/me/two-factor', headers)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const refreshed = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...cookieHeader(refreshCookie(res)!.value), ...JSON_TYPE },
      payload: '{}',
    });
    expect(refreshed.json().user).toMatchObject({ twoFactorSetupRequired: true });

    await setUp(headers);
    // On now: the same session goes on, and the code it gave counts as a proof.
    const me = (await inject('GET', '/api/me', headers)).json();
    expect(me.twoFactorSetupRequired).toBeUndefined();
    expect((await inject('GET', `/api/shops/${w.shop.id}`, headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/me/step-up', headers)).json()).toMatchObject({ method: 'code', fresh: true });
    // Next sign-in asks the code, as for anyone with two-factor on.
    expect((await signIn(member.email)).json()).toMatchObject({ twoFactorRequired: true });
    await shopRule(false);
  });

  it('a set-up started long after the password asks for it again first, from the held session', async () => {
    const member = await createUser(w.ctx);
    await addSeller(w.ctx, w.shop.id, member, 'USER');
    await shopRule(true);
    const res = await signIn(member.email);
    const headers = bearer(res.json().accessToken);
    // Past STEP_UP_SECONDS (600 by default), within the access token's life (900).
    w.ctx.clock.advance(601_000);
    const stale = await inject('POST', '/api/me/two-factor/setup', headers);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: 'Please confirm it is you to continue.', code: 'STEP_UP_REQUIRED' });
    expect((await inject('GET', '/api/me/step-up', headers)).json()).toMatchObject({ method: 'password', fresh: false });
    expect((await inject('POST', '/api/me/step-up', headers, { password: PASSWORD })).statusCode).toBe(200);
    await setUp(headers);
    expect((await inject('GET', `/api/shops/${w.shop.id}`, headers)).statusCode).toBe(200);
    await shopRule(false);
  });

  it('leaves members of shops without the rule, and sessions started before it, alone', async () => {
    const before = await createUser(w.ctx);
    await addSeller(w.ctx, w.shop.id, before, 'USER');
    await shopRule(true);
    expect((await inject('GET', `/api/shops/${w.shop.id}`, before.headers)).statusCode).toBe(200);
    // The outsider's shop has no rule.
    const fresh = await login(w.ctx, w.outsider.email, PASSWORD);
    expect((await inject('GET', `/api/shops/${w.otherShop.id}`, fresh.headers)).statusCode).toBe(200);
    await shopRule(false);
    const after = await signIn(before.email);
    expect(after.json().user.twoFactorSetupRequired).toBeUndefined();
  });
});

describe("the platform's rule: super admins must use two-factor", () => {
  const url = '/api/platform/security';

  it('only super admins read or set it', async () => {
    expect((await inject('GET', url, w.superAdmin.headers)).json()).toEqual({ requireTwoFactorForSuperAdmins: false });
    expect((await inject('GET', url, w.owner.headers)).statusCode).toBe(403);
    expect((await inject('PUT', url, w.owner.headers, { requireTwoFactorForSuperAdmins: true })).statusCode).toBe(403);
    expect((await inject('GET', url, undefined)).statusCode).toBe(401);
    const bad = await inject('PUT', url, w.superAdmin.headers, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('takes a super admin without two-factor to set-up after the password; shop owners are not concerned', async () => {
    const root = await createUser(w.ctx, { superAdmin: true });
    await inject('POST', '/api/me/step-up', root.headers, { password: root.password });
    expect((await inject('PUT', url, root.headers, { requireTwoFactorForSuperAdmins: true })).statusCode).toBe(200);
    expect((await inject('GET', url, root.headers)).json()).toEqual({ requireTwoFactorForSuperAdmins: true });

    expect((await signIn(w.owner.email)).json().user.twoFactorSetupRequired).toBeUndefined();
    const res = await signIn(root.email);
    expect(res.json().user).toMatchObject({ isSuperAdmin: true, twoFactorSetupRequired: true });
    const headers = bearer(res.json().accessToken);
    expect((await inject('GET', '/api/users/is_super_admin', headers)).json()).toEqual({ isSuperAdmin: true });
    expect((await inject('GET', '/api/shops/review', headers)).json()).toEqual(SETUP_REQUIRED);
    expect((await inject('PUT', url, headers, { requireTwoFactorForSuperAdmins: false })).json()).toEqual(SETUP_REQUIRED);
    await setUp(headers);
    expect((await inject('PUT', url, headers, { requireTwoFactorForSuperAdmins: false })).statusCode).toBe(200);
  });
});
