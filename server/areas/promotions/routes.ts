import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { PROMOTION_TYPES, promotionInputSchema, promotionSchema } from '../../../domain/promotion';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { createPromotion, deletePromotion, listPromotions, loadPromotion, PROMOTION_SORTABLE, updatePromotion } from './repo';
import { shopParams } from '../../infra/http/params';
import { validBody } from '../../infra/http/validBody';

const idParams = shopParams.extend({ id: z.string().describe('Coupon id (uuid)') });
const body = z.record(z.string(), z.unknown()).describe('A coupon (domain/promotion.ts promotionInputSchema)');

/**
 * /shops/:shopId/promotions: the shop's coupons, ra-data-simple-rest style (spec 3 §2.4, §2.5). Members read;
 * ADMINs create, edit and delete. A code is unique in the shop (409). Money in currency units.
 */
const promotions: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promotions',
    {
      schema: {
        tags: ['promotions'],
        summary: "The shop's coupons",
        description:
          'ra-data-simple-rest list: `sort=["coupon","ASC"]`, `range=[0,19]`, `filter={"q":"…","type":"FREE_DELIVERY","id":[…]}`; ' +
          'total in Content-Range.',
        params: shopParams,
        querystring: listQuery(PROMOTION_SORTABLE, {
          q: z.string().max(100).optional(),
          type: z.enum(PROMOTION_TYPES).optional(),
          id: z.union([z.string(), z.array(z.string()).max(500)]).optional(),
        }),
        response: { 200: z.array(promotionSchema) },
      },
    },
    async (req, reply) => {
      const { sort = ['createdAt', 'DESC'], range = DEFAULT_RANGE, filter = {} } = req.query;
      const { rows, total } = await listPromotions(req.params.shopId, app.services.db, { sort, range, filter });
      sendRange(reply, 'promotions', range, rows.length, total);
      return rows;
    },
  );
  app.get(
    '/promotions/:id',
    { schema: { tags: ['promotions'], summary: 'One coupon', params: idParams, response: { 200: promotionSchema } } },
    async (req) => loadPromotion(req.params.shopId, app.services.db, req.params.id),
  );
  app.post(
    '/promotions',
    {
      config: { shopRole: 'ADMIN' },
      schema: { tags: ['promotions'], summary: 'Create a coupon', params: shopParams, body, response: { 201: promotionSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await createPromotion(req.params.shopId, app.services.db, validBody(promotionInputSchema, req.body))),
  );
  app.put(
    '/promotions/:id',
    {
      config: { shopRole: 'ADMIN' },
      schema: { tags: ['promotions'], summary: 'Replace a coupon', params: idParams, body, response: { 200: promotionSchema } },
    },
    async (req) => {
      const { db, clock } = app.services;
      return updatePromotion(req.params.shopId, db, req.params.id, validBody(promotionInputSchema, req.body), clock.now());
    },
  );
  app.delete(
    '/promotions/:id',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags: ['promotions'],
        summary: 'Delete a coupon',
        params: idParams,
        response: { 200: promotionSchema.extend({ message: z.string() }) },
      },
    },
    async (req) => ({ ...(await deletePromotion(req.params.shopId, app.services.db, req.params.id)), message: messages.promotionDeleted }),
  );
};
export default promotions;
