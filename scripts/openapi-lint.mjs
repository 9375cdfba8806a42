#!/usr/bin/env node
// `npm run lint` (second half): writes the generated API contract and lints it with Redocly's recommended rules.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doc = path.join(root, '.tmp', 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

let status = run([path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/openapi-doc.ts'), doc]);
if (status === 0) status = run([path.join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--max-problems', '1000', doc]);
process.exit(status);
