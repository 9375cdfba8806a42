import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/infra/db/embedded';

export interface BenchDatabase {
  url: string;
  /** Where the database came from, for the result's params. */
  source: string;
  /** The embedded cluster's folder (its processes' CPU can be measured); null for BENCH_DATABASE_URL. */
  dataDir: string | null;
  stop(): Promise<void>;
}

/**
 * A throwaway database: on BENCH_DATABASE_URL's server when set (so a benchmark never touches real data),
 * else a fresh embedded PostgreSQL.
 */
export async function benchDatabase(): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    return { ...(await throwawayDatabase(external, 'servery_bench')), source: 'BENCH_DATABASE_URL', dataDir: null };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
  return {
    url: embedded.url,
    source: 'embedded PostgreSQL',
    dataDir: dir,
    async stop() {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on an external server (`serverUrl`'s), and how to drop it: the bench's and the soak's own. */
export async function throwawayDatabase(serverUrl: string, prefix: string): Promise<{ url: string; stop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: serverUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`),
    async stop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
