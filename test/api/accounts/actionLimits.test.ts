import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { hashPassword } from '../../../server/infra/auth/password';
import { actionLinkFor, RESET_SUBJECT } from '../../helpers/auth';
import { expectRetryAfter, ipSource, LIMITED } from '../../helpers/rateLimits';

// Counts argon2 hashes while still computing them for real.
vi.mock('../../../server/infra/auth/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/infra/auth/password')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_IP: '3', RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(() => ctx.close());

const freshIp = ipSource(9);
const nextWindow = () => ctx.clock.advance(61_000);
const act = (payload: object, remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload, remoteAddress });
const bogus = (n: number) => `${'q'.repeat(40)}${n.toString().padStart(3, '0')}`;

describe('POST /api/auth/action', () => {
  it('runs no argon2 for a bogus, used or expired code', async () => {
    nextWindow();
    const hashes = vi.mocked(hashPassword);
    hashes.mockClear();
    const res = await act({ mode: 'resetPassword', oobCode: bogus(1), newPassword: 'a-long-new-password' }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This link is invalid or has already been used.', code: 'ACTION_CODE_INVALID' });
    expect(hashes).not.toHaveBeenCalled();

    // A real code does hash, once; spent, it does not any more.
    const user = await createUser(ctx, { email: 'hashes@example.com' });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email: user.email }, remoteAddress: freshIp() });
    const { oobCode } = await actionLinkFor(ctx, user.email, RESET_SUBJECT);
    hashes.mockClear();
    expect((await act({ mode: 'resetPassword', oobCode, newPassword: 'a-long-new-password' }, freshIp())).statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    const replay = await act({ mode: 'resetPassword', oobCode, newPassword: 'another-new-password' }, freshIp());
    expect(replay.statusCode).toBe(400);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('is limited per IP, across codes', async () => {
    nextWindow();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await act({ mode: 'verifyEmail', oobCode: bogus(10 + i) }, ip)).statusCode).toBe(400);
    const blocked = await act({ mode: 'verifyEmail', oobCode: bogus(20) }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expectRetryAfter(blocked, 60);
    expect((await act({ mode: 'verifyEmail', oobCode: bogus(21) }, freshIp())).statusCode).toBe(400);
  });

  it('is limited per code, across IPs', async () => {
    nextWindow();
    for (let i = 0; i < 3; i++)
      expect((await act({ mode: 'resetPassword', oobCode: bogus(30), newPassword: 'a-long-password' }, freshIp())).statusCode).toBe(400);
    const blocked = await act({ mode: 'resetPassword', oobCode: bogus(30), newPassword: 'a-long-password' }, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(LIMITED);
    expectRetryAfter(blocked, 60);
  });
});
