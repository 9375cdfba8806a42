import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../infra/storefront/cacheable';
import { shopPageResponse } from './schemas';
import { shopPage } from './service';

/**
 * GET /storefront/shops/:shopId/page: what a customers' ordering page shows beyond the menu, hours and posts (the
 * shop's name, logo and contact, whether it takes orders now, how a customer may collect and pay). Counted against the
 * per-IP read limit like every storefront read (scope.ts); ETag / 304.
 */
const page: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shops/:shopId/page',
    {
      schema: {
        tags: ['storefront'],
        summary: "A PUBLISHED shop's ordering page: the shop, its state now, its checkout and payment options",
        description:
          'Money in currency units. The state is judged at `state.now` by the hours engine and busy mode. The payment ' +
          "provider's publishable key and the shop's connected account are given only with the Stripe provider. " +
          'Answers ETag; 304 to a matching If-None-Match.',
        params: z.object({ shopId: z.string() }),
        response: { 200: shopPageResponse },
      },
    },
    async (req, reply) => {
      return sendCacheable(req, reply, JSON.stringify(await shopPage(app.services, req.params.shopId)));
    },
  );
};
export default page;
