import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/infra/db/embedded';

const root = path.resolve(import.meta.dirname, '../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

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
  return { child, output: () => out, exited };
}

async function waitForOutput(run: Run, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(run.output())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
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
