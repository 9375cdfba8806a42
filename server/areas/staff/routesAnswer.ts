import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { inviteAnswerQuery } from '../../../domain/staff';
import { sellerRole } from '../../../domain/shop';
import { findUserByEmail } from '../accounts';
import { forbidden, unauthorized } from '../../infra/http/errors';
import { answerInvite, inviteFromLink, shopName } from './repo';
import { shopParams } from '../../infra/http/params';
import { hashToken } from '../../infra/auth/tokens';

const params = shopParams.extend({ inviteId: z.string() });

/**
 * The invitation screen's calls. Public: the link's token is the credential. Accepting also needs the invited
 * person signed in (their e-mail must be the invited one); rejecting needs only the token.
 */
const answer: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invites/:inviteId/preview',
    {
      config: { auth: 'public', shopRole: false },
      schema: {
        tags: ['staff'],
        summary: 'What an invitation link is about',
        description: 'hasAccount tells the screen whether to send the person to register before they answer.',
        params,
        querystring: z.object({ token: inviteAnswerQuery.shape.token }),
        response: {
          200: z.object({ shopName: z.string(), fromEmail: z.string(), toEmail: z.string(), role: sellerRole, hasAccount: z.boolean() }),
        },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const invite = await inviteFromLink(req.params.shopId, db, req.params.inviteId, hashToken(req.query.token), clock.now());
      return {
        shopName: await shopName(invite.shopId, db),
        fromEmail: invite.fromEmail,
        toEmail: invite.toEmail,
        role: invite.role,
        hasAccount: Boolean(await findUserByEmail(db, invite.toEmail)),
      };
    },
  );

  app.put(
    '/invites/:inviteId',
    {
      config: { auth: 'public', shopRole: false },
      schema: {
        tags: ['staff'],
        summary: 'Accept or reject an invitation',
        params,
        querystring: inviteAnswerQuery,
        response: { 200: z.object({ message: z.string(), shopId: z.string() }) },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId, inviteId } = req.params;
      const { action, token } = req.query;
      const now = clock.now();
      const invite = await inviteFromLink(shopId, db, inviteId, hashToken(token), now);
      if (action === 'reject') {
        await answerInvite(shopId, db, invite, now, null);
        return { message: messages.invitationRejected, shopId };
      }
      const user = req.user;
      if (!user) throw unauthorized();
      if (!user.emailVerified) throw forbidden(messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      if (user.email !== invite.toEmail) {
        throw forbidden(format(messages.invitationWrongAccount, { email: invite.toEmail }), 'INVITATION_WRONG_ACCOUNT');
      }
      await answerInvite(shopId, db, invite, now, { userId: user.id });
      return { message: messages.invitationAccepted, shopId };
    },
  );
};
export default answer;
