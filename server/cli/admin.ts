/**
 * `npm run admin -- promote <email> | demote <email> | list-admins`
 *
 * Uses DATABASE_URL when set; otherwise the embedded database under DATA_DIR: the cluster of the
 * Servery process already running there, or one this command starts and stops itself.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emailSchema } from '../../domain/account';
import { ConfigError, type Config } from '../config';
import { loadConfig } from '../serverConfig';
import { connect, type Database, type Db } from '../infra/db/client';
import { DataDirInUseError, runningEmbeddedUrl, startEmbeddedPostgres } from '../infra/db/embedded';
import { runMigrations } from '../infra/db/migrate';
import { listSuperAdmins, setSuperAdmin } from '../areas/accounts';

type AdminCommand = { name: 'promote' | 'demote'; email: string } | { name: 'list-admins' };

export const USAGE = 'Usage: npm run admin -- promote <email> | demote <email> | list-admins';

export function parseAdminArgs(args: string[]): AdminCommand | { error: string } {
  const [name, email, ...extra] = args;
  if (name === 'list-admins' && email === undefined) return { name };
  if ((name === 'promote' || name === 'demote') && email !== undefined && extra.length === 0) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return { error: `"${email}" is not an email address.` };
    return { name, email: parsed.data };
  }
  return { error: USAGE };
}

interface Output {
  info(line: string): void;
  error(line: string): void;
}

/** Runs one command against the database; the answer is the process exit code. */
export async function runAdminCommand(command: AdminCommand, db: Db, out: Output): Promise<number> {
  if (command.name === 'list-admins') {
    const admins = await listSuperAdmins(db);
    if (admins.length === 0) out.info('There is no super admin. Promote one with: npm run admin -- promote <email>');
    for (const a of admins) out.info(`${a.email}\t${a.name}`);
    return 0;
  }
  const promote = command.name === 'promote';
  const result = await setSuperAdmin(db, command.email, promote);
  if (!result) {
    out.error(`No account has the email ${command.email}. The user must register first.`);
    return 1;
  }
  if (result.before === promote) {
    out.info(`${command.email} ${promote ? 'is already a super admin' : 'was not a super admin'}; nothing changed.`);
    return 0;
  }
  out.info(
    promote
      ? `${command.email} is now a super admin (effective on their next request).`
      : `${command.email} is no longer a super admin (effective on their next request).`,
  );
  if (!promote && (await listSuperAdmins(db)).length === 0) {
    out.info('Note: there is no super admin left. Promote one with: npm run admin -- promote <email>');
  }
  return 0;
}

/** The database this command should work on, and how to let go of it afterwards. */
async function openDatabase(config: Config, out: Output): Promise<{ database: Database; close(): Promise<void> }> {
  if (config.databaseUrl) {
    out.info('Using the database at DATABASE_URL.');
    const database = connect(
      config.databaseUrl,
      2,
      {},
      { directUrl: config.databaseDirectUrl, unnamedStatements: config.unnamedStatements },
    );
    return { database, close: () => database.pool.end() };
  }
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) {
    out.info(`Using the embedded database of the Servery server running on ${config.dataDir}.`);
    const database = connect(running, 2);
    return { database, close: () => database.pool.end() };
  }
  out.info(`Starting the embedded database in ${path.join(config.dataDir, 'pg')} for this command.`);
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  const database = connect(embedded.url, 2);
  return {
    database,
    async close() {
      await database.pool.end();
      await embedded.stop();
    },
  };
}

async function main(): Promise<number> {
  const out: Output = { info: (l) => console.log(l), error: (l) => console.error(l) };
  const command = parseAdminArgs(process.argv.slice(2));
  if ('error' in command) {
    out.error(command.error);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return 78;
    }
    throw e;
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config, out);
  } catch (e) {
    if (e instanceof DataDirInUseError) {
      out.error(e.message);
      return 75;
    }
    throw e;
  }
  try {
    // A never-started data folder has no tables yet; the same migrations the server applies at start.
    await runMigrations(opened.database);
    return await runAdminCommand(command, opened.database.db, out);
  } finally {
    await opened.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
