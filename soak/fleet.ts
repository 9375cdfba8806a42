import { throwawayDatabase } from '../bench/db';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../server/infra/db/embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One server process as a supervisor runs it: a fixed port and data folder, so a re-spawned one takes its place. */
export interface Member {
  index: number;
  port: number;
  child: ChildProcess | null;
  /** Set while the soak itself is killing it: its exit is expected and it is re-spawned. */
  killing: boolean;
  /** Exits nobody asked for (a crash): each one is a failure of "no process needed a hand". */
  crashes: string[];
  spawns: number;
  /** The last lines it printed, to say why when it crashed. */
  recent: string[];
}

export interface FleetOptions {
  size: number;
  databaseUrl: string;
  smtpUrl: string;
  workDir: string;
  env?: Record<string, string>;
}

/**
 * N server processes on one database. kill() is the soak's fault (SIGKILL, then a re-spawn as a supervisor would);
 * an exit the soak did not cause is recorded as a crash, and the process is started again so the run goes on.
 */
export async function startFleet(opts: FleetOptions) {
  const ports: number[] = [];
  while (ports.length < opts.size) {
    const p = await freePort();
    if (!ports.includes(p)) ports.push(p);
  }
  const members: Member[] = ports.map((port, index) => ({ index, port, child: null, killing: false, crashes: [], spawns: 0, recent: [] }));
  let stopping = false;

  const env = (m: Member) => ({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(m.port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(opts.workDir, `server-${m.index}`),
    DATABASE_URL: opts.databaseUrl,
    SMTP_URL: opts.smtpUrl,
    JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456789',
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    STOREFRONT_READS_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '10',
    DATABASE_WAIT_SECONDS: '60',
    // Mail that failed while the SMTP receiver was down is tried again within seconds, not the production half-minute
    // and its back-off, so the run can wait for every alert.
    MAIL_RETRY_DELAY_SECONDS: '2',
    JOB_POLL_SECONDS: '1',
    // The soak's webhook receiver listens on loopback over http.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...opts.env,
  });

  const spawnMember = (m: Member) => {
    fs.mkdirSync(path.join(opts.workDir, `server-${m.index}`), { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: env(m),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    m.spawns++;
    m.child = child;
    // SOAK_LOG_DIR keeps each process's whole output (server-<n>.log), for a failure the last lines do not explain.
    const file = process.env.SOAK_LOG_DIR ? path.join(process.env.SOAK_LOG_DIR, `server-${m.index}.log`) : null;
    const keep = (chunk: Buffer) => {
      if (file) fs.appendFileSync(file, chunk);
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        m.recent.push(line.slice(0, 400));
        if (m.recent.length > 30) m.recent.shift();
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('exit', (code, signal) => {
      if (m.child !== child) return;
      m.child = null;
      if (stopping) return;
      if (m.killing) {
        m.killing = false;
        spawnMember(m);
        return;
      }
      m.crashes.push(`server ${m.index} exited by itself (${signal ?? `code ${code}`}); its last output:\n    ${m.recent.join('\n    ')}`);
      // Started again so the other checks still mean something; the crash itself is already a failure.
      setTimeout(() => !stopping && spawnMember(m), 500);
    });
  };

  /** Answers once /api/health says ok, or false after `timeoutMs`. */
  const healthy = async (m: Member, timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${m.port}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (res.status === 200) return true;
      } catch {
        /* not up yet */
      }
      await sleep(200);
    }
    return false;
  };

  // The first one applies the migrations alone; the others then find them done.
  spawnMember(members[0]);
  if (!(await healthy(members[0], 120_000))) throw new Error(`server 0 did not start:\n  ${members[0].recent.join('\n  ')}`);
  for (const m of members.slice(1)) spawnMember(m);
  for (const m of members.slice(1))
    if (!(await healthy(m, 120_000))) throw new Error(`server ${m.index} did not start:\n  ${m.recent.join('\n  ')}`);

  return {
    members,
    ports,
    healthy,
    /** SIGKILL, as a crashed machine or an OOM kill would; the exit handler re-spawns it at once. */
    kill(m: Member) {
      if (!m.child) return false;
      m.killing = true;
      m.child.kill('SIGKILL');
      return true;
    },
    async stop() {
      stopping = true;
      await Promise.all(
        members.map(
          (m) =>
            new Promise<void>((resolve) => {
              const child = m.child;
              if (!child) return resolve();
              const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
export type Fleet = Awaited<ReturnType<typeof startFleet>>;

/**
 * The database: DATABASE_URL's server (a fresh database on it, dropped at the end), or an embedded PostgreSQL the soak
 * owns, which restart() stops (fast shutdown) and starts again on the same folder and port.
 */
export async function startDatabase(workDir: string) {
  const external = process.env.DATABASE_URL;
  if (external) {
    return { ...(await throwawayDatabase(external, 'servery_soak')), source: 'DATABASE_URL', restart: null };
  }
  const dataDir = path.join(workDir, 'db');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(workDir, 0o755);
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  // PostgreSQL's own last lines, printed when a restart is slow.
  const recent: string[] = [];
  const log = (chunk: string) => {
    // Each refused connection while it stops says so once: those lines tell nothing.
    for (const line of chunk.split('\n').filter((l) => l.trim() && !/FATAL/.test(l))) {
      recent.push(line.slice(0, 300));
      if (recent.length > 20) recent.shift();
    }
  };
  let current: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir, port, log });
  const url = current.url;
  return {
    url,
    source: 'embedded PostgreSQL',
    /** Fast shutdown and start on the same data folder and port; answers how long each took (ms) and its log. */
    restart: async () => {
      const t0 = Date.now();
      recent.length = 0;
      await current?.stop();
      current = null;
      const stopMs = Date.now() - t0;
      current = await startEmbeddedPostgres({ dataDir, port, log });
      if (current.url !== url) throw new Error('the restarted PostgreSQL has another address');
      return { stopMs, startMs: Date.now() - t0 - stopMs, log: [...recent] };
    },
    async stop() {
      await current?.stop();
      current = null;
    },
  };
}
export type SoakDatabase = Awaited<ReturnType<typeof startDatabase>>;
