import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopScope } from '../../infra/auth/guard';
import mine from './mine';
import shop from './shop';
import review from './review';
import approval from './approval';
import browse from './browse';
import search from './search';
import staff from './staff';
import settings from './settings';
// posts
import posts from './posts';
import billboards from './billboards';
// settings area
import closures from './closures';
import promotions from './promotions';
// catalog
import items from './items';
import menu from './menu';
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
      // posts
      await oneShop.register(posts);
      await oneShop.register(billboards);
      // settings area
      await oneShop.register(closures);
      await oneShop.register(promotions);
      // catalog
      await oneShop.register(items);
      await oneShop.register(menu);
      // orders (issue 10)
      await oneShop.register(orders);
      await oneShop.register(events);
    },
    { prefix: '/:shopId' },
  );
};
export default shops;
