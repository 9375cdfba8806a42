import { SETTINGS } from '../../../domain/settings';
import { loggedDemo, together, type AreaManifest } from '../types';
import items from './routesItems';
import itemsCsv from './routesCsv';
import menu from './routesMenu';
import pizzaToppings from './routesPizzaToppings';
import storefrontMenu from './routesStorefront';
import soldOut from './routesSoldOut';
import { catalogEvents } from './events';
import { restoreDue } from './repoSoldOut';
import * as tables from './tables';
import { loadCatalogDemo } from './demo';
import { catalogSetup } from './repoSetup';

/** How often each process looks for sold-out periods whose time has come (an item is back within this of its time). */
const RESTORE_EVERY_MS = 30_000;

/**
 * Catalog: items (basic, pizza, deal), the menu, sold out and on offer, the pizza and delivery settings kinds, and the
 * menu customers' apps load (GET /storefront/shops/:shopId/menu).
 */
export const catalogArea: AreaManifest = {
  name: 'catalog',
  routes: { shop: together(itemsCsv, items, menu, pizzaToppings, soldOut), storefront: storefrontMenu },
  tables,
  settingsKinds: { pizza: SETTINGS.pizza, delivery: SETTINGS.delivery },
  demo: loggedDemo(loadCatalogDemo),
  events: catalogEvents,
  setup: catalogSetup,
  // Timed sold-out periods end by themselves on reading (isSoldOut); the sweep writes it down and announces it.
  workers: ({ db, clock }) => ({ sweep: { everyMs: RESTORE_EVERY_MS, run: async () => void (await restoreDue(db, clock.now())) } }),
};

export { createItem } from './repo';
export { storeDemoPictures } from './demoPictures';
export { cartItemsSubquery, type CartItemRow } from './repoPricing';
