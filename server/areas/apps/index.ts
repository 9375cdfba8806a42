import { loggedDemo, mounted, type AreaManifest } from '../types';
import whitelabel from './routesWhitelabel';
import buildRunner from './routesBuildRunner';
import devices from './routesStorefront';
import shopApps from './routesReports';
import * as tables from './tables';
import { loadAppsDemo } from './demo';
import { appsConfig } from './config';

/**
 * Apps: the platform's white-label apps, their store settings and builds (/whitelabel/apps, super admins), the build
 * runner (/build-runner), the devices customers' apps register and a shop's apps (/reports/shops/:shopId/apps).
 */
export const appsArea: AreaManifest = {
  name: 'apps',
  routes: { whitelabel, root: mounted({ '/build-runner': buildRunner }), storefront: devices, reports: shopApps },
  tables,
  config: appsConfig,
  demo: loggedDemo(loadAppsDemo),
};

export { allDevices, dailyDownloads, devicePage, downloadStats, requireDownloadsReader } from './repoDevices';
