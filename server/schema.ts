import * as infraTables from './infra/db/tables';
import { areas } from './areas';

/**
 * The drizzle schema: the infrastructure's tables and each area's (its manifest's `tables`). drizzle.config.ts reads
 * the same tables from their files (server/infra/db/tables, server/areas/<area>/tables.ts) to generate migrations.
 */
export const schema: Record<string, unknown> = Object.assign({}, infraTables, ...areas.map((area) => area.tables));
