import type { AreaManifest } from '../types';
import routes from './routes';
import storefrontBillboards from './routesStorefront';
import * as tables from './tables';

/**
 * Billboards: the shop's ordered banner images (spec 1 §3) and what customers' apps load. A document read and written
 * whole, yet not a settings kind: its rows have their own table since their first migration (moving them would be a
 * data migration), and a save checks every image of the list for its uploader and its 16:9 crop, where a settings
 * kind's image check takes one path per field.
 */
export const billboardsArea: AreaManifest = { name: 'billboards', routes: { shop: routes, storefront: storefrontBillboards }, tables };

export { billboards } from './tables';
