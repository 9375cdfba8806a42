import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rejectBody, shopSchema } from '../../../domain/shop';
import { shops } from '../../db/schema';
import { contentRange, DEFAULT_RANGE, rangeParam } from '../../http/list';
import { shopParams } from './schemas';
import { notFound } from '../../errors';
import { sellerRoleOf, shopJson, shopsJson } from './shopRecord';

const waiting = eq(shops.listingStatus, 'WAITING_FOR_REVIEW');

/** The platform's review queue: GET /shops/review, POST /shops/:shopId/approve and /reject (super admins). */
const review: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags: ['shops'],
        summary: 'Shops waiting for review, oldest submission first',
        querystring: z.object({ range: rangeParam.optional() }),
        response: { 200: z.array(shopSchema) },
      },
    },
    async (req, reply) => {
      const { db } = app.services;
      const range = req.query.range ?? DEFAULT_RANGE;
      const rows = await db
        .select()
        .from(shops)
        .where(waiting)
        .orderBy(asc(shops.submittedAt), asc(shops.id))
        .offset(range[0])
        .limit(range[1] - range[0] + 1);
      const [{ total }] = await db.select({ total: count() }).from(shops).where(waiting);
      reply.header('Content-Range', contentRange('shops', range, rows.length, total));
      return shopsJson(db, req.user!.id, rows);
    },
  );

  app.post(
    '/:shopId/approve',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['shops'], summary: 'Publish a shop', params: shopParams, response: { 200: shopSchema } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const [row] = await db
        .update(shops)
        .set({ listingStatus: 'PUBLISHED', rejectReason: null, updatedAt: clock.now() })
        .where(eq(shops.id, req.params.shopId))
        .returning();
      if (!row) throw notFound('shop', req.params.shopId);
      return shopJson(row, await sellerRoleOf(db, row.id, req.user!, null));
    },
  );

  app.post(
    '/:shopId/reject',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['shops'], summary: 'Reject a shop with a reason', params: shopParams, body: rejectBody, response: { 200: shopSchema } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const [row] = await db
        .update(shops)
        .set({ listingStatus: 'REJECTED', rejectReason: req.body.rejectReason, updatedAt: clock.now() })
        .where(eq(shops.id, req.params.shopId))
        .returning();
      if (!row) throw notFound('shop', req.params.shopId);
      return shopJson(row, await sellerRoleOf(db, row.id, req.user!, null));
    },
  );
};
export default review;
