import { Secret, TOTP } from 'otpauth';
import type { TestContext } from './app';
import type { TestUser } from './users';

/** The code an authenticator app would show for `secret`, `steps` time-steps away from the test clock's now. */
export const codeAt = (ctx: TestContext, secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ctx.clock.now().getTime() + steps * 30_000 });

/** Freezes the clock one second into a fresh 30-second step, so "this step" and "the next" are what a test says. */
export function alignToStep(ctx: TestContext) {
  ctx.clock.freeze();
  const ms = ctx.clock.now().getTime();
  ctx.clock.advance(30_000 - (ms % 30_000) + 1_000);
}

/**
 * Turns two-factor on for `user` through the API (proving it is them with the password first when the session's last
 * proof is stale, as the console's dialog would); answers the secret and the recovery codes.
 */
export async function turnOnTwoFactor(ctx: TestContext, user: TestUser) {
  const start = () => ctx.app.inject({ method: 'POST', url: '/api/me/two-factor/setup', headers: user.headers });
  let setup = await start();
  if (setup.statusCode === 403 && setup.json().code === 'STEP_UP_REQUIRED') {
    const proof = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/step-up',
      headers: user.headers,
      payload: { password: user.password },
    });
    if (proof.statusCode !== 200) throw new Error(`step-up failed: ${proof.statusCode} ${proof.body}`);
    setup = await start();
  }
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enable = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/two-factor/enable',
    headers: user.headers,
    payload: { code: codeAt(ctx, secret) },
  });
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.statusCode} ${enable.body}`);
  // The code just used spent its step; two steps on, the step before now (drift allowed) is unspent too.
  ctx.clock.advance(60_000);
  return { secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}
