import type { AreaManifest } from '../types';
import routes from './routes';
import platform from './routesPlatform';
import * as tables from './tables';
import { fanOut, sendAlert, sweep } from './service';

/**
 * Alerts: the mails a new order or booking sends (the shop's alert list and the members who want them), the
 * unprocessed-order monitor and its escalation, each order's and booking's alert log, members' alert preferences per
 * shop (/shops/:shopId/preferences, /alerts), and the queue's dead letters for platform staff (/platform/jobs/failed).
 * Mails go through the durable job queue: a new order or booking queues its fan-out in the statement that inserts it.
 */
export const alertsArea: AreaManifest = {
  name: 'alerts',
  routes: { shop: routes, platform },
  tables,
  workers: (services) => ({
    queues: { 'alerts-fanout': fanOut(services), 'alerts-mail': sendAlert(services) },
    sweep: { everyMs: Math.max(1000, services.config.jobs.pollSeconds * 1000) * 5, run: sweep(services) },
  }),
};
