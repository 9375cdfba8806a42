import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBody, userSchema } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { createAccount, toUser } from './repo';
import { hashPassword } from '../../infra/auth/password';
import { countAttempt } from './rateLimit';
import { loggableError } from '../../infra/http/errors';
import { sendVerificationMail } from './mails';

/** POST /auth/register: creates the account and mails a verification link. No session: the user signs in next. */
const register: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (the first one on an empty platform becomes super admin) and send the verification email',
        body: registerBody,
        response: { 201: z.object({ message: z.string(), user: userSchema }) },
      },
    },
    async (req, reply) => {
      const { services } = app;
      const { email, password, name, continuePath } = req.body;
      await countAttempt(services, req, 'register', email);
      const passwordHash = await hashPassword(password);
      const row = await createAccount(services.db, { email, name, passwordHash });
      try {
        await sendVerificationMail(services, row, continuePath);
      } catch (err) {
        // The account exists either way; the user can ask for the mail again from the console.
        req.log.error({ err: loggableError(err) }, 'could not send the verification email');
      }
      return reply.status(201).send({ message: messages.verificationEmailSent, user: toUser(row) });
    },
  );
};
export default register;
