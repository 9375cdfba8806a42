import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

/** The tables by name, as drizzle's relational queries would use them (server/schema.ts builds them from the areas). */
export type Schema = Record<string, unknown>;
export type Db = NodePgDatabase<Schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
}

// timestamptz columns come back as Date (drizzle's default); numeric bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export function connect(url: string, max = 10, schema: Schema = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return { pool, db: drizzle(pool, { schema, casing: 'snake_case' }) };
}
