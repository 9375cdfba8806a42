import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { ActorClient } from './actorClient';

/** The tables by name, as drizzle's relational queries would use them (server/schema.ts builds them from the areas). */
export type Schema = Record<string, unknown>;
export type Db = NodePgDatabase<Schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * Where session features connect (the events hub's LISTEN, the migrations' lock, the job queue): the database itself,
   * never a pooler in transaction mode, which hands each transaction to whichever server connection is free.
   */
  directUrl: string;
}

export interface ConnectOptions {
  /** The database itself when `url` is a pooler (DATABASE_DIRECT_URL); defaults to `url`. */
  directUrl?: string;
  /**
   * Send every statement unnamed. A pooler in transaction mode older than PgBouncer 1.21 cannot follow named prepared
   * statements from one transaction to the next connection.
   */
  unnamedStatements?: boolean;
}

// timestamptz columns come back as Date (drizzle's default); numeric bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/** A client that drops the statement name drizzle and prepared.ts give, so PostgreSQL parses each one unnamed. */
class UnnamedStatementsClient extends ActorClient {
  override query(config: unknown, ...rest: unknown[]): never {
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...unnamed } = config as Record<string, unknown>;
      config = unnamed;
    }
    return super.query(config, ...rest);
  }
}

/**
 * pg-pool hands a waiting caller its connection from inside another caller's release; bound here, the callback runs
 * in its own caller's context, so `pool.query` names the right actor when the pool is busy.
 */
class ActorPool extends pg.Pool {
  override connect(...args: unknown[]): never {
    const [cb] = args;
    const bound = typeof cb === 'function' ? AsyncResource.bind(cb as (...a: unknown[]) => unknown) : cb;
    return (super.connect as (...a: unknown[]) => never)(...(bound === undefined ? [] : [bound]));
  }
}

export function connect(url: string, max = 10, schema: Schema = {}, opts: ConnectOptions = {}): Database {
  const pool = new ActorPool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    Client: opts.unnamedStatements ? UnnamedStatementsClient : ActorClient,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (a transaction between two statements when PostgreSQL restarts): its query in flight
  // fails with the error, the next one finds it closed, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { pool, db: drizzle(pool, { schema, casing: 'snake_case' }), directUrl: opts.directUrl ?? url };
}
