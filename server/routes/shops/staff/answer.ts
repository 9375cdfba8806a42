import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../../domain/messages';
import { inviteAnswerQuery } from '../../../../domain/staff';
import { sellerRole } from '../../../../domain/shop';
import { invites, shops, shopSellers, users } from '../../../db/schema';
import { hashToken } from '../../../auth/tokens';
import { isUuid } from '../../../auth/guard';
import { badRequest, forbidden, unauthorized } from '../../../errors';
import type { Db } from '../../../db/client';
import { shopParams } from '../schemas';
import type { InviteRow } from './inviteRecord';

const params = shopParams.extend({ inviteId: z.string() });
const invalid = () => badRequest(messages.invitationInvalid, undefined, 'INVITATION_INVALID');

/** The invitation the link names, if the token is its current one and it has not expired. */
async function inviteFromLink(db: Db, shopId: string, inviteId: string, token: string, now: Date): Promise<InviteRow> {
  if (!isUuid(shopId) || !isUuid(inviteId)) throw invalid();
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.shopId, shopId), eq(invites.tokenHash, hashToken(token))));
  if (!row) throw invalid();
  if (row.expiresAt <= now) throw badRequest(messages.invitationExpired, undefined, 'INVITATION_EXPIRED');
  return row;
}

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
        response: { 200: z.object({ shopName: z.string(), fromEmail: z.string(), toEmail: z.string(), role: sellerRole, hasAccount: z.boolean() }) },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const invite = await inviteFromLink(db, req.params.shopId, req.params.inviteId, req.query.token, clock.now());
      const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, invite.shopId));
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, invite.toEmail));
      return { shopName: shop.name, fromEmail: invite.fromEmail, toEmail: invite.toEmail, role: invite.role, hasAccount: Boolean(account) };
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
      const invite = await inviteFromLink(db, shopId, inviteId, token, now);
      // Deleting by id, token and expiry makes the link single-use even when it is opened twice at once.
      const spend = (tx: Pick<Db, 'delete'>) =>
        tx
          .delete(invites)
          .where(and(eq(invites.id, invite.id), eq(invites.tokenHash, invite.tokenHash), gt(invites.expiresAt, now)))
          .returning({ id: invites.id });

      if (action === 'reject') {
        const [spent] = await spend(db);
        if (!spent) throw invalid();
        return { message: messages.invitationRejected, shopId };
      }

      const user = req.user;
      if (!user) throw unauthorized();
      if (!user.emailVerified) throw forbidden(messages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      if (user.email !== invite.toEmail) {
        throw forbidden(format(messages.invitationWrongAccount, { email: invite.toEmail }), 'INVITATION_WRONG_ACCOUNT');
      }
      await db.transaction(async (tx) => {
        const [spent] = await spend(tx);
        if (!spent) throw invalid();
        // Someone already in the shop keeps their role (an admin is never demoted by an old invitation).
        await tx.insert(shopSellers).values({ shopId, userId: user.id, role: invite.role }).onConflictDoNothing();
      });
      return { message: messages.invitationAccepted, shopId };
    },
  );
};
export default answer;
