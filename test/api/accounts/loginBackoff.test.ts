import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD } from '../../helpers/users';
import { ipSource, LIMITED } from '../../helpers/rateLimits';
import { alignToStep, codeAt, turnOnTwoFactor } from '../../helpers/twoFactor';

let ctx: TestContext;
beforeAll(async () => {
  // Per-IP limits are out of the way here: the stranger below uses one address and a botnet alike.
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_WINDOW_SECONDS: '60' } });
});
afterAll(() => ctx.close());

const freshIp = ipSource(8);
const signIn = (email: string, password: string, remoteAddress = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('per-account sign-in limit', () => {
  it('a stranger guessing cannot lock the owner out: each wait doubles, and the owner signs in once it is over', async () => {
    const owner = await createUser(ctx, { email: 'owner-backoff@example.com' });
    const waits: number[] = [];
    for (let guess = 0; guess < 14; guess++) {
      let res = await signIn(owner.email, `guess-${guess}-password`, '10.66.0.1');
      if (res.statusCode === 429) {
        waits.push(retryAfter(res));
        ctx.clock.advance(retryAfter(res) * 1000);
        res = await signIn(owner.email, `guess-${guess}-password`, '10.66.0.1');
      }
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The password is invalid.');
    }
    // The first three failures are free; then 1 s, 2 s, 4 s … up to a quarter of an hour.
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);

    // Right after the stranger's last guess the owner has to wait too, and is told how long ...
    const early = await signIn(owner.email, PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual(LIMITED);
    expect(retryAfter(early)).toBe(900);
    // ... and refused tries do not make the wait longer.
    ctx.clock.advance(300_000);
    expect(retryAfter(await signIn(owner.email, PASSWORD))).toBe(600);

    ctx.clock.advance(600_000);
    const res = await signIn(owner.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(owner.email);
    // Signing in ends the run: the next mistake costs no wait.
    expect((await signIn(owner.email, 'one-more-typo')).statusCode).toBe(400);
    expect((await signIn(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a try during the wait without checking the password, whichever address it comes from', async () => {
    const user = await createUser(ctx, { email: `burst-${Date.now()}@example.com` });
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'not-the-password')).statusCode).toBe(400);
    const waiting = await signIn(user.email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    ctx.clock.advance(retryAfter(waiting) * 1000);
    // When the wait is over, one of a burst of parallel tries is let through; the others wait for the next turn. The
    // burst shares one instant, so the wait each is told does not depend on how long the machine took between them.
    ctx.clock.freeze();
    const burst = await Promise.all(Array.from({ length: 5 }, () => signIn(user.email, 'not-the-password'))).finally(() =>
      ctx.clock.thaw(),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([400, 429, 429, 429, 429]);
    expect(burst.filter((r) => r.statusCode === 429).map(retryAfter)).toEqual([2, 2, 2, 2]);
  });
});

describe('two-factor codes share the back-off', () => {
  it('after the free wrong codes each try waits, the right code included; the wait over, it signs in', async () => {
    const user = await createUser(ctx, { email: `codes-${Date.now()}@example.com` });
    alignToStep(ctx);
    try {
      const { secret } = await turnOnTwoFactor(ctx, user);
      const signed = await signIn(user.email, PASSWORD);
      const { challenge } = signed.json();
      const step = (code: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code }, remoteAddress: freshIp() });
      const wrong = codeAt(ctx, secret, 5);
      for (let i = 0; i < 3; i++) expect((await step(wrong)).statusCode).toBe(400);
      const waiting = await step(codeAt(ctx, secret));
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json()).toEqual(LIMITED);
      expect(retryAfter(waiting)).toBe(1);
      // The right password again does not clear the codes' run.
      expect((await signIn(user.email, PASSWORD)).statusCode).toBe(200);
      expect((await step(codeAt(ctx, secret))).statusCode).toBe(429);
      ctx.clock.advance(1_000);
      const ok = await step(codeAt(ctx, secret));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.id).toBe(user.id);
    } finally {
      ctx.clock.thaw();
    }
  });
});
