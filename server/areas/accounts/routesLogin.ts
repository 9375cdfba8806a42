import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, sessionResponse } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { findUserByEmail, toUser } from './repo';
import { dummyHash, verifyPassword } from '../../infra/auth/password';
import { createSession, setRefreshCookie } from '../../infra/auth/sessions';
import { badRequest, tooManyRequests } from '../../infra/http/errors';
import { claimLoginTry, loginSucceeded } from './loginBackoff';
import { countIpAttempt } from './rateLimit';

/** POST /auth/login: an access token in the body, the refresh token in an httpOnly cookie. */
const login: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: sessionResponse },
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
      const session = await createSession(services, user.id, req.headers['user-agent']);
      setRefreshCookie(reply, services, session.refreshToken);
      return { accessToken: session.accessToken, expiresIn: session.expiresIn, user: toUser(user) };
    },
  );
};
export default login;
