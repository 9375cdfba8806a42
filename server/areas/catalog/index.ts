import { SETTINGS } from '../../../domain/settings';
import { loggedDemo, together, type AreaManifest } from '../types';
import items from './routesItems';
import itemsCsv from './routesCsv';
import menu from './routesMenu';
import pizzaToppings from './routesPizzaToppings';
import storefrontMenu from './routesStorefront';
import * as tables from './tables';
import { loadCatalogDemo } from './demo';

/**
 * Catalog: items (basic, pizza, deal), the menu, sold out and on offer, the pizza and delivery settings kinds, and the
 * menu customers' apps load (GET /storefront/shops/:shopId/menu).
 */
export const catalogArea: AreaManifest = {
  name: 'catalog',
  routes: { shop: together(itemsCsv, items, menu, pizzaToppings), storefront: storefrontMenu },
  tables,
  settingsKinds: { pizza: SETTINGS.pizza, delivery: SETTINGS.delivery },
  demo: loggedDemo(loadCatalogDemo),
};

export { createItem } from './repo';
export { cartItemsSubquery, type CartItemRow } from './repoPricing';
