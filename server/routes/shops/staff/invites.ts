import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../../domain/messages';
import { inviteBody, inviteSchema } from '../../../../domain/staff';
import type { SellerRole } from '../../../../domain/shop';
import { invites, shops, shopSellers, users } from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../errors';
import type { AuthUser, ShopRole } from '../../../context';
import { messageResult, shopParams } from '../schemas';
import { findInvite, inviteJson, newToken } from './inviteRecord';
import { sendInviteMail } from './mails';

const inviteParams = shopParams.extend({ inviteId: z.string() });

/** Only an ADMIN (or a super admin) may hand out the ADMIN role. */
function mayGrant(callerRole: ShopRole | null, role: SellerRole) {
  if (role === 'ADMIN' && callerRole !== 'ADMIN') throw forbidden();
}

/** GET/POST /shops/:shopId/invites, POST …/:inviteId/resend, DELETE …/:inviteId. */
const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const shopName = async (shopId: string) => {
    const [shop] = await app.services.db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
    if (!shop) throw notFound('shop', shopId);
    return shop.name;
  };
  const mail = (user: AuthUser, shopId: string, name: string, invite: { id: string; toEmail: string; role: SellerRole }, token: string) =>
    sendInviteMail(app.services, {
      to: invite.toEmail,
      fromName: user.name,
      fromEmail: user.email,
      shopId,
      shopName: name,
      inviteId: invite.id,
      role: invite.role,
      token,
    });

  app.get(
    '/invites',
    {
      schema: { tags: ['staff'], summary: 'Pending invitations', params: shopParams, response: { 200: z.array(inviteSchema) } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const rows = await db
        .select()
        .from(invites)
        .where(and(eq(invites.shopId, req.params.shopId), gt(invites.expiresAt, clock.now())))
        .orderBy(desc(invites.createdAt));
      return rows.map(inviteJson);
    },
  );

  app.post(
    '/invites',
    {
      schema: {
        tags: ['staff'],
        summary: 'Invite someone by e-mail',
        description: 'Inviting an address that already has an invitation replaces it: a new token, and the old link stops working.',
        params: shopParams,
        body: inviteBody,
        response: { 201: z.object({ message: z.string(), invite: inviteSchema }) },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const { to, role } = req.body;
      mayGrant(req.shopRole, role);
      const name = await shopName(shopId);
      const invite = await db.transaction(async (tx) => {
        // One invitation per shop and address, even when two people invite the same address at once.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invite:${shopId}:${to}`}, 0))`);
        const [seller] = await tx
          .select({ uid: users.id })
          .from(shopSellers)
          .innerJoin(users, eq(users.id, shopSellers.userId))
          .where(and(eq(shopSellers.shopId, shopId), eq(users.email, to)));
        if (seller) throw conflict(messages.alreadyShopUser, 'ALREADY_SHOP_USER');
        const fresh = newToken(clock.now());
        const values = { fromUserId: req.user!.id, fromEmail: req.user!.email, role, tokenHash: fresh.tokenHash, createdAt: fresh.createdAt, expiresAt: fresh.expiresAt };
        const [existing] = await tx
          .select({ id: invites.id })
          .from(invites)
          .where(and(eq(invites.shopId, shopId), eq(invites.toEmail, to)));
        const [row] = existing
          ? await tx.update(invites).set(values).where(eq(invites.id, existing.id)).returning()
          : await tx.insert(invites).values({ ...values, shopId, toEmail: to }).returning();
        // Inside the transaction: if the mail cannot be sent, no invitation is left that nobody received.
        await mail(req.user!, shopId, name, row, fresh.token);
        return row;
      });
      return reply.status(201).send({ message: messages.userInvited, invite: inviteJson(invite) });
    },
  );

  app.post(
    '/invites/:inviteId/resend',
    {
      schema: { tags: ['staff'], summary: 'Send the invitation again with a new link', params: inviteParams, response: { 200: messageResult } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId, inviteId } = req.params;
      const current = await findInvite(db, shopId, inviteId);
      mayGrant(req.shopRole, current.role);
      const name = await shopName(shopId);
      await db.transaction(async (tx) => {
        const fresh = newToken(clock.now());
        const [row] = await tx
          .update(invites)
          .set({ tokenHash: fresh.tokenHash, createdAt: fresh.createdAt, expiresAt: fresh.expiresAt })
          .where(and(eq(invites.id, current.id), eq(invites.shopId, shopId)))
          .returning();
        if (!row) throw notFound('invite', inviteId);
        await mail(req.user!, shopId, name, row, fresh.token);
      });
      return { message: messages.invitationEmailSent };
    },
  );

  app.delete(
    '/invites/:inviteId',
    {
      schema: { tags: ['staff'], summary: 'Withdraw an invitation', params: inviteParams, response: { 200: messageResult } },
    },
    async (req) => {
      const { db } = app.services;
      const { shopId, inviteId } = req.params;
      const current = await findInvite(db, shopId, inviteId);
      await db.delete(invites).where(and(eq(invites.id, current.id), eq(invites.shopId, shopId)));
      return { message: messages.inviteRemoved };
    },
  );
};
export default invitesRoutes;
