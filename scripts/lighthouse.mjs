#!/usr/bin/env node
// `npm run lighthouse`: builds the console, starts the demo on a free port with its own embedded database, and runs
// Lighthouse (mobile: a mid-range phone on simulated slow 4G) on the sign-in page and, signed in as the demo owner with
// an empty cache, on the demo cafe's New Orders board. Prints the scores and the timings; figures are noisy on a busy
// machine, so RUNS=3 (default 1) keeps the median run by score. CHROME_PATH picks the browser (Debian's by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, signInOwner, startDemoServer } from './demoServer.mjs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.RUNS ?? 1));
const desktop = process.argv.includes('--desktop');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-lighthouse-'));

function lighthouse(url, { headers, name }) {
  const out = path.join(work, `${name}.json`);
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(desktop ? ['--preset=desktop'] : []),
  ];
  if (headers) {
    const file = path.join(work, `${name}.headers.json`);
    fs.writeFileSync(file, JSON.stringify(headers));
    args.push(`--extra-headers=${file}`);
  }
  const r = spawnSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${r.status})`);
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

/** The element Lighthouse took for the largest paint, as a short snippet. */
function lcpElement(audit) {
  const find = (items) => {
    for (const item of items ?? []) {
      if (item?.node?.snippet) return item.node.snippet;
      const inner = find(item?.items);
      if (inner) return inner;
    }
    return undefined;
  };
  return (find(audit?.details?.items) ?? '?').slice(0, 100);
}

/** The figures worth printing from one report. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const ms = (id) => audit(id)?.numericValue;
  const requests = audit('network-requests')?.details?.items ?? [];
  const observed = audit('metrics')?.details?.items?.[0] ?? {};
  const paintedAt = observed.observedLargestContentfulPaint ?? Infinity;
  return {
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)])),
    'FCP s': ms('first-contentful-paint') / 1000,
    'LCP s': ms('largest-contentful-paint') / 1000,
    'TBT ms': ms('total-blocking-time'),
    CLS: ms('cumulative-layout-shift'),
    'SI s': ms('speed-index') / 1000,
    requests: requests.length,
    'requests before LCP (observed)': requests.filter((r) => (r.networkRequestTime ?? r.startTime ?? 0) < paintedAt).length,
    'transfer kB': Math.round(requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000),
    'LCP element': lcpElement(audit('largest-contentful-paint-element')),
  };
}

async function measure(name, urlOf) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const { url, headers } = await urlOf();
    results.push(figures(lighthouse(url, { headers, name: `${name}-${i}` })));
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(results.length / 2)];
}

function print(name, f) {
  const round = (v) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : v);
  console.log(`\n${name}`);
  console.log(
    `  scores: ${Object.entries(f.scores)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const [k, v] of Object.entries(f)) if (k !== 'scores') console.log(`  ${k.padEnd(32)} ${round(v)}`);
}

console.log('Building the console and starting the demo (a minute or two the first time)...');
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const server = await startDemoServer();
try {
  const form = desktop ? 'desktop' : 'mobile, simulated slow 4G';
  const login = await measure('login', async () => ({ url: `${server.baseUrl}/login` }));
  print(`/login (${form}, ${runs} run${runs > 1 ? 's, median' : ''})`, login);
  // A new sign-in for every run: the page spends the refresh cookie it is given.
  const board = await measure('dashboard', async () => {
    const { cookie, shopId } = await signInOwner(server.baseUrl);
    return { url: `${server.baseUrl}/shops/${shopId}/orders/dashboard`, headers: { Cookie: cookie } };
  });
  print(`/shops/{id}/orders/dashboard, signed in, empty cache (${form})`, board);
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
