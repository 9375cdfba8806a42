import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { actionLinkFor, VERIFY_SUBJECT } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// GET /api/shops stands for every route with the default auth level ('verified').
const shops = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/shops', headers });

describe('the verified-email gate', () => {
  it('401 without a token, 403 Email Not Verified for an unverified user, through once verified (same token)', async () => {
    const anon = await shops();
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'UNAUTHORIZED' });
    expect((await shops({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);

    const user = await createUser(ctx, { email: 'gated@example.com', verified: false });
    const gated = await shops(user.headers);
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toEqual({ message: 'Email Not Verified', code: 'EMAIL_NOT_VERIFIED' });

    const resend = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: user.headers });
    expect(resend.statusCode).toBe(200);
    const { oobCode } = await actionLinkFor(ctx, 'gated@example.com', VERIFY_SUBJECT);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'verifyEmail', oobCode } });
    expect((await shops(user.headers)).statusCode).toBe(200);
  });
});
