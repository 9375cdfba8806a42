import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { soldOutEntry } from '../../../domain/catalog/soldOutList';
import { shopParams } from '../../infra/http/params';
import { listSoldOut } from './repoSoldOut';

/**
 * GET /shops/:shopId/sold_out: what is sold out now, for the board's 'Sold out' panel. Every member may read it, as
 * every member may sell out and bring back (PUT /items/:itemId/availability).
 */
const soldOutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sold_out',
    {
      schema: {
        tags: ['items'],
        summary: 'What is sold out now: items, choice values and toppings, soonest back first, then those waiting for a member',
        params: shopParams,
        response: { 200: z.array(soldOutEntry) },
      },
    },
    async (req) => listSoldOut(req.params.shopId, app.services.db, app.services.clock.now()),
  );
};
export default soldOutRoutes;
