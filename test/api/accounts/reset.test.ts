import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, login } from '../../helpers/users';
import { actionCodes, users } from '../../../server/infra/db/tables';
import { RESET_CODE_TTL_MS } from '../../../domain/constants';
import { actionLinkFor, cookieHeader, JSON_TYPE, RESET_SUBJECT } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const requestReset = (email: unknown) => ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email } });
const act = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload, headers });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const refresh = (cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...cookieHeader(decodeURIComponent(cookie.slice('servery_refresh='.length))), ...JSON_TYPE },
  });

async function resetCodeFor(email: string) {
  ctx.mail.clear();
  expect((await requestReset(email)).statusCode).toBe(200);
  return (await actionLinkFor(ctx, email, RESET_SUBJECT)).oobCode;
}

describe('POST /api/auth/reset', () => {
  it('answers exactly alike for an existing and an unknown e-mail, and mails only the existing one', async () => {
    await createUser(ctx, { email: 'exists@example.com', name: 'Alan Turing' });
    const known = await requestReset('exists@example.com');
    const unknown = await requestReset('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: 'Password Reset Email sent' });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const { mail, link, mode } = await actionLinkFor(ctx, 'exists@example.com', RESET_SUBJECT);
    expect(link.startsWith(`${ctx.config.publicUrl}/auth/manage?mode=resetPassword&oobCode=`)).toBe(true);
    expect(mode).toBe('resetPassword');
    expect(mail.text).toContain('Alan Turing');
    expect(mail.html).toContain('Reset password');
    expect(ctx.mail.for('ghost@example.com')).toHaveLength(0);
  });

  it.each([
    ['', 'Please enter your email'],
    ['   ', 'Please enter your email'],
    [undefined, 'Please enter your email'],
    ['not-an-email', 'The email entered is invalid'],
  ])('validates %j → %s', async (email, message) => {
    const res = await requestReset(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION', errors: { email: message } });
  });
});

describe('POST /api/auth/action resetPassword', () => {
  it('sets the new password once; the code cannot be replayed', async () => {
    const user = await createUser(ctx, { email: 'forgetful@example.com' });
    const code = await resetCodeFor(user.email);

    const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(code)}` });
    expect(check.json()).toEqual({ mode: 'resetPassword', email: 'forgetful@example.com' });
    const [unspent] = await ctx.db.select().from(actionCodes).where(eq(actionCodes.userId, user.id));
    expect(unspent.usedAt).toBeNull();

    const res = await act({ mode: 'resetPassword', oobCode: code, newPassword: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated.' });
    await expect(login(ctx, user.email, 'brand-new-password')).resolves.toMatchObject({ token: expect.any(String) });
    await expect(login(ctx, user.email, user.password)).rejects.toThrow(/400/);

    const replay = await act({ mode: 'resetPassword', oobCode: code, newPassword: 'another-password' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: 'This link is invalid or has already been used.', code: 'ACTION_CODE_INVALID' });
  });

  it('ends every other session; the caller stays signed in', async () => {
    const phone = await createUser(ctx, { email: 'many-devices@example.com' });
    const tablet = await login(ctx, phone.email, phone.password);
    const laptop = await login(ctx, phone.email, phone.password);
    const code = await resetCodeFor(phone.email);

    const res = await act({ mode: 'resetPassword', oobCode: code, newPassword: 'fresh-password-1' }, laptop.headers);
    expect(res.statusCode).toBe(200);

    for (const device of [phone, tablet]) {
      expect((await me(device.token)).statusCode).toBe(401);
      expect((await refresh(device.cookie)).statusCode).toBe(401);
    }
    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await refresh(laptop.cookie)).statusCode).toBe(200);
  });

  it('ends every session when nobody is signed in, or someone else is', async () => {
    const victim = await createUser(ctx, { email: 'victim@example.com' });
    const bystander = await createUser(ctx, { email: 'bystander@example.com' });
    const code = await resetCodeFor(victim.email);
    expect((await act({ mode: 'resetPassword', oobCode: code, newPassword: 'fresh-password-2' }, bystander.headers)).statusCode).toBe(200);
    expect((await me(victim.token)).statusCode).toBe(401);
    expect((await me(bystander.token)).statusCode).toBe(200);
  });

  it('marks the address verified (the link came through the mailbox)', async () => {
    const user = await createUser(ctx, { email: 'unverified-reset@example.com', verified: false });
    const code = await resetCodeFor(user.email);
    await act({ mode: 'resetPassword', oobCode: code, newPassword: 'fresh-password-3' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('validates the new password and keeps the code usable', async () => {
    const user = await createUser(ctx, { email: 'weak@example.com' });
    const code = await resetCodeFor(user.email);
    for (const payload of [{ newPassword: 'short' }, {}]) {
      const res = await act({ mode: 'resetPassword', oobCode: code, ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Password should be atleast 8 characters',
        errors: { newPassword: 'Password should be atleast 8 characters' },
      });
    }
    const tooLong = await act({ mode: 'resetPassword', oobCode: code, newPassword: 'x'.repeat(257) });
    expect(tooLong.json().message).toBe('Password should not be larger than 256 characters');
    expect((await act({ mode: 'resetPassword', oobCode: code, newPassword: 'good-enough' })).statusCode).toBe(200);
  });

  it('a reset code expires after 1 hour', async () => {
    const user = await createUser(ctx, { email: 'late@example.com' });
    const code = await resetCodeFor(user.email);
    ctx.clock.advance(RESET_CODE_TTL_MS + 1000);
    try {
      const check = await ctx.app.inject({ method: 'GET', url: `/api/auth/action?mode=resetPassword&oobCode=${code}` });
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({ message: 'This link has expired. Please request a new one.', code: 'ACTION_CODE_EXPIRED' });
      const res = await act({ mode: 'resetPassword', oobCode: code, newPassword: 'too-late-password' });
      expect(res.json().message).toBe('This link has expired. Please request a new one.');
    } finally {
      ctx.clock.reset();
    }
    await expect(login(ctx, user.email, user.password)).resolves.toBeTruthy();
  });

  it('a newer reset mail invalidates the older link', async () => {
    const user = await createUser(ctx, { email: 'twice@example.com' });
    const older = await resetCodeFor(user.email);
    const newer = await resetCodeFor(user.email);
    expect(newer).not.toBe(older);
    expect((await act({ mode: 'resetPassword', oobCode: older, newPassword: 'from-old-link' })).json().message).toBe(
      'This link is invalid or has already been used.',
    );
    expect((await act({ mode: 'resetPassword', oobCode: newer, newPassword: 'from-new-link' })).statusCode).toBe(200);
  });

  it('two simultaneous uses of one code: exactly one wins', async () => {
    const user = await createUser(ctx, { email: 'race@example.com' });
    const code = await resetCodeFor(user.email);
    const results = await Promise.all([
      act({ mode: 'resetPassword', oobCode: code, newPassword: 'race-password-a' }),
      act({ mode: 'resetPassword', oobCode: code, newPassword: 'race-password-b' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
