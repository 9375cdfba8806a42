import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, PASSWORD } from '../../helpers/users';
import { alignToStep, codeAt, turnOnTwoFactor } from '../../helpers/twoFactor';

/** The authenticator secret, its codes, the recovery codes and the challenge reach no log line, down to debug (every request). */
let ctx: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  ctx = await createTestContext({ logger: { level: 'debug', stream } });
});
afterAll(() => ctx.close());

describe('two-factor secrets', () => {
  it('are in no log line', async () => {
    alignToStep(ctx);
    const user = await createUser(ctx);
    const { secret, recoveryCodes } = await turnOnTwoFactor(ctx, user);
    const signed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    const { challenge } = signed.json();
    const code = codeAt(ctx, secret);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { challenge, code: recoveryCodes[0] + 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code } });
    expect(ok.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/auth/login/two-factor');
    for (const value of [secret, challenge, code, ...recoveryCodes]) expect(log).not.toContain(value);
    ctx.clock.thaw();
  });
});
