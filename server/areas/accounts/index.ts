import { mounted, type AreaManifest } from '../types';
import auth from './routesAuth';
import me from './routesMe';
import users from './routesUsers';
import { loadAccountsDemo } from './demo';

/** Accounts: sign-up, sign-in and sessions (/auth), the signed-in user and their preferences (/me, /users). */
export const accountsArea: AreaManifest = {
  name: 'accounts',
  routes: { root: mounted({ '/auth': auth, '/me': me, '/users': users }) },
  // Users, sessions and action codes are read by the guard on every request: server/infra/db/tables/users.ts.
  tables: {},
  demo: async (services, log) => {
    for (const l of await loadAccountsDemo(services)) log(`Demo login (${l.role}): ${l.email} / ${l.password}`);
  },
};

export { findUserByEmail, listSuperAdmins, setSuperAdmin } from './repo';
export { actionLink } from './mails';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';
