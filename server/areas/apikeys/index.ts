import type { AreaManifest } from '../types';
import routes from './routes';

/**
 * API keys: what integrations (kitchen screens, POS, printer bridges) act on one shop with, within their scopes. The
 * area manages them; the guard resolves them (server/infra/auth/apiKeys.ts) and decides each route's scope
 * (server/infra/auth/apiKeyScopes.ts).
 */
export const apikeysArea: AreaManifest = {
  name: 'apikeys',
  routes: { shop: routes },
  // The guard reads the keys on every request that sends one: server/infra/db/tables/apiKeys.ts.
  tables: {},
};
