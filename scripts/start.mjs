#!/usr/bin/env node
// `npm start` / `npm run demo`: builds the console when its sources are newer than the build, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/console/index.html');
const sources = [
  'src',
  'resources',
  'storefront',
  'providers',
  'domain',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.storefront.config.ts',
  'deployments.json',
  'package-lock.json',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (process.env.SKIP_CONSOLE_BUILD !== '1' && sources.some((s) => newestMtime(path.join(root, s)) > builtAt)) {
  console.log('Building the console (once; again only when its sources change)...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts'), ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
