import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import mine from './mine';
import shop from './shop';
import review from './review';
import browse from './browse';
import search from './search';
import staff from './staff';
import transactionFee from './transaction-fee';

/**
 * /shops: the caller's shops, one shop, the platform's review queue, browse and search.
 * Static paths (/review, /browse, /search) win over /:shopId in the router.
 */
const shops: FastifyPluginAsyncZod = async (app) => {
  await app.register(mine);
  await app.register(shop);
  await app.register(review);
  await app.register(browse);
  await app.register(search);
  await app.register(staff, { prefix: '/:shopId' });
  await app.register(transactionFee, { prefix: '/:shopId/transaction_fee' });
};
export default shops;
