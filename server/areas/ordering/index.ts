import type { AreaManifest } from '../types';
import storefront from './routesStorefront';
import site from './routesSite';
import { orderingDemoNotes } from './demo';

/**
 * Ordering: the customers' web ordering page at /order/{shopId} (server-rendered from the storefront answers, then
 * hydrated by the storefront/ entry) and what it needs beyond the menu (GET /storefront/shops/:shopId/page).
 */
export const orderingArea: AreaManifest = {
  name: 'ordering',
  routes: { storefront, site },
  tables: {},
  // After the shops and their menus: the line that says where a customer orders on the demo.
  demo: (services) => orderingDemoNotes(services),
};
