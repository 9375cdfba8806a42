import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD } from '../../helpers/users';
import { sessions } from '../../../server/infra/db/tables';
import { hashToken } from '../../../server/infra/auth/tokens';
import { REFRESH_GRACE_MS } from '../../../server/infra/auth/sessions';
import { cookieHeader, JSON_TYPE, refreshCookie } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const loginAs = (email: string, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const refresh = (value?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: value ? { ...cookieHeader(value), ...JSON_TYPE } : JSON_TYPE });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/login', () => {
  it('answers the access token and user, and sets the refresh cookie', async () => {
    const user = await createUser(ctx, { email: 'login@example.com', name: 'Grace Hopper' });
    const res = await loginAs('Login@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      expiresIn: 900,
      user: { id: user.id, email: 'login@example.com', name: 'Grace Hopper', emailVerified: true, isSuperAdmin: false },
    });
    const cookie = refreshCookie(res)!;
    expect(cookie.value).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie.attrs).toMatchObject({ path: '/api/auth', httponly: true, samesite: 'Strict', 'max-age': String(30 * 86_400) });
    expect(cookie.attrs.secure).toBeUndefined(); // http://localhost in tests
    // Beside it, a readable cookie with no secret: the console asks /auth/refresh only when it is there.
    const hint = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('servery_session='))!;
    expect(hint.split(';').map((p) => p.trim())).toEqual(
      expect.arrayContaining(['servery_session=1', 'Path=/', 'SameSite=Strict', `Max-Age=${30 * 86_400}`]),
    );
    expect(hint.toLowerCase()).not.toContain('httponly');

    // Only the hash of the secret is stored.
    const [sessionId, secret] = cookie.value.split('.');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row.refreshHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    expect((await me(res.json().accessToken)).json().email).toBe('login@example.com');
  });

  it('lets an unverified user sign in (the console then shows the verification gate)', async () => {
    await createUser(ctx, { email: 'unverified@example.com', verified: false });
    const res = await loginAs('unverified@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(false);
  });

  it('tells an unknown e-mail apart from a wrong password', async () => {
    await createUser(ctx, { email: 'known@example.com' });
    const unknown = await loginAs('nobody@example.com');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'Email not registered - The given email is not registered. Please sign-up.',
      code: 'USER_NOT_FOUND',
    });
    const wrong = await loginAs('known@example.com', 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'The password is invalid.', code: 'WRONG_PASSWORD' });
    expect(refreshCookie(unknown)).toBeUndefined();
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it.each([
    [{ email: 'bad', password: 'whatever-long' }, 'email', 'The email entered is invalid'],
    [{ password: 'whatever-long' }, 'email', 'The email entered is invalid'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password should be atleast 8 characters'],
  ])('validates %j', async (payload, field, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION', errors: { [field]: message } });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token; the replaced one is refused and ends the session', async () => {
    const user = await createUser(ctx);
    const first = user.cookie.slice('servery_refresh='.length);

    const r1 = await refresh(decodeURIComponent(first));
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ accessToken: expect.any(String), expiresIn: 900, user: { id: user.id, email: user.email } });
    const second = refreshCookie(r1)!.value;
    expect(second).not.toBe(decodeURIComponent(first));
    expect(second.split('.')[0]).toBe(first.split('.')[0]); // same session, new secret
    const newAccess = r1.json().accessToken as string;
    expect((await me(newAccess)).statusCode).toBe(200);

    // Someone presents the old token again once the grace window is over: reuse detected, the session is over for everyone.
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    const replay = await refresh(decodeURIComponent(first));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });
    expect(refreshCookie(replay)?.value).toBe('');
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await me(newAccess)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('a token replaced several rotations ago still ends the whole session (a stolen cookie refreshed twice)', async () => {
    const user = await createUser(ctx);
    const stolen = decodeURIComponent(user.cookie.slice('servery_refresh='.length));
    let current = stolen;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(current);
      expect(res.statusCode).toBe(200);
      current = refreshCookie(res)!.value;
    }
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    // The thief's (or the owner's) newest token is dead too, and so is every access token of the session.
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, stolen.split('.')[0]));
    expect(row.revokedAt).not.toBeNull();
  });

  it('two refreshes racing on one cookie both answer 200 with the same rotated session', async () => {
    const user = await createUser(ctx);
    const cookie = decodeURIComponent(user.cookie.slice('servery_refresh='.length));
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rotated = refreshCookie(a)!.value;
    expect(rotated).not.toBe(cookie);
    expect(refreshCookie(b)!.value).toBe(rotated);
    for (const res of [a, b]) expect((await me(res.json().accessToken)).statusCode).toBe(200);
    // A tab that refreshes a little later with the cookie it started with gets the same session too.
    ctx.clock.advance(REFRESH_GRACE_MS - 1000);
    const late = await refresh(cookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookie(late)!.value).toBe(rotated);
    // The session goes on from the rotated cookie.
    const next = await refresh(rotated);
    expect(next.statusCode).toBe(200);
    expect(refreshCookie(next)!.value).not.toBe(rotated);
  });

  it('a replay after the grace window ends the whole session: the old and the rotated cookie are both refused', async () => {
    const user = await createUser(ctx);
    const cookie = decodeURIComponent(user.cookie.slice('servery_refresh='.length));
    const first = await refresh(cookie);
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookie(first)!.value;
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await me(first.json().accessToken)).statusCode).toBe(401);
  });

  it('a made-up secret for a live session id is refused without ending the session', async () => {
    const user = await createUser(ctx);
    const value = decodeURIComponent(user.cookie.slice('servery_refresh='.length));
    expect((await refresh(`${value.split('.')[0]}.${'b'.repeat(43)}`)).statusCode).toBe(401);
    expect((await refresh(value)).statusCode).toBe(200);
  });

  it('answers 401 and clears the cookie when the cookie is missing, malformed or unknown', async () => {
    for (const value of [undefined, 'garbage', `00000000-0000-4000-8000-000000000000.${'a'.repeat(43)}`]) {
      const res = await refresh(value);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      const cleared = refreshCookie(res)!;
      expect(cleared.value).toBe('');
      expect(cleared.attrs.path).toBe('/api/auth');
    }
  });

  it('answers 401 once the session has expired', async () => {
    const user = await createUser(ctx);
    ctx.clock.advance(30 * DAY_MS + 1000);
    try {
      expect((await refresh(decodeURIComponent(user.cookie.slice('servery_refresh='.length)))).statusCode).toBe(401);
      expect((await me(user.token)).statusCode).toBe(401);
    } finally {
      ctx.clock.reset();
    }
  });

  it('keeps a session in use alive (the expiry slides with each refresh)', async () => {
    const user = await createUser(ctx);
    let value = decodeURIComponent(user.cookie.slice('servery_refresh='.length));
    try {
      for (let i = 0; i < 3; i++) {
        ctx.clock.advance(20 * DAY_MS);
        const res = await refresh(value);
        expect(res.statusCode).toBe(200);
        value = refreshCookie(res)!.value;
      }
    } finally {
      ctx.clock.reset();
    }
  });

  it('answers 401 for an access token past its lifetime; refresh then gives a working one', async () => {
    const user = await createUser(ctx);
    ctx.clock.advance(901 * 1000);
    try {
      expect((await me(user.token)).statusCode).toBe(401);
      const res = await refresh(decodeURIComponent(user.cookie.slice('servery_refresh='.length)));
      expect((await me(res.json().accessToken)).statusCode).toBe(200);
    } finally {
      ctx.clock.reset();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the cookie and of the bearer at once, and clears the cookie', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx, { email: user.email.replace('@', '+x@') });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(refreshCookie(res)!.value).toBe('');
    expect(([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('servery_session='))).toMatch(
      /^servery_session=;.*Path=\//,
    );
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await refresh(decodeURIComponent(user.cookie.slice('servery_refresh='.length)))).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('works with the cookie alone (an expired access token) and with the bearer alone', async () => {
    const a = await createUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie, ...JSON_TYPE } })).statusCode,
    ).toBe(204);
    expect((await me(a.token)).statusCode).toBe(401);

    const b = await createUser(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...b.headers, ...JSON_TYPE } })).statusCode).toBe(
      204,
    );
    expect((await me(b.token)).statusCode).toBe(401);
    expect((await refresh(decodeURIComponent(b.cookie.slice('servery_refresh='.length)))).statusCode).toBe(401);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: JSON_TYPE })).statusCode).toBe(204);
  });

  it('logging out one device leaves the others signed in', async () => {
    const user = await createUser(ctx);
    const laptop = await loginAs(user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...user.headers, ...JSON_TYPE } });
    expect((await me(laptop.json().accessToken)).statusCode).toBe(200);
  });
});

