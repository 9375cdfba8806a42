import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, sessionResponse } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { CHALLENGE_TTL_SECONDS, twoFactorChallengeResponse, twoFactorLoginBody, twoFactorMessages } from '../../../domain/twoFactor';
import { findUserByEmail, findUserById } from './repo';
import { dummyHash, verifyPassword } from '../../infra/auth/password';
import { badRequest, tooManyRequests, unauthorized } from '../../infra/http/errors';
import { claimLoginTry, loginSucceeded } from './loginBackoff';
import { countIpAttempt } from './rateLimit';
import { twoFactorEnabled } from './repoTwoFactor';
import { spendCode } from './twoFactor';
import { hashToken } from '../../infra/auth/tokens';
import { finishSignIn } from './signIn';

/** Names the password a challenge was earned with (a hash of its hash: the challenge is readable by its holder). */
const passwordStamp = (passwordHash: string) => hashToken(`challenge:${passwordHash}`).slice(0, 32);

/**
 * POST /auth/login: an access token in the body, the refresh token in an httpOnly cookie; or, when the account has
 * two-factor on, a short-lived signed challenge that POST /auth/login/two-factor exchanges, with a code, for them.
 */
const login: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: 'With two-factor on, the answer is `{ twoFactorRequired: true, challenge, expiresIn }` and no session yet.',
        body: loginBody,
        response: { 200: z.union([sessionResponse, twoFactorChallengeResponse]) },
      },
    },
    async (req, reply) => {
      const { services } = app;
      const { email, password } = req.body;
      await countIpAttempt(services, req, 'login');
      const turn = await claimLoginTry(services, email);
      if (!turn.allowed) throw tooManyRequests(turn.retryAfterSeconds);
      const user = await findUserByEmail(services.db, email);
      // Unknown e-mails still pay for one verification, so both answers take as long.
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      // The spec tells an unknown e-mail apart so the console can send the user to sign up.
      if (!user) throw badRequest(messages.emailNotRegistered, undefined, 'USER_NOT_FOUND');
      if (!valid) throw badRequest(messages.wrongPassword, undefined, 'WRONG_PASSWORD');
      await loginSucceeded(services, email);
      if (await twoFactorEnabled(services.db, user.id)) {
        const challenge = await services.tokens.signChallenge(
          user.id,
          passwordStamp(user.passwordHash),
          services.clock.now(),
          CHALLENGE_TTL_SECONDS,
        );
        return { twoFactorRequired: true as const, challenge, expiresIn: CHALLENGE_TTL_SECONDS };
      }
      return finishSignIn(services, req, reply, user);
    },
  );

  app.post(
    '/login/two-factor',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Sign in's second step: the challenge and a code from the authenticator app (or a recovery code)",
        body: twoFactorLoginBody,
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      const { services } = app;
      await countIpAttempt(services, req, 'login');
      const claims = await services.tokens.verifyChallenge(req.body.challenge, services.clock.now());
      const user = claims ? await findUserById(services.db, claims.sub) : undefined;
      if (!user || claims?.stamp !== passwordStamp(user.passwordHash)) throw unauthorized(twoFactorMessages.challengeExpired);
      await spendCode(services, user, req.body.code);
      return finishSignIn(services, req, reply, user, true);
    },
  );
};
export default login;
