import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh database for the calling test file, cloned from the migrated template. */
export async function freshDatabaseUrl(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (e) {
        // Two files cloning the template at the same instant: wait and retry.
        if (attempt > 20 || !/being accessed by other users/.test(String(e))) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * The database settings of a test app on a fresh database. With TEST_POOLER_URL (a PgBouncer in transaction mode in
 * front of TEST_DATABASE_URL's server, as CI runs it), the app goes through the pooler with unnamed statements, and
 * only its session features (LISTEN, the migrations' lock, the job queue) connect directly.
 */
export async function freshDatabaseSettings(): Promise<Record<string, string>> {
  const direct = await freshDatabaseUrl();
  const name = direct.slice(direct.lastIndexOf('/') + 1);
  const pooler = process.env.TEST_POOLER_URL;
  const settings: Record<string, string> = pooler
    ? { DATABASE_URL: `${pooler.replace(/\/[^/]*$/, '')}/${name}`, DATABASE_DIRECT_URL: direct, DATABASE_STATEMENTS: 'unnamed' }
    : { DATABASE_URL: direct };
  const replica = process.env.TEST_REPLICA_URL;
  if (replica) settings.DATABASE_REPLICA_URL = await replicated(replica, name);
  return settings;
}

/**
 * With TEST_REPLICA_URL (a streaming replica of TEST_DATABASE_URL's server, as CI starts one), the test database's
 * address on the replica, once the replica has replayed its creation.
 */
async function replicated(replicaUrl: string, name: string): Promise<string> {
  const replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  try {
    for (let i = 0; i < 300; i++) {
      const { rowCount } = await replica.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return `${replicaUrl.replace(/\/[^/]*$/, '')}/${name}`;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`The replica at TEST_REPLICA_URL did not replay the creation of ${name} within 15 s`);
  } finally {
    await replica.end();
  }
}
