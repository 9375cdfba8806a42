import type { FastifyReply, FastifyRequest } from 'fastify';
import { STEP_UP_REQUIRED, stepUpMessages } from '../../../domain/stepUp';
import { forbidden, unauthorized } from '../http/errors';

/** Until when a proof made at `provedAt` lets the session move money or trust. */
export const proofValidUntil = (provedAt: Date, stepUpSeconds: number) => new Date(provedAt.getTime() + stepUpSeconds * 1000);

/** Whether the caller proved who they are (signing in, a step-up) within STEP_UP_SECONDS of now. */
export function hasFreshProof(req: FastifyRequest): boolean {
  const { clock, config } = req.server.services;
  const provedAt = req.user?.provedAt;
  return Boolean(provedAt && clock.now() < proofValidUntil(provedAt, config.stepUpSeconds));
}

/**
 * preHandler of every route that moves money or trust (bank account, payout schedule, connecting Stripe, API keys,
 * roles and staff permissions, turning two-factor on or off): one line, `preHandler: requireStepUp`. It runs after the
 * guard and the shop scope (a caller who may not call the route hears that first) and after the body's validation
 * (a form with a mistake is told so before being asked to prove anything). Without a fresh proof: 403
 * STEP_UP_REQUIRED, which the console answers by asking the password (or a code) and sending the request again.
 * API keys never reach these routes (apiKeyScopes.ts lists none of them); a key has no session to prove anything
 * with, so it is refused here too.
 */
export async function requireStepUp(req: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  if (!req.user) throw unauthorized();
  if (req.apiKey) throw forbidden();
  if (!hasFreshProof(req)) throw forbidden(stepUpMessages.required, STEP_UP_REQUIRED);
}
