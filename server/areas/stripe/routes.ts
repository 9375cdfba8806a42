import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import returns from './routesReturns';
import webhooks from './routesWebhooks';

/**
 * /stripe (spec 1 §7): Stripe's webhooks and the pages the browser returns through. The shop's connected account is
 * under /stripe/shops/:shopId (routesAccount.ts, in the shop scope).
 */
const stripe: FastifyPluginAsyncZod = async (app) => {
  // The simulated provider's own connections end with the app (they reopen if the services serve a new app).
  app.addHook('onClose', async () => app.services.stripe.ledger?.close());
  await app.register(webhooks);
  await app.register(returns);
};
export default stripe;
