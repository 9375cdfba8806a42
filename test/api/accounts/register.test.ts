import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, login } from '../../helpers/users';
import { users } from '../../../server/infra/db/tables';
import { VERIFY_CODE_TTL_MS } from '../../../domain/constants';
import { actionLinkFor, refreshCookie, VERIFY_SUBJECT } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const register = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const body = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'a-long-password',
  name: 'Ada Lovelace',
  ...extra,
});

describe('POST /api/auth/register', () => {
  it('makes the first account on an empty platform super admin, and only that one', async () => {
    // Two sign-ups at the same instant on the empty platform: exactly one becomes super admin.
    const [a, b] = await Promise.all([register(body('first-a@example.com')), register(body('first-b@example.com'))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const flags = [a.json().user.isSuperAdmin, b.json().user.isSuperAdmin];
    expect(flags.filter(Boolean)).toHaveLength(1);

    const later = await register(body('later@example.com'));
    expect(later.json().user.isSuperAdmin).toBe(false);
  });

  it('creates an unverified account, mails the verification link and starts no session', async () => {
    const res = await register(body('Ada@Example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Verification Email Sent',
      user: { id: expect.any(String), email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: false, isSuperAdmin: false },
    });
    expect(refreshCookie(res)).toBeUndefined();
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const { mail, link, mode, oobCode } = await actionLinkFor(ctx, 'ada@example.com', VERIFY_SUBJECT);
    expect(link.startsWith(`${ctx.config.publicUrl}/auth/manage?mode=verifyEmail&oobCode=`)).toBe(true);
    expect(mode).toBe('verifyEmail');
    expect(oobCode.length).toBeGreaterThanOrEqual(43);
    expect(mail.html).toContain(oobCode);
    expect(mail.text).not.toContain('a-long-password');
  });

  it('carries continuePath into the link', async () => {
    const res = await register(body('cont@example.com', { continuePath: '/invites/abc/shops/def?action=accept&token=x' }));
    expect(res.statusCode).toBe(201);
    const { link, continuePath } = await actionLinkFor(ctx, 'cont@example.com', VERIFY_SUBJECT);
    expect(continuePath).toBe('/invites/abc/shops/def?action=accept&token=x');
    expect(link).toContain('&continuePath=%2Finvites%2Fabc');
  });

  it('refuses an e-mail that is already registered (any case) with 409', async () => {
    await register(body('taken@example.com'));
    const res = await register(body('TAKEN@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already registered', code: 'EMAIL_IN_USE' });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'The email entered is invalid'],
    [{ email: '' }, 'email', 'The email entered is invalid'],
    [{ password: 'short' }, 'password', 'Password should be atleast 8 characters'],
    [{ password: 'x'.repeat(257) }, 'password', 'Password should not be larger than 256 characters'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ continuePath: '//evil.example' }, 'continuePath', 'The continue path must be a path on this site.'],
    [{ continuePath: '/\\evil.example' }, 'continuePath', 'The continue path must be a path on this site.'],
    [{ continuePath: 'https://evil.example/' }, 'continuePath', 'The continue path must be a path on this site.'],
    [{ continuePath: `/${'a'.repeat(300)}` }, 'continuePath', 'The continue path must be a path on this site.'],
  ])('validates %j', async (override, field, message) => {
    const res = await register({ ...body('valid@example.com'), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION', errors: { [field]: message } });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'valid@example.com'));
    expect(row).toBeUndefined();
  });

  it('accepts a password exactly as typed, spaces included', async () => {
    await register({ email: 'spaces@example.com', password: '  spaced  ', name: 'Spaces' });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'spaces@example.com', password: '  spaced  ' },
    });
    expect(ok.statusCode).toBe(200);
    const trimmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'spaces@example.com', password: 'spaced' },
    });
    expect(trimmed.statusCode).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('GET /auth/action tells whose code it is without spending it; POST verifies once', async () => {
    await register(body('verify-me@example.com'));
    const { oobCode } = await actionLinkFor(ctx, 'verify-me@example.com', VERIFY_SUBJECT);
    const url = `/api/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`;

    for (let i = 0; i < 2; i++) {
      const check = await ctx.app.inject({ method: 'GET', url });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ mode: 'verifyEmail', email: 'verify-me@example.com' });
    }

    const used = await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode } });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ message: 'Email successfully verified.' });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'verify-me@example.com'));
    expect(row.emailVerifiedAt).not.toBeNull();

    const replay = await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: 'This link is invalid or has already been used.', code: 'ACTION_CODE_INVALID' });
    const recheck = await ctx.app.inject({ method: 'GET', url });
    expect(recheck.json().message).toBe('This link is invalid or has already been used.');
  });

  it('a verified user gets past the verified-only gate on /me', async () => {
    await register(body('gate@example.com'));
    const { oobCode } = await actionLinkFor(ctx, 'gate@example.com', VERIFY_SUBJECT);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gate@example.com', password: 'a-long-password' },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers })).json().emailVerified).toBe(false);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers })).json().emailVerified).toBe(true);
  });

  it('a verification code expires after 3 days', async () => {
    await register(body('slow@example.com'));
    const { oobCode } = await actionLinkFor(ctx, 'slow@example.com', VERIFY_SUBJECT);
    ctx.clock.advance(VERIFY_CODE_TTL_MS + 1000);
    try {
      const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/action?mode=verifyEmail&oobCode=${oobCode}` });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({ message: 'This link has expired. Please request a new one.', code: 'ACTION_CODE_EXPIRED' });
      const use = await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode } });
      expect(use.statusCode).toBe(400);
      expect(use.json().message).toBe('This link has expired. Please request a new one.');
    } finally {
      ctx.clock.reset();
    }
  });

  it('a code of one mode does not work for the other', async () => {
    await register(body('modes@example.com'));
    const { oobCode } = await actionLinkFor(ctx, 'modes@example.com', VERIFY_SUBJECT);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/action',
      payload: { mode: 'resetPassword', oobCode, newPassword: 'new-password-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link is invalid or has already been used.');
  });

  it.each([
    ['GET', 'mode=verifyEmail', 'Cannot find action code.'],
    ['GET', 'mode=verifyEmail&oobCode=', 'Cannot find action code.'],
    ['GET', 'mode=somethingElse&oobCode=abc', 'Unknown mode'],
    ['GET', 'oobCode=abc', 'Unknown mode'],
    ['GET', 'mode=verifyEmail&oobCode=not-a-real-code', 'This link is invalid or has already been used.'],
  ])('%s /auth/action?%s → 400 %s', async (method, query, message) => {
    const res = await ctx.app.inject({ method: method as 'GET', url: `/api/auth/action?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ mode: 'verifyEmail' }, 'Cannot find action code.'],
    [{ mode: 'verifyEmail', oobCode: '' }, 'Cannot find action code.'],
    [{ mode: 'nope', oobCode: 'abc' }, 'Unknown mode'],
    [{ mode: 'verifyEmail', oobCode: 'not-a-real-code' }, 'This link is invalid or has already been used.'],
  ])('POST /auth/action %j → 400', async (payload, message) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('POST /api/auth/verify/resend', () => {
  it('mails a new link to an unverified user; the first link keeps working, and using one spends both', async () => {
    const user = await createUser(ctx, { email: 'resend@example.com', verified: false });
    await register(body('resend-other@example.com'));
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: user.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Verification Email Sent' });
    const old = await actionLinkFor(ctx, 'resend@example.com', VERIFY_SUBJECT);

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify/resend',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: { continuePath: '/shops' },
    });
    expect(second.statusCode).toBe(200);
    await expect.poll(() => ctx.mail.for('resend@example.com').length).toBe(2);
    const fresh = await actionLinkFor(ctx, 'resend@example.com', VERIFY_SUBJECT);
    expect(fresh.oobCode).not.toBe(old.oobCode);
    expect(fresh.continuePath).toBe('/shops');

    // The user opens the first mail after asking again: its link has not lost its time.
    const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/action?mode=verifyEmail&oobCode=${old.oobCode}` });
    expect(check.json()).toEqual({ mode: 'verifyEmail', email: 'resend@example.com' });
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode: old.oobCode } });
    expect(ok.json()).toEqual({ message: 'Email successfully verified.' });
    const spent = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/action',
      payload: { mode: 'verifyEmail', oobCode: fresh.oobCode },
    });
    expect(spent.json().message).toBe('This link is invalid or has already been used.');
  });

  it('an earlier verification link still expires on its own time', async () => {
    const user = await createUser(ctx, { email: 'resend-late@example.com', verified: false });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: user.headers });
    const first = await actionLinkFor(ctx, user.email, VERIFY_SUBJECT);
    ctx.clock.advance(VERIFY_CODE_TTL_MS - 60_000);
    try {
      const again = await login(ctx, user.email, user.password);
      await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: again.headers });
      await expect.poll(() => ctx.mail.for(user.email).length).toBe(2);
      const second = await actionLinkFor(ctx, user.email, VERIFY_SUBJECT);
      ctx.clock.advance(120_000);
      const late = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/action',
        payload: { mode: 'verifyEmail', oobCode: first.oobCode },
      });
      expect(late.json().message).toBe('This link has expired. Please request a new one.');
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/action',
        payload: { mode: 'verifyEmail', oobCode: second.oobCode },
      });
      expect(ok.json()).toEqual({ message: 'Email successfully verified.' });
    } finally {
      ctx.clock.reset();
    }
  });

  it('accepts an empty JSON body (browser clients send the content type anyway)', async () => {
    const user = await createUser(ctx, { verified: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify/resend',
      headers: { ...user.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for a verified user and 401 without a session', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Your email is already verified.', code: 'ALREADY_VERIFIED' });
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend' });
    expect(anon.statusCode).toBe(401);
  });
});
