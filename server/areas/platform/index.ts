import { SETTINGS } from '../../../domain/settings';
import { mounted, together, type AreaManifest } from '../types';
import remoteConfig from './routes';
import review from './routesReview';
import browse from './routesBrowse';
import search from './routesSearch';
import transactionFee from './routesTransactionFee';
import * as tables from './tables';

/**
 * Platform: what platform staff do across shops (the review queue, browse, search, each shop's transaction fee) and
 * the payment connection switch (/platform/remote-config, /platform/stripe-key), and the platform's security rules
 * (/platform/security: two-factor for super admins; stored by server/infra/db/platformSecurity.ts, read at sign-in).
 */
export const platformArea: AreaManifest = {
  name: 'platform',
  routes: { root: mounted({ '/shops': together(review, browse, search) }), shop: transactionFee, platform: remoteConfig },
  tables,
  settingsKinds: { transaction_fee: SETTINGS.transaction_fee },
};

export { readRemoteConfig } from './repoConfig';
