import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';
import { webhooksConfig } from './config';
import { deliverJob, sweep } from './queue';
import { wakerOf } from './wake';

/** How often each process dispatches what a wake missed and hands due retries to the queue. */
const SWEEP_MS = 5_000;

/**
 * Webhooks: a shop's endpoints (/shops/:shopId/webhooks, ADMINs), the signed messages made from its events and their
 * delivery log. The shop's event log (shop_events, written in each change's transaction) is the outbox: the dispatcher
 * turns its events into deliveries past each endpoint's cursor and the durable queue (`webhooks`) sends them, one at a
 * time per endpoint, retried on the app's clock.
 */
export const webhooksArea: AreaManifest = {
  name: 'webhooks',
  routes: { shop: routes },
  tables,
  config: webhooksConfig,
  workers: (services) => ({
    queues: { webhooks: deliverJob(services) },
    sweep: {
      everyMs: SWEEP_MS,
      run: async () => {
        await wakerOf(services).watchAll();
        await sweep(services);
      },
    },
  }),
};
