import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetBody } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { findUserByEmail } from '../../auth/accounts';
import { countAttempt } from './rateLimit';
import { sendResetMail } from './mails';

/** POST /auth/reset: the same answer whether or not the account exists. */
const reset: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (answers alike for unknown emails)',
        security: [],
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
        try {
          await sendResetMail(services, user);
        } catch (err) {
          // Answering differently would tell which e-mails have accounts.
          req.log.error({ err }, 'could not send the password-reset email');
        }
      }
      return { message: messages.resetEmailSent };
    },
  );
};
export default reset;
