import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The postmaster's pid as PostgreSQL wrote it (first line of `<pgDir>/postmaster.pid`), or null when there is none. */
export function postmasterPid(pgDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is a running process. A zombie is not: a postmaster whose server died is re-parented, and
 * until its new parent reaps it, signal 0 still finds it although it has exited.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    // Without /proc (macOS) signal 0 is all we know; with it, the process has just gone.
    return !fs.existsSync('/proc/self/stat');
  }
}

/**
 * Whether `pid` is a PostgreSQL server on `pgDir`: a postmaster works in its data folder (its cwd), and keeps
 * its command line `postgres -D <pgDir> …`. A pid in a stale postmaster.pid may since belong to anything else.
 */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  try {
    return (
      fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(pgDir) && fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
    );
  } catch {
    if (fs.existsSync('/proc/self/cwd')) return false;
  }
  // No /proc (macOS): ask ps.
  const ps = spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 && /(^|\/)postgres -D /.test(ps.stdout) && ps.stdout.includes(`-D ${pgDir} `);
}

const FAST_SHUTDOWN_WAIT_MS = 60_000;

/**
 * Stops (fast shutdown) a postmaster that a Servery process which has ended left running on `pgDir`, and waits
 * until it is gone, so the start that calls this can go on. The caller holds the data folder's lock, so no live
 * server owns that postmaster any more. A stale pid file naming a process that has gone is left to PostgreSQL.
 */
export async function stopOrphanedPostmaster(pgDir: string, notice: (line: string) => void): Promise<void> {
  const pid = postmasterPid(pgDir);
  if (!pid || !isRunning(pid) || !isPostmasterOf(pid, pgDir)) return;
  const leftBy = `The PostgreSQL (pid ${pid}) left running on ${pgDir} by a Servery process that ended`;
  try {
    process.kill(pid, 'SIGINT');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EPERM')
      throw new Error(`${leftBy} runs as another user. Stop it (kill -INT ${pid}) and start again.`);
    return; // it ended meanwhile
  }
  const deadline = Date.now() + FAST_SHUTDOWN_WAIT_MS;
  while (isRunning(pid)) {
    if (Date.now() > deadline) {
      throw new Error(`${leftBy} did not stop within ${FAST_SHUTDOWN_WAIT_MS / 1000} s. Stop it (kill -INT ${pid}) and start again.`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  notice(`Stopped the PostgreSQL (pid ${pid}) that a Servery process which ended without stopping it had left running on ${pgDir}`);
}

const WATCHDOG = fileURLToPath(new URL('./postmasterWatchdog.mjs', import.meta.url));

/**
 * Starts the watchdog that stops the postmaster when this process ends without doing so (see postmasterWatchdog.mjs).
 * In its own session, so what ends our process group does not end it too: a closed terminal's SIGHUP ends this
 * server but only makes the postmaster reload its settings. Answers a function that lets the watchdog go once the
 * postmaster is stopped; it then exits by itself.
 */
export function startPostmasterWatchdog(pid: number, pgDir: string): () => void {
  const watchdog = spawn(process.execPath, [WATCHDOG, String(pid), pgDir], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    // Not our NODE_OPTIONS (a loader, an inspector port): a bare node runs this script.
    env: { PATH: process.env.PATH ?? '' },
  });
  // Without a watchdog the next start still stops an orphaned postmaster; nothing to report here.
  watchdog.on('error', () => undefined);
  watchdog.stdin!.on('error', () => undefined);
  // Neither the process nor its pipe keeps our event loop alive.
  watchdog.unref();
  (watchdog.stdin as net.Socket).unref();
  return () => watchdog.stdin!.destroy();
}
