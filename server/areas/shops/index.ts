import { loggedDemo, mounted, together, type AreaManifest } from '../types';
import mine from './routesMine';
import shop from './routesShop';
import approval from './routesApproval';
import setup from './routesSetup';
import { shopsSetup } from './repoSetup';
import { loadShopsDemo } from './demo';

/** Shops: the caller's shops (GET|POST /shops), one shop's record and listing (/shops/:shopId, approve, reject). */
export const shopsArea: AreaManifest = {
  name: 'shops',
  routes: { root: mounted({ '/shops': mine }), shop: together(shop, approval, setup) },
  setup: shopsSetup,
  // shops and shop_sellers are what every area's rows hang off and what the shop scope reads: server/infra/db/tables/shops.ts.
  tables: {},
  demo: loggedDemo(loadShopsDemo),
};

export { loadShop, type ShopRow } from './repo';
export { waitingForReview } from './repoList';
export { shopsJson } from './shopRecord';
export { storeDemoImage } from './demo';
export { publishedShopSubquery } from './repo';
