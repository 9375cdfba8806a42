import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopScope } from '../../auth/guard';
import mine from './mine';
import shop from './shop';
import review from './review';
import approval from './approval';
import browse from './browse';
import search from './search';
import staff from './staff';
import settings from './settings';
// orders (issue 10)
import orders from './orders';
import events from './events';

/**
 * /shops: the caller's shops, the platform's review queue, browse and search; then everything about one shop,
 * inside the shop scope (membership by default, see shopScope). Static paths (/review, /browse, /search) win over
 * /:shopId in the router.
 */
const shops: FastifyPluginAsyncZod = async (app) => {
  await app.register(mine);
  await app.register(review);
  await app.register(browse);
  await app.register(search);
  await app.register(
    async (oneShop) => {
      shopScope(oneShop);
      await oneShop.register(shop);
      await oneShop.register(approval);
      await oneShop.register(staff);
      await oneShop.register(settings);
      // orders (issue 10)
      await oneShop.register(orders);
      await oneShop.register(events);
    },
    { prefix: '/:shopId' },
  );
};
export default shops;
