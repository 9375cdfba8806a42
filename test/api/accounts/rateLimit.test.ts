import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD } from '../../helpers/users';
import { expectRetryAfter, ipSource, LIMITED } from '../../helpers/rateLimits';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_IP: '3', RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(() => ctx.close());

const freshIp = ipSource(0);

/** Moves to the next rate-limit window (the clock only ever moves forward in this file). */
const nextWindow = () => ctx.clock.advance(61_000);

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

describe.each([
  ['login', '/api/auth/login', (email: string) => ({ email, password: 'wrong-password' })],
  ['register', '/api/auth/register', (email: string) => ({ email, password: 'a-long-password', name: 'Someone' })],
  ['reset', '/api/auth/reset', (email: string) => ({ email })],
])('%s', (_name, url, payloadFor) => {
  it('is limited per IP, across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await post(url, payloadFor(`ip-${_name}-${i}@example.com`), ip)).statusCode).not.toBe(429);
    }
    const blocked = await post(url, payloadFor(`ip-${_name}-9@example.com`), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expectRetryAfter(blocked, 60);
    // Another address is not affected.
    expect((await post(url, payloadFor(`ip-${_name}-10@example.com`), freshIp())).statusCode).not.toBe(429);
  });

  it('is limited per account, across IPs', async () => {
    const email = `acct-${_name}@example.com`;
    for (let i = 0; i < 3; i++) expect((await post(url, payloadFor(email), freshIp())).statusCode).not.toBe(429);
    const blocked = await post(url, payloadFor(email.toUpperCase()), freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    // Sign-in's per-account limit is a back-off (loginBackoff.test.ts) and says so in seconds too.
    expectRetryAfter(blocked, 60);
  });
});

describe('login limit', () => {
  it('makes even the right password wait its turn once the account is over its limit (Retry-After), not a whole window', async () => {
    nextWindow();
    const user = await createUser(ctx, { email: 'target@example.com' }); // the helper signs in: that run ends at once
    for (let i = 0; i < 3; i++) await post('/api/auth/login', { email: user.email, password: 'guess-guess' }, freshIp());
    const right = await post('/api/auth/login', { email: user.email, password: PASSWORD }, freshIp());
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('1');
    ctx.clock.advance(1_000);
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD }, freshIp())).statusCode).toBe(200);
  });

  it('does no work once limited: a blocked registration sends no mail', async () => {
    const email = 'blocked-register@example.com';
    for (let i = 0; i < 3; i++) await post('/api/auth/register', { email, password: 'a-long-password', name: 'X' }, freshIp());
    ctx.mail.clear();
    const blocked = await post('/api/auth/register', { email, password: 'a-long-password', name: 'X' }, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(ctx.mail.for(email)).toHaveLength(0);
  });
});

describe('verification resend limit', () => {
  it('is limited per account', async () => {
    // The user signs in from the helper's address; resends come from many addresses.
    nextWindow();
    const user = await createUser(ctx, { email: 'resender@example.com', verified: false });
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/verify/resend', {}, freshIp(), user.headers)).statusCode).toBe(200);
    const blocked = await post('/api/auth/verify/resend', {}, freshIp(), user.headers);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expectRetryAfter(blocked, 60);
  });

  it('is limited per IP', async () => {
    nextWindow();
    const ip = freshIp();
    const a = await createUser(ctx, { verified: false });
    const b = await createUser(ctx, { verified: false });
    for (let i = 0; i < 3; i++) await post('/api/auth/verify/resend', {}, ip, a.headers);
    expectRetryAfter(await post('/api/auth/verify/resend', {}, ip, b.headers), 60);
  });
});
