#!/usr/bin/env node
// `npm run lighthouse`: builds the console, starts the demo on a free port with its own embedded database, and runs
// Lighthouse (mobile: a mid-range phone on simulated slow 4G) on the sign-in page, on the demo cafe's New Orders board
// (signed in as the demo owner, empty cache) and on the cafe's ordering page with its menu topped up to 200 items.
// Prints the scores and the timings; figures are noisy on a busy machine, so RUNS=3 (default 1) keeps the median run by
// score. CHROME_PATH picks the browser (Debian's by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import runLighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { root, signInOwner, startDemoServer } from './demoServer.mjs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.RUNS ?? 1));
const desktop = process.argv.includes('--desktop');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-lighthouse-'));

/**
 * One Lighthouse run in a fresh Chromium (through its Node API and puppeteer-core, so a signed-in run has its cookies
 * in the browser's jar, where the page's script reads the session hint, not just in request headers). Lighthouse
 * clears the HTTP cache first; cookies it keeps.
 */
async function lighthouse(url, { cookies = [], name }) {
  const browser = await puppeteer.launch({ executablePath: chrome, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    if (cookies.length) await page.setCookie(...cookies);
    const result = await runLighthouse(url, { output: 'json', logLevel: 'error' }, desktop ? desktopConfig : undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    fs.writeFileSync(path.join(work, `${name}.json`), result.report);
    return result.lhr;
  } finally {
    await browser.close();
  }
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
  // Lighthouse 12 cannot always tell with a newer Chromium (its trace gatherer fails): say so rather than guess.
  const unknown = audit?.errorMessage ? `unknown (${audit.errorMessage.split(':').slice(-1)[0].trim().slice(0, 60)})` : '?';
  return (find(audit?.details?.items) ?? unknown).slice(0, 100);
}

/**
 * Tops the demo cafe's menu up to `count` items: plain items with a description and a price, in categories of 20,
 * after the categories it has (the demo's menu is a few dozen items; a real cafe's is longer).
 */
async function fillMenu(baseUrl, count) {
  const { accessToken, shopId } = await signInOwner(baseUrl);
  const api = async (method, url, body) => {
    const res = await fetch(`${baseUrl}/api/shops/${shopId}${url}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const menu = await api('GET', '/menu');
  const have = menu.categories.reduce((n, c) => n + c.itemIds.length, 0);
  const extra = [];
  for (let i = have; i < count; i++) {
    const item = await api('POST', '/items', {
      type: 'BASIC',
      name: `House special ${i + 1}`,
      description: 'Seasonal, made in the kitchen this morning with what the market had',
      price: 6 + (i % 12) * 0.5,
    });
    extra.push(item.id);
  }
  for (let i = 0; i < extra.length; i += 20)
    menu.categories.push({ name: `Specials ${i / 20 + 1}`, description: '', itemIds: extra.slice(i, i + 20), image: null });
  await api('PUT', '/menu', menu);
  return { shopId };
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
    const { url, cookies } = await urlOf();
    results.push(figures(await lighthouse(url, { cookies, name: `${name}-${i}` })));
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
    const { cookies, shopId } = await signInOwner(server.baseUrl);
    return { url: `${server.baseUrl}/shops/${shopId}/orders/dashboard`, cookies };
  });
  print(`/shops/{id}/orders/dashboard, signed in, empty cache (${form})`, board);
  // The customers' ordering page, as a stranger opens it from a short link, on a menu of MENU_ITEMS (200) items.
  const { shopId } = await fillMenu(server.baseUrl, Number(process.env.MENU_ITEMS ?? 200));
  const ordering = await measure('ordering', async () => ({ url: `${server.baseUrl}/order/${shopId}` }));
  print(`/order/{id}, the ordering page of a ${process.env.MENU_ITEMS ?? 200}-item menu, empty cache (${form})`, ordering);
} finally {
  await server.stop();
  // LIGHTHOUSE_KEEP=1 keeps the reports (JSON) and prints where.
  if (process.env.LIGHTHOUSE_KEEP) console.log(`\nReports: ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
