import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/infra/db/embedded';
import { connect } from '../../server/infra/db/client';
import { runMigrations } from '../../server/infra/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one (default) or TEST_DATABASE_URL
 * (CI's second pass against the machine's server). Migrations run once into a template;
 * every test file clones it (see db.ts), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-test-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
    adminUrl = embedded.url.replace(/\/servery$/, '/postgres');
  }
  const template = `servery_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = connect(adminUrl.replace(/\/[^/]*$/, `/${template}`), 1);
  await runMigrations(db);
  await db.pool.end();
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
    for (const r of rows.reverse()) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => undefined);
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await c.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
