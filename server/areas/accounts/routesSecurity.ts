import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordSchema } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import {
  describeUserAgent,
  networkOf,
  recoveryCodesSchema,
  sessionInfoSchema,
  twoFactorCodeBody,
  twoFactorMessages,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../domain/twoFactor';
import { hashPassword, verifyPassword } from '../../infra/auth/password';
import { liftTwoFactorSetupOnly, noStore, revokeUserSessions } from '../../infra/auth/sessions';
import { requireStepUp } from '../../infra/auth/stepUp';
import { badRequest, notFound, tooManyRequests } from '../../infra/http/errors';
import { isUuid } from '../../infra/db/uuid';
import { apiError } from '../../infra/http/schemas';
import { findUserById, setPassword } from './repo';
import { recoveryCodesLeft, twoFactorEnabled } from './repoTwoFactor';
import { listLiveSessions, revokeOwnSession } from './repoSessions';
import { confirmSetup, startSetup, turnOff } from './twoFactor';
import { claimLoginTry, loginSucceeded } from './loginBackoff';

const tags = ['auth'];
const messageResponse = z.object({ message: z.string() });

/**
 * The signed-in user's security page: two-factor sign-in (/me/two-factor…), where they are signed in (/me/sessions)
 * and changing their password (/me/password). Every route works on the caller's own account only.
 */
const security: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/two-factor',
    {
      config: { auth: 'session', twoFactorSetup: true },
      schema: { tags, summary: 'Whether two-factor sign-in is on', response: { 200: twoFactorStatusSchema } },
    },
    async (req) => {
      const { db } = app.services;
      const enabled = await twoFactorEnabled(db, req.user!.id);
      return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, req.user!.id) : 0 };
    },
  );

  app.post(
    '/two-factor/setup',
    {
      config: { auth: 'session', twoFactorSetup: true },
      // Whoever holds the authenticator and the recovery codes holds the account: a borrowed or stolen session must
      // not lock its owner out by turning two-factor on with an app of its own. Confirming needs a code of this secret,
      // so guarding the start guards turning it on.
      preHandler: requireStepUp,
      schema: {
        tags,
        summary: 'A new authenticator secret (shown this once) waiting for a first code',
        response: { 200: twoFactorSetupSchema, 403: apiError, 409: apiError },
      },
    },
    async (req, reply) => {
      // The secret, once: no cache may keep a copy.
      noStore(reply);
      return startSetup(app.services, req.user!);
    },
  );

  app.post(
    '/two-factor/enable',
    {
      config: { auth: 'session', twoFactorSetup: true },
      schema: {
        tags,
        summary: 'Confirm the secret with a code from the app; answers the 10 recovery codes, this once',
        body: twoFactorCodeBody,
        response: { 200: recoveryCodesSchema, 400: apiError, 409: apiError },
      },
    },
    async (req, reply) => {
      noStore(reply);
      const recoveryCodes = await confirmSetup(app.services, req.user!, req.body.code);
      // The code just given meets the account's two-factor rule and proves who is there.
      if (req.user!.sessionId) await liftTwoFactorSetupOnly(app.services.db, req.user!.sessionId, app.services.clock.now());
      return { message: twoFactorMessages.turnedOn, recoveryCodes };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      config: { auth: 'session' },
      preHandler: requireStepUp,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off, with a current code or a recovery code',
        body: twoFactorCodeBody,
        response: { 200: messageResponse, 400: apiError, 403: apiError },
      },
    },
    async (req) => {
      await turnOff(app.services, req.user!, req.body.code);
      return { message: twoFactorMessages.turnedOff };
    },
  );

  app.get(
    '/sessions',
    {
      config: { auth: 'session' },
      schema: { tags, summary: 'Where the user is signed in, the most recently seen first', response: { 200: z.array(sessionInfoSchema) } },
    },
    async (req) => {
      const rows = await listLiveSessions(app.services.db, req.user!.id, app.services.clock.now());
      return rows.map((r) => ({
        id: r.id,
        ...describeUserAgent(r.userAgent),
        location: networkOf(r.ip),
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastUsedAt.toISOString(),
        current: r.id === req.user!.sessionId,
      }));
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: 'Sign one of the sessions out (its refresh token stops working)',
        params: z.object({ sessionId: z.string() }),
        response: { 200: messageResponse, 404: apiError },
      },
    },
    async (req) => {
      const { sessionId } = req.params;
      const { db, clock } = app.services;
      if (!isUuid(sessionId) || !(await revokeOwnSession(db, req.user!.id, sessionId, clock.now()))) throw notFound('session', sessionId);
      return { message: twoFactorMessages.sessionSignedOut };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { auth: 'session' },
      schema: { tags, summary: 'Sign out every session but this one', response: { 200: messageResponse } },
    },
    async (req) => {
      const { db, clock } = app.services;
      await revokeUserSessions(db, req.user!.id, clock.now(), req.user!.sessionId || undefined);
      return { message: twoFactorMessages.otherSessionsSignedOut };
    },
  );

  app.post(
    '/password',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: 'Change the password (the current one is asked); every other session ends',
        body: z.object({ currentPassword: z.string({ error: messages.passwordMin }).max(256), newPassword: passwordSchema }),
        response: { 200: messageResponse, 400: apiError },
      },
    },
    async (req) => {
      const { services } = app;
      const me = req.user!;
      const turn = await claimLoginTry(services, me.email);
      if (!turn.allowed) throw tooManyRequests(turn.retryAfterSeconds);
      const row = await findUserById(services.db, me.id);
      if (!row || !(await verifyPassword(row.passwordHash, req.body.currentPassword)))
        throw badRequest(
          twoFactorMessages.currentPasswordWrong,
          { currentPassword: twoFactorMessages.currentPasswordWrong },
          'WRONG_PASSWORD',
        );
      await loginSucceeded(services, me.email);
      const passwordHash = await hashPassword(req.body.newPassword);
      const now = services.clock.now();
      await services.db.transaction(async (tx) => {
        await setPassword(tx, me.id, passwordHash, now);
        await revokeUserSessions(tx, me.id, now, me.sessionId || undefined);
      });
      return { message: messages.passwordUpdated };
    },
  );
};
export default security;
