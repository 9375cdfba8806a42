import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { continuePathSchema } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import { badRequest } from '../../infra/http/errors';
import { countAttempt } from './rateLimit';
import { sendVerificationMail } from './mails';

/** POST /auth/verify/resend: for the signed-in user whose e-mail is not verified yet (the 'Email Not Verified' gate). */
const verify: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify/resend',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Send the verification email again',
        body: z.object({ continuePath: continuePathSchema.optional() }).nullish(),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const { services } = app;
      const user = req.user!;
      await countAttempt(services, req, 'resend', user.email);
      if (user.emailVerified) throw badRequest(messages.alreadyVerified, undefined, 'ALREADY_VERIFIED');
      await sendVerificationMail(services, user, req.body?.continuePath);
      return { message: messages.verificationEmailSent };
    },
  );
};
export default verify;
