import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTION_MODES, actionBody, actionQuery, type ActionMode } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { checkActionCode, spendActionCode } from '../../infra/auth/actionCodes';
import { hashPassword } from '../../infra/auth/password';
import { revokeUserSessions } from '../../infra/auth/sessions';
import { markEmailVerified, setPasswordFromLink } from './repo';
import { hashToken } from '../../infra/auth/tokens';
import { countAttempt } from './rateLimit';
import { badRequest } from '../../infra/http/errors';

function knownMode(mode: string): ActionMode {
  if (!(ACTION_MODES as readonly string[]).includes(mode)) throw badRequest(messages.unknownMode, undefined, 'UNKNOWN_MODE');
  return mode as ActionMode;
}

/** GET checks an e-mail action code (the page shows whose it is); POST spends it. */
const action: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/action',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Check an email action code without using it',
        querystring: actionQuery,
        response: { 200: z.object({ mode: z.enum(ACTION_MODES), email: z.string() }) },
      },
    },
    async (req) => {
      const { services } = app;
      const mode = knownMode(req.query.mode);
      const { email } = await checkActionCode(services.db, mode, req.query.oobCode, services.clock.now());
      return { mode, email };
    },
  );

  app.post(
    '/action',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Use an email action code: verify the email, or set a new password (which ends every other session)',
        body: actionBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const { services } = app;
      const mode = knownMode(req.body.mode);
      const { oobCode, newPassword } = req.body;
      await countAttempt(services, req, 'action', hashToken(oobCode));
      const now = services.clock.now();

      if (mode === 'verifyEmail') {
        await services.db.transaction(async (tx) => {
          const { userId } = await spendActionCode(tx, mode, oobCode, now);
          await markEmailVerified(tx, userId, now);
        });
        return { message: messages.emailVerified };
      }

      if (newPassword === undefined) throw badRequest(messages.passwordMin, { newPassword: messages.passwordMin }, 'VALIDATION');
      // A bogus, used or expired code costs no argon2 work; spendActionCode below still settles races.
      await checkActionCode(services.db, mode, oobCode, now);
      const passwordHash = await hashPassword(newPassword);
      await services.db.transaction(async (tx) => {
        const { userId } = await spendActionCode(tx, mode, oobCode, now);
        await setPasswordFromLink(tx, userId, passwordHash, now);
        // Whoever else was signed in with the old password is signed out; the caller stays signed in.
        const keep = req.user?.id === userId ? req.user.sessionId : undefined;
        await revokeUserSessions(tx, userId, now, keep);
      });
      return { message: messages.passwordUpdated };
    },
  );
};
export default action;
