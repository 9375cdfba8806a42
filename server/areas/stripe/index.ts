import { loggedDemo, mounted, type AreaManifest } from '../types';
import routes from './routes';
import account from './routesAccount';
import * as tables from './tables';
import { startNightlyReconciliation } from './jobs';
import { loadStripeDemo } from './demo';
import { stripeSetup } from './repoSetup';

/**
 * Stripe (spec 1 §7): the shop's connected account, payouts and balance (/stripe/shops/:shopId), Stripe's webhooks,
 * the pages the browser returns through, and the nightly reconciliation of payments and refunds.
 */
export const stripeArea: AreaManifest = {
  name: 'stripe',
  routes: { root: mounted({ '/stripe': routes }), stripe: account },
  tables,
  demo: loggedDemo(loadStripeDemo),
  jobs: [startNightlyReconciliation],
  setup: stripeSetup,
};
