import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rejectBody, shopSchema } from '../../../domain/shop';
import { decideListing, sellerRoleOf } from './repo';
import { shopParams } from '../../infra/http/params';
import { shopJson } from './shopRecord';

/** POST /shops/:shopId/approve and /reject: the platform's decisions on the review queue (super admins). */
const approval: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/approve',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: { tags: ['shops'], summary: 'Publish a shop', params: shopParams, response: { 200: shopSchema } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const row = await decideListing(req.params.shopId, db, { status: 'PUBLISHED' }, clock.now());
      return shopJson(row, await sellerRoleOf(row.id, db, req.user!, null));
    },
  );

  app.post(
    '/reject',
    {
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: {
        tags: ['shops'],
        summary: 'Reject a shop with a reason',
        params: shopParams,
        body: rejectBody,
        response: { 200: shopSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const row = await decideListing(req.params.shopId, db, { status: 'REJECTED', reason: req.body.rejectReason }, clock.now());
      return shopJson(row, await sellerRoleOf(row.id, db, req.user!, null));
    },
  );
};
export default approval;
