#!/usr/bin/env node
// `npm run dev`: the server (restarted on change by tsx watch) on PORT (3000) and Vite with hot reload on 5173,
// proxying /api to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (p) => path.join(root, 'node_modules', p);
// Mailed links (verification, reset, invitations) should open the hot-reloading console.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.VITE_PORT ?? 5173}` };
const children = [
  spawn(process.execPath, [bin('tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', path.join(root, 'server/main.ts')], {
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [bin('vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  }),
);
