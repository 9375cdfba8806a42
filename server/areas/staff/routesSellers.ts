import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { sellerSchema } from '../../../domain/staff';
import { listSellers, removeSeller } from './repo';
import { messageResult, shopParams } from '../../infra/http/params';
import { requireStepUp } from '../../infra/auth/stepUp';

/** GET /shops/:shopId/sellers and DELETE /shops/:shopId/sellers/:uid. */
const sellers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers',
    {
      schema: { tags: ['staff'], summary: 'The shop users', params: shopParams, response: { 200: z.array(sellerSchema) } },
    },
    async (req) => listSellers(req.params.shopId, app.services.db),
  );

  app.delete(
    '/sellers/:uid',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['staff'],
        summary: 'Remove a shop user',
        description: 'A USER may remove USER-role sellers and themselves; an ADMIN anyone, but never the last ADMIN (409).',
        params: shopParams.extend({ uid: z.string() }),
        response: { 200: messageResult },
      },
    },
    async (req) => {
      await removeSeller(req.params.shopId, app.services.db, req.params.uid, { id: req.user!.id, role: req.shopRole });
      return { message: messages.userRemoved };
    },
  );
};
export default sellers;