describe('GET /api/me and GET /api/users/is_super_admin', () => {
  it('answers the signed-in user, verified or not', async () => {
    const user = await createUser(ctx, { email: 'me@example.com', name: 'Me Myself', verified: false });
    const res = await me(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: 'me@example.com', name: 'Me Myself', emailVerified: false, isSuperAdmin: false });
  });

  it('answers 401 without a token or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }]) {
      for (const url of ['/api/me', '/api/users/is_super_admin']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });
      }
    }
  });

  it('is_super_admin reflects the database on every request', async () => {
    const admin = await createUser(ctx, { superAdmin: true });
    const plain = await createUser(ctx);
    const ask = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/users/is_super_admin', headers });
    expect((await ask(admin.headers)).json()).toEqual({ isSuperAdmin: true });
    expect((await ask(plain.headers)).json()).toEqual({ isSuperAdmin: false });
  });
});

describe('HTTPS deployments', () => {
  it('marks the refresh cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestContext({ env: { PUBLIC_URL: 'https://servery.example' } });
    try {
      const user = await createUser(https);
      const res = await https.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
      expect(refreshCookie(res)!.attrs.secure).toBe(true);
      const cleared = await https.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie, ...JSON_TYPE } });
      expect(refreshCookie(cleared)!.attrs.secure).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/reset',
      '/api/auth/action',
      '/api/auth/verify/resend',
      '/api/me',
      '/api/users/is_super_admin',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
