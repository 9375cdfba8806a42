import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD, type TestUser } from '../../helpers/users';
import { cookieHeader, JSON_TYPE, refreshCookie } from '../../helpers/auth';
import { describeUserAgent, networkOf } from '../../../domain/twoFactor';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs in from a browser and address; answers the access token's headers and the refresh cookie. */
async function signInFrom(user: TestUser, userAgent: string, remoteAddress: string, password = PASSWORD) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return { headers: { authorization: `Bearer ${res.json().accessToken}` }, cookie: refreshCookie(res)!.value };
}
const list = (headers: { authorization: string }) => ctx.app.inject({ method: 'GET', url: '/api/me/sessions', headers });
const refresh = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...cookieHeader(cookie), ...JSON_TYPE } });

describe('reading a User-Agent and an address', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome', 'Windows'],
    [SAFARI_IPHONE, 'Safari', 'iOS'],
    [FIREFOX_LINUX, 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    ['curl/8.5.0', 'Unknown browser', 'Unknown system'],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });

  it('shows the network, not the address', () => {
    expect(networkOf('203.0.113.57')).toBe('203.0.113.x');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.x');
    expect(networkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(networkOf(null)).toBeNull();
  });
});

describe('GET /api/me/sessions', () => {
  it('lists where the user is signed in, says which one is this, and never the full address or the token', async () => {
    const user = await createUser(ctx);
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.57');
    const laptop = await signInFrom(user, CHROME_WINDOWS, '198.51.100.9');
    ctx.clock.advance(120_000);
    const res = await list(laptop.headers);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3); // the helper's own sign-in, the phone and the laptop
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome', os: 'Windows', location: '198.51.100.x', id: laptop.cookie.split('.')[0] });
    // The laptop was just seen (this very request, more than a minute after its sign-in), so it comes first.
    expect(sessions[0].id).toBe(current[0].id);
    expect(Date.parse(sessions[0].lastSeenAt as string)).toBeGreaterThan(Date.parse(sessions[0].createdAt as string));
    expect(sessions.find((s) => s.id === phone.cookie.split('.')[0])).toMatchObject({
      browser: 'Safari',
      os: 'iOS',
      location: '203.0.113.x',
      current: false,
    });
    expect(res.body).not.toContain('203.0.113.57');
    expect(res.body).not.toContain(phone.cookie.split('.')[1]);

    // Another user sees only their own.
    const other = await createUser(ctx);
    expect((await list(other.headers)).json()).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  it('writes last seen at most once a minute', async () => {
    const user = await createUser(ctx);
    const first = (await list(user.headers)).json()[0].lastSeenAt;
    ctx.clock.advance(30_000);
    expect((await list(user.headers)).json()[0].lastSeenAt).toBe(first);
    ctx.clock.advance(31_000);
    expect((await list(user.headers)).json()[0].lastSeenAt).not.toBe(first);
  });
});

describe('signing sessions out', () => {
  it('one session: it can no longer refresh or call the API; the others carry on', async () => {
    const user = await createUser(ctx);
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.8');
    const phoneId = phone.cookie.split('.')[0];
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out of that session.' });
    expect((await refresh(phone.cookie)).statusCode).toBe(401);
    expect((await list(phone.headers)).statusCode).toBe(401);
    expect((await list(user.headers)).json()).toHaveLength(1);

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/me/sessions/${phoneId}`, headers: user.headers });
    expect(again.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/sessions/not-a-uuid', headers: user.headers })).statusCode).toBe(404);
  });

  it('signed out on one server process, refused on another at its next call', async () => {
    const database = connectLike(ctx.config, 2);
    const services = await createServices(ctx.config, database, { log: () => undefined, clock: ctx.clock });
    const other = await buildApp({ services, serveConsole: false });
    try {
      await other.ready();
      const user = await createUser(ctx);
      const tablet = await signInFrom(user, SAFARI_IPHONE, '203.0.113.9');
      const onOther = (headers: { authorization: string }) => other.inject({ method: 'GET', url: '/api/me/sessions', headers });
      expect((await onOther(tablet.headers)).statusCode).toBe(200);
      const tabletId = tablet.cookie.split('.')[0];
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/me/sessions/${tabletId}`, headers: user.headers })).statusCode).toBe(200);
      expect((await onOther(tablet.headers)).statusCode).toBe(401);
      const refreshed = await other.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { ...cookieHeader(tablet.cookie), ...JSON_TYPE },
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await onOther(user.headers)).statusCode).toBe(200);
    } finally {
      await other.close();
      await database.pool.end();
    }
  });

  it("another user's session is a 404 and stays signed in", async () => {
    const owner = await createUser(ctx);
    const stranger = await createUser(ctx);
    const ownerId = decodeURIComponent(owner.cookie.split('=')[1]).split('.')[0];
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/me/sessions/${ownerId}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect((await list(owner.headers)).statusCode).toBe(200);
  });

  it('all others: only this session is left', async () => {
    const user = await createUser(ctx);
    const phone = await signInFrom(user, SAFARI_IPHONE, '203.0.113.9');
    const laptop = await signInFrom(user, CHROME_WINDOWS, '198.51.100.10');
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: laptop.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out everywhere else.' });
    expect((await refresh(phone.cookie)).statusCode).toBe(401);
    expect((await list(user.headers)).statusCode).toBe(401);
    const left = (await list(laptop.headers)).json();
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await refresh(laptop.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/me/password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const user = await createUser(ctx);
    const laptop = await signInFrom(user, CHROME_WINDOWS, '198.51.100.11');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: laptop.headers,
      payload: { currentPassword: 'not the password', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'The current password is not right.',
      code: 'WRONG_PASSWORD',
      errors: { currentPassword: 'The current password is not right.' },
    });
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: laptop.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Password should be atleast 8 characters' });
    expect((await list(user.headers)).statusCode).toBe(200);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: laptop.headers,
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password updated.' });
    expect((await list(user.headers)).statusCode).toBe(401);
    expect((await refresh(decodeURIComponent(user.cookie.split('=')[1]))).statusCode).toBe(401);
    expect((await list(laptop.headers)).statusCode).toBe(200);
    await signInFrom(user, CHROME_WINDOWS, '198.51.100.11', 'a brand new password');
  });
});

describe('a sign-in from a new device', () => {
  it('mails the user once, not on the next sign-in from the same device', async () => {
    const user = await createUser(ctx); // the account's first device: nothing to warn about
    await signInFrom(user, FIREFOX_LINUX, '192.0.2.44');
    const mail = await ctx.mail.waitFor(user.email, /^New sign-in to your Servery account$/);
    expect(mail.text).toContain('Firefox on Linux, from the network 192.0.2.x');
    expect(mail.text).not.toContain('192.0.2.44');
    expect(mail.links.some((l) => l.endsWith('/account/security'))).toBe(true);

    // The same browser again, even from another address in the same network: no mail. A third device is mailed, and by
    // the time its mail is in, a mail for the second sign-in would have been too.
    await signInFrom(user, FIREFOX_LINUX, '192.0.2.45');
    await signInFrom(user, SAFARI_IPHONE, '203.0.113.99');
    const deadline = Date.now() + 10_000;
    while (!ctx.mail.for(user.email).some((m) => m.text.includes('Safari on iOS')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100)); // the real SMTP receiver's arrival, not a clock
    const mails = ctx.mail.for(user.email).filter((m) => /^New sign-in/.test(m.subject));
    expect(mails.map((m) => m.text.includes('Safari on iOS'))).toEqual([false, true]);
  });
});
