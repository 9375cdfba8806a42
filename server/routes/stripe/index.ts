import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopScope } from '../../infra/auth/guard';
import account from './account';
import returns from './returns';
import webhooks from './webhooks';

/**
 * /stripe (spec 1 §7): the shop's connected account under /stripe/shops/:shopId — a shop scope of its own, since
 * these paths are not under /shops — plus Stripe's webhooks and the pages the browser returns through.
 */
const stripe: FastifyPluginAsyncZod = async (app) => {
  // The simulated provider's own connections end with the app (they reopen if the services serve a new app).
  app.addHook('onClose', async () => app.services.stripe.ledger?.close());
  await app.register(webhooks);
  await app.register(returns);
  await app.register(
    async (oneShop) => {
      shopScope(oneShop);
      await oneShop.register(account);
    },
    { prefix: '/shops/:shopId' },
  );
};
export default stripe;
