import { SETTINGS } from '../../../domain/settings';
import type { AreaManifest } from '../types';
import closures from './routesClosures';
import storefrontHours from './routesStorefront';
import * as tables from './tables';
import { timingsSetup } from './repoSetup';

/** Store timings: the weekly grid (settings kind timings), closures and special hours by date, and the customers' hours. */
export const timingsArea: AreaManifest = {
  name: 'timings',
  routes: { shop: closures, storefront: storefrontHours },
  tables,
  settingsKinds: { timings: SETTINGS.timings },
  setup: timingsSetup,
};

export { closureWindow, loadShopHours, shopHours } from './repoHours';
export { createClosure, listClosures } from './repo';
export { closuresSubquery } from './repo';
export { offerSlotsWith, type SlotRoom } from './slotRoom';
