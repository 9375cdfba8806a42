import { mounted, type AreaManifest } from '../types';
import routes from './routes';

/** Downloads: an app's installs, daily new devices and the device list (/reports/apps/:bundleId/downloads, spec 2 §7). */
export const downloadsArea: AreaManifest = {
  name: 'downloads',
  routes: { root: mounted({ '/reports/apps/:bundleId/downloads': routes }) },
  tables: {},
};
