import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

const DRIZZLE_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/** The migrations folder as it was before the migration `tag` (a temporary copy whose journal stops there). */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-migrations-'));
  fs.cpSync(DRIZZLE_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A new database migrated up to just before `tag`, for a test that writes rows an older release could have and then
 * runs the migration: `migrateRest` applies every migration; `drop` removes the database.
 */
export async function databaseBefore(adminUrl: string, tag: string, prefix: string) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = new pg.Client({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
  await client.connect();
  const before = migrationsBefore(tag);
  await migrate(drizzle(client), { migrationsFolder: before });
  return {
    client,
    migrateRest: () => migrate(drizzle(client), { migrationsFolder: DRIZZLE_DIR }),
    async drop() {
      await client.end();
      fs.rmSync(before, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
