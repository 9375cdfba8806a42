#!/usr/bin/env node
// `npm test`: unit, API, component and (when Chromium is installed) end-to-end tests; ends with "N passed, N failed".
// Extra arguments go to vitest (e.g. `npm test -- --project api`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(chromium);
const extra = process.argv.slice(2);
const projects = ['unit', 'api', 'console'];
if (haveChromium) projects.push('e2e');
else console.log(`Chromium not found at ${chromium}: skipping the browser tests. Install it with: apt-get install -y chromium`);

const wantsE2e = haveChromium && (extra.length === 0 || extra.join(' ').includes('e2e'));
if (wantsE2e) {
  console.log('Building the console for the browser tests...');
  const b = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (b.status !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// Lint, type-check, formatting and the API contract's lint count as four tests, so a lint error fails `npm test` like any other failure.
// Skipped when only some vitest projects or files were asked for (`npm test -- --project api`).
let staticPassed = 0;
let staticFailed = 0;
if (extra.length === 0) {
  for (const [name, args] of [
    ['lint (eslint)', [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.']],
    ['typecheck (tsc)', [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.']],
    ['format (prettier)', [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
    ['API contract (redocly)', [path.join(root, 'scripts/openapi-lint.mjs')]],
  ]) {
    console.log(`== ${name}`);
    const s = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (s.status === 0) staticPassed += 1;
    else staticFailed += 1;
  }
}

fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const report = path.join(root, '.tmp', `vitest-${process.pid}.json`);
const projectArgs = extra.some((a) => a.startsWith('--project')) ? [] : projects.flatMap((p) => ['--project', p]);
const r = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--reporter=${path.join(root, 'scripts/retriedReporter.mjs')}`,
    `--outputFile.json=${report}`,
    ...extra,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);

let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  // A file that fails outside any test (import error, failing hook) counts as one failure.
  const brokenFiles = json.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  failed = json.numFailedTests + brokenFiles;
  fs.rmSync(report, { force: true });
} catch {
  failed = Math.max(1, failed);
}
if (r.status !== 0 && failed === 0) failed = 1;
passed += staticPassed;
failed += staticFailed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
