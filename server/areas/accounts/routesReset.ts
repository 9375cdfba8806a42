import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetBody } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { findUserByEmail } from './repo';
import { countAttempt } from './rateLimit';
import { loggableError } from '../../infra/http/errors';
import { sendResetMail } from './mails';

/**
 * POST /auth/reset: the same answer, in the same time, whether or not the account exists: the code
 * and the mail are made after the answer, so no SMTP round trip (or its failure) shows in it.
 */
const reset: FastifyPluginAsyncZod = async (app) => {
  const mails = app.services.background;
  app.addHook('onClose', () => mails.drain());
  app.post(
    '/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (answers alike for unknown emails)',
        body: resetBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const { services } = app;
      const { email } = req.body;
      await countAttempt(services, req, 'reset', email);
      const user = await findUserByEmail(services.db, email);
      if (user) {
        mails.run(
          () => sendResetMail(services, user),
          (err) => req.log.error({ err: loggableError(err) }, 'could not send the password-reset email'),
        );
      }
      return { message: messages.resetEmailSent };
    },
  );
};
export default reset;
