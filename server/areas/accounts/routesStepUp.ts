import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stepUpBody, stepUpMessages, stepUpResponse, stepUpStatusSchema } from '../../../domain/stepUp';
import { twoFactorMessages } from '../../../domain/twoFactor';
import { verifyPassword } from '../../infra/auth/password';
import { noteProof } from '../../infra/auth/sessions';
import { hasFreshProof, proofValidUntil } from '../../infra/auth/stepUp';
import { badRequest, tooManyRequests } from '../../infra/http/errors';
import { apiError } from '../../infra/http/schemas';
import { claimLoginTry, loginSucceeded } from './loginBackoff';
import { countIpAttempt } from './rateLimit';
import { findUserById } from './repo';
import { twoFactorEnabled } from './repoTwoFactor';
import { spendCode } from './twoFactor';

const tags = ['auth'];

/**
 * The step-up: what moves money or trust (server/infra/auth/stepUp.ts) wants a proof given within STEP_UP_SECONDS.
 * Signing in is one; this is the other: the password, or a code when two-factor is on (a password alone would be
 * less than what signing in asks of such an account). Wrong tries back off as sign-in's do, per account and per IP.
 */
const stepUp: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/step-up',
    {
      // A session held at two-factor set-up may prove itself too: starting the set-up asks for a fresh proof.
      config: { auth: 'session', twoFactorSetup: true },
      schema: {
        tags,
        summary: 'What a step-up asks for (the password, or a code with two-factor on) and whether the last proof is still fresh',
        response: { 200: stepUpStatusSchema },
      },
    },
    async (req) => {
      const { db, config } = app.services;
      const { provedAt } = req.user!;
      const fresh = hasFreshProof(req);
      return {
        method: (await twoFactorEnabled(db, req.user!.id)) ? ('code' as const) : ('password' as const),
        fresh,
        validUntil: fresh && provedAt ? proofValidUntil(provedAt, config.stepUpSeconds).toISOString() : null,
      };
    },
  );

  app.post(
    '/step-up',
    {
      // A session held at two-factor set-up may prove itself too: starting the set-up asks for a fresh proof.
      config: { auth: 'session', twoFactorSetup: true },
      schema: {
        tags,
        summary: 'Prove it is you again: `{ password }`, or `{ code }` when two-factor is on',
        description:
          'Changing the bank account or payout schedule, connecting or disconnecting Stripe, creating API keys, changing ' +
          'roles or staff permissions and turning two-factor on or off answer 403 `STEP_UP_REQUIRED` when the session’s last ' +
          'proof (signing in, or this) is older than STEP_UP_SECONDS; after this they may be sent again.',
        body: stepUpBody,
        response: { 200: stepUpResponse, 400: apiError, 429: apiError },
      },
    },
    async (req) => {
      const { services } = app;
      const me = req.user!;
      const { password, code } = req.body;
      await countIpAttempt(services, req, 'login');
      if (await twoFactorEnabled(services.db, me.id)) {
        if (!code) {
          const message = password ? stepUpMessages.codeInstead : twoFactorMessages.codeRequired;
          throw badRequest(message, { code: message }, 'CODE_REQUIRED');
        }
        // Under the two-factor back-off; a wrong code is a 400 on `code`.
        await spendCode(services, me, code);
      } else {
        if (!password)
          throw badRequest(stepUpMessages.passwordRequired, { password: stepUpMessages.passwordRequired }, 'PASSWORD_REQUIRED');
        const turn = await claimLoginTry(services, me.email);
        if (!turn.allowed) throw tooManyRequests(turn.retryAfterSeconds);
        const row = await findUserById(services.db, me.id);
        if (!row || !(await verifyPassword(row.passwordHash, password)))
          throw badRequest(stepUpMessages.passwordWrong, { password: stepUpMessages.passwordWrong }, 'WRONG_PASSWORD');
        await loginSucceeded(services, me.email);
      }
      const now = services.clock.now();
      await noteProof(services.db, me.sessionId, now);
      return { message: stepUpMessages.confirmed, validUntil: proofValidUntil(now, services.config.stepUpSeconds).toISOString() };
    },
  );
};
export default stepUp;
