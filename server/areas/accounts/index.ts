import { mounted, type AreaManifest } from '../types';
import auth from './routesAuth';
import me from './routesMe';
import users from './routesUsers';
import * as tables from './tables';
import { SETTINGS } from '../../../domain/settings';
import { DEMO_PASSWORD, loadAccountsDemo } from './demo';

/** Accounts: sign-up, sign-in and sessions (/auth), the signed-in user and their preferences (/me, /users). */
export const accountsArea: AreaManifest = {
  name: 'accounts',
  routes: { root: mounted({ '/auth': auth, '/me': me, '/users': users }) },
  // Users, sessions and action codes are read by the guard on every request: server/infra/db/tables/users.ts;
  // two-factor and known devices are the area's own.
  tables,
  // Whether a shop's members must use two-factor: read at sign-in here, set by the shop's ADMINs in Settings.
  settingsKinds: { security: SETTINGS.security },
  demo: async (services) => {
    const logins = await loadAccountsDemo(services);
    const width = Math.max(...logins.map((l) => l.role.length));
    return [`Demo logins (password: ${DEMO_PASSWORD}):`, ...logins.map((l) => `  ${l.role.padEnd(width)}  ${l.email}`)];
  },
};

export { findUserByEmail, insertVerifiedUser, listSuperAdmins, setSuperAdmin } from './repo';
export { actionLink } from './mails';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';
