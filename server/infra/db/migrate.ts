import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * Applies the committed migrations on one dedicated connection that holds an advisory lock, so several servers can
 * start at once against one database. The lock lasts the session: the connection goes to the database itself, not
 * through a pooler.
 */
/**
 * The database is not there yet or is going away (refused, reset, shutting down, starting up): worth another try.
 * 08xxx connection exceptions, 57P01–57P03 admin shutdown, crash shutdown, cannot connect now.
 */
export function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== 'string') return /Connection terminated|connection error/i.test(String((e as Error)?.message));
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code) || code.startsWith('08') || /^57P0[123]$/.test(code);
}

export async function runMigrations({ directUrl }: Pick<Database, 'directUrl'>): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  // A connection lost mid-way fails the query in flight; unheard, the same error would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7426001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7426001)').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
