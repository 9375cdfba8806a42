// A throwaway demo server for the scripts that measure or photograph the console (lighthouse, tour screenshots):
// `npm run demo` on a free port, with its own embedded database in a temporary folder that is removed afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo accounts' e-mail addresses and password (server/areas/accounts/demo.ts). */
export const DEMO = { owner: 'owner@servery.demo', password: 'servery-demo', cafe: 'Cappuccino Corner' };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the console when its sources changed (start.mjs does), starts the demo and waits until it answers. The port is
 * free when picked but the demo takes a while to listen, so another program may take it first: then it tries another.
 */
export async function startDemoServer(options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

class PortTaken extends Error {}

async function startOnce({ quiet = true }) {
  const port = await freePort();
  // The embedded PostgreSQL runs as the unprivileged postgres user when we are root: it must reach the folder.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-demo-'));
  fs.chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => {
    errors += d;
    if (!quiet) process.stderr.write(d);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (/EADDRINUSE/.test(errors + output)) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`The demo server stopped (exit ${child.exitCode}):\n${output}${errors}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The demo server did not answer within 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    baseUrl,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo owner in: the refresh cookie (what a returning browser holds), an access token and the demo cafe's id. */
export async function signInOwner(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.owner, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`Signing in the demo owner failed: ${res.status} ${await res.text()}`);
  const { accessToken } = await res.json();
  // The session's cookies as a browser keeps them (the refresh cookie, httpOnly, and the readable session hint).
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
    const httpOnly = attributes.some((a) => /^httponly$/i.test(a));
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: `${baseUrl}${path}`, path, httpOnly };
  });
  const shops = await fetch(`${baseUrl}/api/shops?range=[0,49]`, { headers: { authorization: `Bearer ${accessToken}` } }).then((r) =>
    r.json(),
  );
  const cafe = shops.find((s) => s.name === DEMO.cafe);
  if (!cafe) throw new Error(`The demo has no shop named ${DEMO.cafe}`);
  return { cookies, accessToken, shopId: cafe.id };
}
