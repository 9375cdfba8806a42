import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaImage, mediaImageOf } from '../../infra/images/mediaImage';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { sendCacheable } from '../../infra/storefront/cacheable';
import { loadBillboards } from './repo';

const params = z.object({ shopId: z.string().describe('Shop id (uuid)') });

/** GET /storefront/shops/:shopId/billboards: a PUBLISHED shop's billboards, as its customers' app shows them (ETag / 304). */
const storefrontBillboards: FastifyPluginAsyncZod = async (app) => {
  const mediaOf = mediaImageOf(app.services.config.publicUrl);
  app.get(
    '/shops/:shopId/billboards',
    {
      schema: {
        tags: ['storefront'],
        summary: "A published shop's billboards in order, with absolute image URLs at the CDN widths",
        params,
        response: { 200: z.object({ images: z.array(mediaImage) }) },
      },
    },
    async (req, reply) => {
      const { db } = app.services;
      const shop = await publishedShop(db, req.params.shopId);
      const images = await loadBillboards(shop.id, db);
      return sendCacheable(req, reply, JSON.stringify({ images: images.map(mediaOf) }));
    },
  );
};
export default storefrontBillboards;
