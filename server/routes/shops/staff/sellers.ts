import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../../domain/messages';
import { sellerSchema } from '../../../../domain/staff';
import { shopSellers, users } from '../../../db/schema';
import { isUuid } from '../../../auth/guard';
import { conflict, forbidden, notFound } from '../../../errors';
import { messageResult, shopParams } from '../schemas';

/** GET /shops/:shopId/sellers and DELETE /shops/:shopId/sellers/:uid. */
const sellers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers',
    {
      schema: { tags: ['staff'], summary: 'The shop users', params: shopParams, response: { 200: z.array(sellerSchema) } },
    },
    async (req) => {
      const rows = await app.services.db
        .select({ uid: users.id, email: users.email, name: users.name, role: shopSellers.role })
        .from(shopSellers)
        .innerJoin(users, eq(users.id, shopSellers.userId))
        .where(eq(shopSellers.shopId, req.params.shopId))
        .orderBy(asc(shopSellers.role), asc(users.email));
      return rows;
    },
  );

  app.delete(
    '/sellers/:uid',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a shop user',
        description: 'A USER may remove USER-role sellers and themselves; an ADMIN anyone, but never the last ADMIN (409).',
        params: shopParams.extend({ uid: z.string() }),
        response: { 200: messageResult },
      },
    },
    async (req) => {
      const { shopId, uid } = req.params;
      if (!isUuid(uid)) throw notFound('seller', uid);
      await app.services.db.transaction(async (tx) => {
        // Lock the shop's admins first, so two admins removing each other cannot leave the shop with none.
        const admins = await tx
          .select({ userId: shopSellers.userId })
          .from(shopSellers)
          .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.role, 'ADMIN')))
          .for('update');
        const [target] = await tx
          .select({ role: shopSellers.role })
          .from(shopSellers)
          .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, uid)));
        if (!target) throw notFound('seller', uid);
        const self = uid === req.user!.id;
        if (req.shopRole !== 'ADMIN' && target.role === 'ADMIN' && !self) throw forbidden();
        if (target.role === 'ADMIN' && admins.length <= 1) throw conflict(messages.cannotRemoveLastAdmin, 'LAST_ADMIN');
        await tx.delete(shopSellers).where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, uid)));
      });
      return { message: messages.userRemoved };
    },
  );
};
export default sellers;
