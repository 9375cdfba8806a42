import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopScope } from '../../infra/auth/guard';
import shopApps from './shopApps';
import downloads from './downloads';

/**
 * /reports: read-only figures (spec 2 §7). Paths about one shop sit in a shop scope (membership by default); paths
 * about one app check that the caller belongs to one of its outlets.
 */
const reports: FastifyPluginAsyncZod = async (app) => {
  // Areas (one line each):
  await app.register(downloads, { prefix: '/apps/:bundleId/downloads' }); // apps
  await app.register(
    async (oneShop) => {
      shopScope(oneShop);
      // Areas (one line each):
      await oneShop.register(shopApps); // apps
    },
    { prefix: '/shops/:shopId' },
  );
};
export default reports;
