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
    const name = `servery_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: external.replace(/\/[^/?]*(\?|$)/, `/${name}$1`),
      source: 'BENCH_DATABASE_URL',
      dataDir: null,
      async stop() {
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
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
