import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_DIR } from '../../server/app';
import { createTestContext, type TestContext } from './app';

export interface RunningServer {
  baseUrl: string;
  ctx: TestContext;
  close(): Promise<void>;
}

const listing = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${path.join(e.parentPath, e.name)}:${fs.statSync(path.join(e.parentPath, e.name)).size}`)
    .sort()
    .join('\n');

/**
 * A private copy of the built console, so a `vite build` started meanwhile (by a developer or a
 * parallel run) cannot swap the files under a running browser test. A copy is taken only when the
 * build is complete: every file index.html names exists and nothing changed while copying.
 */
async function snapshotConsole(): Promise<string> {
  const index = path.join(CONSOLE_DIR, 'index.html');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!fs.existsSync(index)) {
      if (Date.now() > deadline) throw new Error('The console is not built: run `npx vite build` before the e2e tests (npm test does it).');
    } else {
      try {
        const before = listing(CONSOLE_DIR);
        const html = fs.readFileSync(index, 'utf8');
        const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
        const settled = Date.now() - fs.statSync(index).mtimeMs > 1000 && named.every((f) => fs.existsSync(path.join(CONSOLE_DIR, f)));
        if (settled) {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-console-'));
          fs.cpSync(CONSOLE_DIR, dir, { recursive: true });
          if (listing(CONSOLE_DIR) === before) return dir;
          fs.rmSync(dir, { recursive: true, force: true });
        }
      } catch {
        // A build replaced the files while we looked: try again.
      }
      if (Date.now() > deadline) throw new Error('The console build in dist/console did not settle within a minute.');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The real app (API + built console) listening on a free loopback port, for browser tests.
 * Mail links use PUBLIC_URL, so it is pointed at this address as soon as the port is known —
 * before any mail can be sent (the config object is shared with the routes).
 */
export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const consoleDir = await snapshotConsole();
  const ctx = await createTestContext({ serveConsole: true, consoleDir, env: opts.env });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  ctx.config.publicUrl = baseUrl;
  return {
    baseUrl,
    ctx,
    async close() {
      await ctx.close();
      fs.rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}
