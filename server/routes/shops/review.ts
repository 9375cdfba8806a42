import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSchema } from '../../../domain/shop';
import { shops } from '../../db/schema';
import { contentRange, DEFAULT_RANGE, rangeParam } from '../../http/list';
import { shopsJson } from './shopRecord';

const waiting = eq(shops.listingStatus, 'WAITING_FOR_REVIEW');

/** The platform's review queue: GET /shops/review (super admins); the decisions are in approval.ts. */
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
};
export default review;
