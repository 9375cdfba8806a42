import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD, type TestUser } from '../../helpers/users';
import { cookieHeader, JSON_TYPE, refreshCookie } from '../../helpers/auth';
import { ipSource } from '../../helpers/rateLimits';
import { alignToStep, codeAt, turnOnTwoFactor } from '../../helpers/twoFactor';
import { twoFactor } from '../../../server/areas/accounts/tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.clock.thaw();
  alignToStep(ctx);
});

const WRONG = {
  message: 'That code is not right. Check that the app shows the code for this account and try again.',
  code: 'WRONG_CODE',
  errors: { code: 'That code is not right. Check that the app shows the code for this account and try again.' },
};
const freshIp = ipSource(217);
const post = (url: string, user: TestUser | null, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: user?.headers, payload, remoteAddress: freshIp() });
const login = (email: string, password = PASSWORD) => post('/api/auth/login', null, { email, password });
const secondStep = (challenge: string, code: string) => post('/api/auth/login/two-factor', null, { challenge, code });
const status = (user: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/me/two-factor', headers: user.headers });

async function challengeFor(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String), expiresIn: 300 });
  expect(refreshCookie(res)).toBeUndefined();
  return res.json().challenge as string;
}

describe('turning two-factor on', () => {
  it('shows the secret once, refuses a wrong code with a clear message, and a right one turns it on with 10 recovery codes', async () => {
    const user = await createUser(ctx);
    expect((await status(user)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await post('/api/me/two-factor/setup', user);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Servery');
    expect(decodeURIComponent(parsed.pathname)).toContain(user.email);
    // Stored sealed, never in clear.
    const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row.secretSealed).not.toContain(secret);
    expect(row.enabledAt).toBeNull();

    const wrong = await post('/api/me/two-factor/enable', user, { code: '000000' === codeAt(ctx, secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG);
    expect((await status(user)).json().enabled).toBe(false);
    const empty = await post('/api/me/two-factor/enable', user, { code: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Enter the 6-digit code from your authenticator app.', code: 'VALIDATION' });

    const right = await post('/api/me/two-factor/enable', user, { code: codeAt(ctx, secret) });
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    const { recoveryCodes } = right.json();
    expect(right.json().message).toBe('Two-factor sign-in is on.');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Shown once: the status only counts them, and a second set-up is refused while it is on.
    const after = await status(user);
    expect(after.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(after.body).not.toContain(recoveryCodes[0]);
    const again = await post('/api/me/two-factor/setup', user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor sign-in is already on.', code: 'TWO_FACTOR_ON' });
  });

  it('confirming without a set-up is refused; anonymous callers are 401', async () => {
    const user = await createUser(ctx);
    const res = await post('/api/me/two-factor/enable', user, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Start the set-up again: no authenticator is waiting to be confirmed.', code: 'NO_SETUP' });
    for (const url of ['/api/me/two-factor/setup', '/api/me/two-factor/enable', '/api/me/two-factor/disable'])
      expect((await post(url, null, { code: '123456' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/two-factor' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('the password gives a challenge, not a session; the right code gives the session', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const challenge = await challengeFor(user.email);
    // The challenge is no access token.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${challenge}` } })).statusCode).toBe(
      401,
    );

    const res = await secondStep(challenge, codeAt(ctx, secret));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accessToken: expect.any(String), user: { id: user.id, email: user.email } });
    const cookie = refreshCookie(res)!;
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}\./);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(me.json().id).toBe(user.id);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...cookieHeader(cookie.value), ...JSON_TYPE },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('a wrong code is a 400 with the message; a replayed code in its window is refused', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const challenge = await challengeFor(user.email);
    const code = codeAt(ctx, secret);
    const wrong = await secondStep(challenge, code === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG);
    expect(refreshCookie(wrong)).toBeUndefined();

    expect((await secondStep(challenge, code)).statusCode).toBe(200);
    ctx.clock.advance(5_000); // still the same 30-second step
    const replay = await secondStep(await challengeFor(user.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(WRONG);
  });

  it('accepts a code one step behind or ahead, refuses one two steps away', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const twoBehind = codeAt(ctx, secret, -2);
    const twoAhead = codeAt(ctx, secret, 2);
    expect((await secondStep(await challengeFor(user.email), twoBehind)).statusCode).toBe(400);
    expect((await secondStep(await challengeFor(user.email), twoAhead)).statusCode).toBe(400);
    expect((await secondStep(await challengeFor(user.email), codeAt(ctx, secret, -1))).statusCode).toBe(200);
    expect((await secondStep(await challengeFor(user.email), codeAt(ctx, secret, 1))).statusCode).toBe(200);
    // The step ahead is spent, so the current one, older, is refused as well.
    expect((await secondStep(await challengeFor(user.email), codeAt(ctx, secret))).statusCode).toBe(400);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const user = await createUser(ctx);
    const { recoveryCodes } = await turnOnTwoFactor(ctx, user);
    const ok = await secondStep(await challengeFor(user.email), ` ${recoveryCodes[3].toUpperCase().replace('-', '')} `);
    expect(ok.statusCode).toBe(200);
    const again = await secondStep(await challengeFor(user.email), recoveryCodes[3]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(WRONG);
    expect((await status(user)).json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('an expired or forged challenge is a 401 asking to sign in again', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const challenge = await challengeFor(user.email);
    ctx.clock.advance(301_000);
    const late = await secondStep(challenge, codeAt(ctx, secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'The sign-in took too long. Please sign in again.', code: 'UNAUTHORIZED' });
    // An access token is no challenge either.
    const forged = await secondStep(user.token, codeAt(ctx, secret));
    expect(forged.statusCode).toBe(401);
    const missing = await post('/api/auth/login/two-factor', null, { code: '123456' });
    expect(missing.statusCode).toBe(400);
  });

  it('a challenge earned with a password changed since is void', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const challenge = await challengeFor(user.email);
    const changed = await post('/api/me/password', user, { currentPassword: PASSWORD, newPassword: 'a different password' });
    expect(changed.statusCode).toBe(200);
    const res = await secondStep(challenge, codeAt(ctx, secret));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The sign-in took too long. Please sign in again.');
  });

  it('a wrong password still says so, without a challenge', async () => {
    const user = await createUser(ctx);
    await turnOnTwoFactor(ctx, user);
    const res = await login(user.email, 'not the password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The password is invalid.', code: 'WRONG_PASSWORD' });
  });
});

describe('turning two-factor off', () => {
  it('needs a current code (or a recovery code); then sign-in needs the password only', async () => {
    const user = await createUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, user);
    const none = await post('/api/me/two-factor/disable', user, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });
    const wrong = await post('/api/me/two-factor/disable', user, { code: codeAt(ctx, secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG);
    expect((await status(user)).json().enabled).toBe(true);

    const off = await post('/api/me/two-factor/disable', user, { code: codeAt(ctx, secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: 'Two-factor sign-in is off.' });
    expect((await status(user)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await login(user.email);
    expect(res.json()).toMatchObject({ accessToken: expect.any(String) });

    const notOn = await post('/api/me/two-factor/disable', user, { code: '123456' });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json()).toEqual({ message: 'Two-factor sign-in is not on.', code: 'TWO_FACTOR_OFF' });
  });

  it('a recovery code turns it off too', async () => {
    const user = await createUser(ctx);
    const { recoveryCodes } = await turnOnTwoFactor(ctx, user);
    expect((await post('/api/me/two-factor/disable', user, { code: recoveryCodes[0] })).statusCode).toBe(200);
  });
});
