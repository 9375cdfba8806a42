import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { type ChunkModules, ownersBySize, recordChunkModules } from './consoleModules';
import type { BenchResult } from './types';

/** What the console may cost a browser when it starts (a signed-in page opened cold). */
export const BUDGET_BROTLI_KB = 200;

const root = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => n / 1000;
const round = (n: number) => Math.round(n * 10) / 10;

/** The scripts index.html makes the browser fetch at once: the entry module and every modulepreload. */
export function entryScripts(html: string): string[] {
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  return [...new Set(srcs.map((m) => m[1].replace(/^\//, '')))];
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** A chunk and everything it imports statically, as files; what a lazy import() of it fetches before it runs. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    manifest[k].imports?.forEach(visit);
  };
  visit(key);
  return [...seen].map((k) => manifest[k].file);
}

/** The sign-in page is a lazy route that the console imports as soon as it finds no session. */
const LOGIN_ROUTE = 'src/pages/account/Login.tsx';

const brotliOf = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The classic script the pre-rendered sign-in page runs (the board's first view has one of its own). */
export function signInScript(loginHtml: string): string {
  const src = /<script src="\/(assets\/prerendered-[^"]+\.js)"/.exec(loginHtml)?.[1];
  if (!src) throw new Error('login.html runs no pre-rendered page script (assets/prerendered-*.js); update the console bench');
  return src;
}

/**
 * Builds the console into a scratch folder and sums transfer sizes: the JavaScript the console starts with
 * (index.html's entry and modulepreloads, plus the login route's chunk and its static imports, which the live sign-in
 * page needs), and the pre-rendered sign-in page's own script, all that page runs before it can be used. Prints each of
 * those chunks' cost and what they hold, so the next change to the budget starts from the biggest part.
 */
export async function run(): Promise<BenchResult> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-console-bench-'));
  const modules: ChunkModules = new Map();
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, manifest: true },
    plugins: [recordChunkModules(modules)],
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  if (!manifest[LOGIN_ROUTE]) throw new Error(`${LOGIN_ROUTE} is not a chunk of its own any more; update the console bench`);
  const atStart = entryScripts(fs.readFileSync(path.join(out, 'index.html'), 'utf8'));
  const loginOnly = staticClosure(manifest, LOGIN_ROUTE).filter((f) => !atStart.includes(f));
  const scripts = [...atStart, ...loginOnly];
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const chunks: Record<string, { loads: string; 'raw kB': number; 'brotli kB': number }> = {};
  for (const src of scripts) {
    const body = fs.readFileSync(path.join(out, src));
    const compressed = brotliOf(body);
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += compressed;
    chunks[src] = {
      loads: atStart.includes(src) ? 'at start (index.html)' : 'at start (login route)',
      'raw kB': round(kb(body.length)),
      'brotli kB': round(kb(compressed)),
    };
  }
  const allJs = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
  const early = signInScript(fs.readFileSync(path.join(out, 'login.html'), 'utf8'));
  const earlyBrotli = brotliOf(fs.readFileSync(path.join(out, early)));
  fs.rmSync(out, { recursive: true, force: true });
  console.log('\nThe chunks the console starts with, largest first:');
  console.table(Object.fromEntries(Object.entries(chunks).sort((a, b) => b[1]['brotli kB'] - a[1]['brotli kB'])));
  console.log('What they hold, by package or folder (kB of source before minifying; the first 25):');
  console.table(
    Object.fromEntries(
      ownersBySize(modules, scripts, root)
        .slice(0, 25)
        .map(([owner, n]) => [owner, { 'source kB': round(kb(n)) }]),
    ),
  );
  console.log(
    `\nThe console at start: ${kb(brotli).toFixed(1)} kB brotli, budget ${BUDGET_BROTLI_KB} kB: ` +
      `${kb(brotli) <= BUDGET_BROTLI_KB ? 'within budget' : 'OVER BUDGET'}; ` +
      `the sign-in page runs ${kb(earlyBrotli).toFixed(1)} kB before it can be used`,
  );
  return {
    name: "console: JavaScript at start (entry + modulepreloads + login route), and the sign-in page's own",
    params: {
      files: scripts.length,
      atStart: atStart.length,
      loginRoute: loginOnly.length,
      chunksInBuild: allJs.length,
      budgetBrotliKB: BUDGET_BROTLI_KB,
    },
    unit: 'kB',
    metrics: {
      raw: kb(raw),
      gzip: kb(gzip),
      brotli: kb(brotli),
      'brotli budget': BUDGET_BROTLI_KB,
      'brotli / budget': brotli / 1000 / BUDGET_BROTLI_KB,
      'sign-in page brotli': kb(earlyBrotli),
    },
  };
}
