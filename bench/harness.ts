import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Config } from '../server/config';
import { loadConfig } from '../server/serverConfig';
import { buildApp } from '../server/app';
import { connect, type Database } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { createServices } from '../server/infra/services';
import type { Services } from '../server/infra/context';
import { listen } from './compare';
import { benchDatabase, type BenchDatabase } from './db';
import type { BenchResult } from './types';

/*
 * The life cycle every bench shares: a throwaway database with the schema, the real app on it as production runs it,
 * a bare baseline beside it, and a teardown that leaves nothing behind. The `with…` forms close in `finally`; the
 * `open…` forms answer a `close()` for a bench whose body cannot sit in a callback.
 */

export interface MigratedDatabase {
  bench: BenchDatabase;
  database: Database;
  close(): Promise<void>;
}

/** benchDatabase(), a pool of `poolMax` connections to it, and the migrations run. */
export async function openBenchDatabase(poolMax: number): Promise<MigratedDatabase> {
  const bench = await benchDatabase();
  const database = connect(bench.url, poolMax);
  const close = async () => {
    await database.pool.end();
    await bench.stop();
  };
  try {
    await runMigrations(database);
  } catch (e) {
    await close();
    throw e;
  }
  return { bench, database, close };
}

export async function withBenchDatabase<T>(poolMax: number, body: (db: Omit<MigratedDatabase, 'close'>) => Promise<T>): Promise<T> {
  const db = await openBenchDatabase(poolMax);
  try {
    return await body(db);
  } finally {
    await db.close();
  }
}

export interface BenchApp extends MigratedDatabase {
  config: Config;
  services: Services;
  app: FastifyInstance;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
}

/**
 * The real app as production runs it (NODE_ENV=production, silent logs, every plugin), listening on 127.0.0.1, on a
 * fresh migrated bench database; `env` adds to or overrides that environment (a rate limit raised out of the way).
 * Built before the bench seeds its data: building reads no rows.
 */
export async function openBenchApp(opts: { poolMax: number; env?: Record<string, string> }): Promise<BenchApp> {
  const db = await openBenchDatabase(opts.poolMax);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-data-'));
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: db.bench.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      LOG_LEVEL: 'silent',
      DATABASE_POOL_MAX: String(opts.poolMax),
      ...opts.env,
    });
    const services = await createServices(config, db.database, { log: () => undefined });
    app = await buildApp({ services, serveConsole: false, logger: false });
    const port = await listen(app);
    return { ...db, config, services, app, port, url: `http://127.0.0.1:${port}`, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function withBenchApp<T>(
  opts: { poolMax: number; env?: Record<string, string> },
  body: (app: Omit<BenchApp, 'close'>) => Promise<T>,
): Promise<T> {
  const app = await openBenchApp(opts);
  try {
    return await body(app);
  } finally {
    await app.close();
  }
}

/** What a bare-baseline factory answers: its Fastify app, and the pool it queries through or a close of its own. */
export type Bare = { app: FastifyInstance; pool: pg.Pool } | { app: FastifyInstance; close(): Promise<void> };
export type OpenBare<B extends Bare> = Omit<B, 'close'> & { port: number; url: string; close(): Promise<void> };

/** Builds the baseline with `factory` and listens on 127.0.0.1; close() closes the app and ends its pool. */
export async function openBare<B extends Bare>(factory: () => B | Promise<B>): Promise<OpenBare<B>> {
  const bare = await factory();
  const close = async () => {
    if ('close' in bare) return bare.close();
    await bare.app.close();
    await bare.pool.end();
  };
  try {
    const port = await listen(bare.app);
    return { ...bare, port, url: `http://127.0.0.1:${port}`, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function withBare<B extends Bare, T>(factory: () => B | Promise<B>, body: (bare: OpenBare<B>) => Promise<T>): Promise<T> {
  const bare = await openBare(factory);
  try {
    return await body(bare);
  } finally {
    await bare.close();
  }
}

/** `tsx bench/<file>.ts` runs that bench alone and prints its result as JSON. */
export function runWhenMain(moduleUrl: string, run: () => Promise<BenchResult>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  run().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

/**
 * A bare baseline's pool. Like the app's, an idle connection that PostgreSQL ends (the bench's database stopping at
 * its end) is dropped by the pool instead of being an unhandled 'error' that kills the bench's process.
 */
export function barePool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}
