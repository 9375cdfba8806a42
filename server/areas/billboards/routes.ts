import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { BILLBOARD_ASPECT, billboardsSchema } from '../../../domain/post';
import { loadBillboards, saveBillboards } from './repo';
import { requireShopImages } from '../../infra/images/shopImages';
import { shopParams } from '../../infra/http/params';

/** GET|PUT /shops/:shopId/billboards: the shop's one ordered list of 16:9 banner images (spec 1 §3). */
const billboards: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/billboards',
    {
      schema: {
        tags: ['billboards'],
        summary: "The shop's billboards in order (empty when never saved)",
        params: shopParams,
        response: { 200: billboardsSchema },
      },
    },
    async (req) => ({ images: await loadBillboards(req.params.shopId, app.services.db) }),
  );

  app.put(
    '/billboards',
    {
      config: { staffPermission: 'posts' },
      schema: {
        tags: ['billboards'],
        summary: 'Replace the ordered list of billboards',
        description:
          'At most 10; each path an image uploaded to this server for the shop, cropped to 16:9. The order sent is the order shown.',
        params: shopParams,
        body: billboardsSchema,
        response: { 200: billboardsSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const current = await loadBillboards(shopId, db);
      await requireShopImages(
        shopId,
        db,
        req.body.images.map((i) => i.path),
        {
          userId: req.user!.id,
          keep: current.map((i) => i.path),
          aspect: BILLBOARD_ASPECT,
          field: (i) => `images.${i}.path`,
          wrongAspect: messages.billboardAspect,
        },
      );
      return { images: await saveBillboards(shopId, db, req.body.images, req.user!.id, clock.now()) };
    },
  );
};
export default billboards;
