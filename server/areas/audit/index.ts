import { loggedDemo, type AreaManifest } from '../types';
import { loadAuditDemo } from './demo';
import { platformAuditRoutes, shopAuditRoutes } from './routes';
import * as tables from './tables';

export { recordChange } from './service';
export { auditTriggerSql } from './triggerSql';
export type { RecordedChange } from './repoRecord';

/**
 * The audit log: every change a member or an API key makes, recorded in the change's transaction. Most tables are
 * audited by the triggers of drizzle/0033_audit_log.sql (the actor reaches them as the transaction-local setting
 * server/infra/db/actorClient.ts sends); what no audited row shows (the payment provider's account, order rejects,
 * sign-ins) is recorded with recordChange. An area auditing a new table adds auditTriggerSql(...) to its migration.
 */
export const auditArea: AreaManifest = {
  name: 'audit',
  routes: { shop: shopAuditRoutes, platform: platformAuditRoutes },
  tables,
  demo: loggedDemo(loadAuditDemo),
};
