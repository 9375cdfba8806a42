import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/infra/db/embedded';
import { isRunning, postmasterPid } from '../../server/infra/db/postmaster';

const root = path.resolve(import.meta.dirname, '../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];
function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, output: () => out, exited };
  runs.push(run);
  return run;
}

async function waitUntil(what: () => string, done: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const waitForOutput = (run: Run, pattern: RegExp) =>
  waitUntil(
    () => `for ${pattern}; output:\n${run.output()}`,
    () => {
      if (pattern.test(run.output())) return true;
      if (run.child.exitCode !== null) throw new Error(`exited (${run.child.exitCode}) before ${pattern}; output:\n${run.output()}`);
      return false;
    },
    60_000,
  );

/** Processes whose command line names all of `words` (Linux /proc; the test machines and CI run Linux). */
function processesNaming(...words: string[]): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
        return words.every((w) => cmdline.includes(w));
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

const dirs: string[] = [];
afterAll(async () => {
  // A failed test may leave a server or a postmaster running on its folder.
  for (const run of runs) run.child.kill('SIGKILL');
  for (const d of dirs) {
    const pid = postmasterPid(path.join(d, 'pg'));
    if (pid && isRunning(pid)) {
      process.kill(pid, 'SIGINT');
      await waitUntil(
        () => 'until a left-over postmaster has stopped',
        () => !isRunning(pid),
      ).catch(() => undefined);
    }
    fs.rmSync(d, { recursive: true, force: true });
  }
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-start-'));
  fs.chmodSync(d, 0o755);
  dirs.push(d);
  return d;
};

describe('server start-up and shutdown', { timeout: 180_000 }, () => {
  it('starts the embedded database, refuses a second server on the same data folder, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(first, /Servery is ready/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(/is in use by another Servery process/);
    // Refused without touching the live server's database.
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'servery.lock'))).toBe(false);

    // The same folder starts again (warm start) with its data kept.
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(again, /Servery is ready/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  /** A started server with one registered account, killed with SIGKILL: what it leaves behind. */
  async function crashAfterRegistering(dataDir: string, port: number, { killWatchdog }: { killWatchdog: boolean }) {
    const run = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(run, /Servery is ready/);
    const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com', password: 'a-long-password', name: 'Kept Across Crashes' }),
    });
    expect(register.status).toBe(201);
    const pgDir = path.join(dataDir, 'pg');
    const postmaster = postmasterPid(pgDir)!;
    expect(isRunning(postmaster)).toBe(true);
    if (killWatchdog) {
      const watchdogs = processesNaming('postmasterWatchdog', pgDir);
      expect(watchdogs).toHaveLength(1);
      process.kill(watchdogs[0], 'SIGKILL');
      await waitUntil(
        () => 'until the watchdog is gone',
        () => !isRunning(watchdogs[0]),
      );
    }
    run.child.kill('SIGKILL');
    await run.exited;
    return postmaster;
  }

  async function expectRestartKeepsData(dataDir: string, port: number) {
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(again, /Servery is ready/);
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com', password: 'a-long-password' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.name).toBe('Kept Across Crashes');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    return again;
  }

  it('takes the embedded database down with a server killed with SIGKILL, and starts again with the data kept', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const postmaster = await crashAfterRegistering(dataDir, port, { killWatchdog: false });
    await waitUntil(
      () => 'until the orphaned postmaster has stopped',
      () => !isRunning(postmaster),
    );
    await expectRestartKeepsData(dataDir, port);
  });

  it('stops a database left running by a server killed with SIGKILL (watchdog killed too) when the next one starts', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const postmaster = await crashAfterRegistering(dataDir, port, { killWatchdog: true });
    expect(isRunning(postmaster)).toBe(true); // nobody stopped it: the case a start must deal with
    const again = await expectRestartKeepsData(dataDir, port);
    expect(isRunning(postmaster)).toBe(false);
    expect(again.output()).toMatch(new RegExp(`Stopped the PostgreSQL \\(pid ${postmaster}\\)`));
  });

  it('stops with a message naming a bad setting', async () => {
    const run = startServer({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await run.exited).not.toBe(0);
    expect(run.output()).toMatch(/PORT:/);
  });

  it('exits non-zero when the database cannot be migrated', async () => {
    const port = await freePort(); // nothing listens there
    const run = startServer({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`, DATA_DIR: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/migration failed/i);
  });
});
