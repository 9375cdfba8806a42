import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '../../../domain/account';
import { findUserById, toUser } from './repo';
import {
  clearRefreshCookie,
  readRefreshCookie,
  revokeByRefreshToken,
  revokeSession,
  rotateSession,
  setRefreshCookie,
  isTwoFactorSetupOnly,
} from '../../infra/auth/sessions';
import { unauthorized } from '../../infra/http/errors';
import { sameSiteOnly } from './sameSiteOnly';

/** POST /auth/refresh and /auth/logout: both work from the refresh cookie, so they are public routes. */
const session: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refresh',
    {
      config: { auth: 'public' },
      onRequest: sameSiteOnly,
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
        description: 'Send `Content-Type: application/json` (the body may be empty): other requests, and cross-site ones, are a 403.',
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      const { services } = app;
      const result = await rotateSession(services, readRefreshCookie(req));
      if (!result.ok) {
        if (result.reason === 'reused') req.log.warn('a replaced refresh token was presented again; the session is revoked');
        clearRefreshCookie(reply, services);
        throw unauthorized();
      }
      const user = await findUserById(services.db, result.userId);
      if (!user) {
        clearRefreshCookie(reply, services);
        throw unauthorized();
      }
      setRefreshCookie(reply, services, result.session.refreshToken);
      const twoFactorSetupRequired = await isTwoFactorSetupOnly(services.db, result.session.sessionId);
      return {
        accessToken: result.session.accessToken,
        expiresIn: result.session.expiresIn,
        user: { ...toUser(user), ...(twoFactorSetupRequired && { twoFactorSetupRequired }) },
      };
    },
  );

  app.post(
    '/logout',
    {
      config: { auth: 'public' },
      onRequest: sameSiteOnly,
      schema: {
        tags: ['auth'],
        summary: 'End the session of the refresh cookie and/or of the bearer token',
        description: 'Send `Content-Type: application/json` (the body may be empty): other requests, and cross-site ones, are a 403.',
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (req, reply) => {
      const { services } = app;
      await revokeByRefreshToken(services, readRefreshCookie(req));
      if (req.user) await revokeSession(services, req.user.sessionId);
      clearRefreshCookie(reply, services);
      return reply.status(204).send(null);
    },
  );
};
export default session;
