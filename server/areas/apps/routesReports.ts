import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopApp } from '../../../domain/apps';
import { appsOfShop } from './repoDevices';

/** GET /reports/shops/{shopId}/apps: the apps that have this shop as an outlet (the Downloads screen's selector). */
const shopApps: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps',
    {
      schema: {
        tags: ['reports'],
        summary: 'Apps that list this shop as an outlet',
        params: z.object({ shopId: z.string() }),
        response: { 200: z.array(shopApp) },
      },
    },
    async (req) => appsOfShop(app.services.db, req.params.shopId),
  );
};
export default shopApps;
