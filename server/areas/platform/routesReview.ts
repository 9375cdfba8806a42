import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopSchema } from '../../../domain/shop';
import { DEFAULT_RANGE, rangeParam, sendRange } from '../../infra/db/list';
import { waitingForReview } from '../shops';
import { shopsJson } from '../shops';

/** The platform's review queue: GET /shops/review (super admins); the decisions are the shops area's (routesApproval.ts). */
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
      const { rows, total } = await waitingForReview(db, range);
      sendRange(reply, 'shops', range, rows.length, total);
      return shopsJson(db, req.user!.id, rows);
    },
  );
};
export default review;
