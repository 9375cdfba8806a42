import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Plugin } from 'vite';
import type { PrerenderedPage } from '../src/prerender/firstViews';

/**
 * What the live fields' JavaScript does, for the copy that is on screen before it arrives: a label moves up out of
 * the box once the field has the focus or text (the copy's inputs carry a blank placeholder so CSS can tell), and the
 * focused box is outlined in the primary colour.
 */
const FIELD_STATES = [
  // A field with the focus or text: its label sits on the border, in a gap of the outline.
  '#prerendered .MuiFormControl-root:has(input:focus,input:not(:placeholder-shown))>label' +
    '{transform:translate(14px,-9px) scale(0.75);max-width:calc(133% - 32px)}',
  '#prerendered .MuiFormControl-root:has(input:focus,input:not(:placeholder-shown)) legend{max-width:100%}',
  '#prerendered .MuiFormControl-root:has(input:focus)>label{color:#B4441F}',
  '#prerendered .MuiInputBase-root:focus-within>fieldset{border-color:#B4441F;border-width:2px}',
].join('');

/** The sign-in page's script: it signs in from the copy and starts the console only when the console is needed. */
const SIGN_IN_EARLY = path.join(import.meta.dirname, '../src/prerender/signInEarly.ts');

/**
 * A copy's own script (`entry`), bundled on its own as a classic script. Named by its content, so it is cached for good
 * like every asset.
 */
export function earlyScript(entry = SIGN_IN_EARLY): { file: string; code: string } {
  const built = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.text;
  return { file: `assets/prerendered-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`, code };
}

/**
 * index.html with the page's first view in it: its CSS in the head, its markup beside the (hidden) React root, and the
 * console's entry and its modules left for the copy's script to fetch and start (data-entry, data-preload).
 */
export function pageHtml(indexHtml: string, page: PrerenderedPage, earlyFile: string): string {
  // Async, so the copy paints without waiting for it, yet fetched first: it starts everything else.
  const early = `<script src="/${earlyFile}" async fetchpriority="high"></script>`;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module entry script to start the console with');
  const markup = page.html.replaceAll('<input ', '<input placeholder=" " ');
  const style = `<style id="prerendered-css">#prerendered~#root{display:none}${page.css}${FIELD_STATES}</style>`;
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const preload = [entry[1], ...preloads.map((m) => m[1])].join(' ');
  // A shop page's copy shows its data but cannot act on it: it is inert (no focus, no clicks) until the console takes over.
  const inert = page.inert ? ' inert aria-busy="true"' : '';
  const copy = `<div id="prerendered" data-path="${page.path}" data-entry="${entry[1]}" data-preload="${preload}"${inert}>${markup}</div>`;
  const html = preloads
    .reduce((h, m) => h.replace(m[0], ''), indexHtml)
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</title>`)
    .replace(entry[0], '')
    .replace('</head>', `${style}</head>`)
    .replace('<div id="root"></div>', `${copy}${early}<div id="root"></div>`);
  if (!html.includes('id="prerendered"')) throw new Error('index.html has no <div id="root"></div> to put the pre-rendered page beside');
  return html;
}

/** Writes `file` with its brotli and gzip copies beside it (the server sends the smallest the browser takes). */
function writeCompressed(file: string, content: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

/** Where the build lists the pre-rendered pages for the server: each page's path (a route pattern) and its file. */
export const FIRST_VIEWS_MANIFEST = 'first-views.json';

/** The file of a page's copy: login.html for /login, shops/:shopId/orders/dashboard.html → shops/_shopId/orders/dashboard.html. */
const fileOf = (pagePath: string) => `${pagePath.slice(1).replaceAll(':', '_')}.html`;

/**
 * After the console is built, renders the first views (src/prerender/firstViews.tsx, in a Node process of its own:
 * the public pages and the shop pages that have one) and writes each as an HTML file beside index.html, with brotli
 * and gzip copies, listed in first-views.json; the server sends it for that path. A phone then paints the sign-in form
 * or the counter's board from the HTML alone, before the console's JavaScript arrives.
 */
export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'servery:prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler() {
        const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'servery-prerender-')), 'pages.json');
        const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/prerender/firstViews.tsx'), json], {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production' },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        if (r.status !== 0) throw new Error('Pre-rendering the public pages failed');
        const pages = JSON.parse(fs.readFileSync(json, 'utf8')) as PrerenderedPage[];
        fs.rmSync(path.dirname(json), { recursive: true, force: true });
        const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const scripts = new Map<string, string>();
        const manifest: { path: string; file: string }[] = [];
        for (const page of pages) {
          const entry = page.script ?? SIGN_IN_EARLY;
          if (!scripts.has(entry)) {
            const early = earlyScript(entry);
            writeCompressed(path.join(outDir, early.file), Buffer.from(early.code));
            scripts.set(entry, early.file);
          }
          manifest.push({ path: page.path, file: fileOf(page.path) });
          const file = path.join(outDir, fileOf(page.path));
          writeCompressed(file, Buffer.from(pageHtml(indexHtml, page, scripts.get(entry)!)));
        }
        fs.writeFileSync(path.join(outDir, FIRST_VIEWS_MANIFEST), JSON.stringify(manifest));
      },
    },
  };
}
