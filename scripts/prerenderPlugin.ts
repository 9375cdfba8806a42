import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import type { PrerenderedPage } from '../src/prerender/publicPages';

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

/**
 * The one script the copy has of its own, tiny and loaded at once (async). It starts the console only once the copy
 * has painted, preloading the entry's modules only then: requested with the page, three dozen modules competed with it
 * for a slow line and delayed its first paint. So the form shows first even where everything arrives at once. A press
 * of the form's button or Enter in a field before the console is there is remembered (data-submitted), and the live
 * form sends it when it takes over; the copy's button itself does nothing, so nothing is posted from it.
 */
const EARLY_SUBMIT = `(() => {
  const copy = document.getElementById('prerendered');
  if (!copy) return;
  const remember = (event) => {
    event.preventDefault();
    copy.dataset.submitted = 'true';
  };
  copy.addEventListener('click', (e) => e.target instanceof Element && e.target.closest('form button:not([tabindex="-1"])') && remember(e));
  copy.addEventListener('keydown', (e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && remember(e));
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of (copy.dataset.preload || '').split(' ').filter(Boolean)) {
        const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
        document.head.append(link);
      }
      import(copy.dataset.entry);
    }),
  );
})();
`;

/** Where the build writes EARLY_SUBMIT: named by its content, so it can be cached for good like every asset. */
export const earlySubmitFile = () => `assets/prerendered-${createHash('sha256').update(EARLY_SUBMIT).digest('hex').slice(0, 10)}.js`;

/**
 * index.html with the page's first view in it: its CSS in the head, its markup beside the (hidden) React root, and the
 * console's entry and its modules requested and started by the copy's script once the copy has painted.
 */
export function pageHtml(indexHtml: string, page: PrerenderedPage): string {
  const early = `<script src="/${earlySubmitFile()}" async></script>`;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module entry script to start the console with');
  const markup = page.html.replaceAll('<input ', '<input placeholder=" " ');
  const style = `<style id="prerendered-css">#prerendered~#root{display:none}${page.css}${FIELD_STATES}</style>`;
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const preload = [entry[1], ...preloads.map((m) => m[1])].join(' ');
  const copy = `<div id="prerendered" data-path="${page.path}" data-entry="${entry[1]}" data-preload="${preload}">${markup}</div>`;
  const html = preloads
    .reduce((h, m) => h.replace(m[0], ''), indexHtml)
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</title>`)
    .replace(entry[0], '')
    .replace('</head>', `${style}</head>`)
    .replace('<div id="root"></div>', `${copy}${early}<div id="root"></div>`);
  if (!html.includes('id="prerendered"')) throw new Error('index.html has no <div id="root"></div> to put the pre-rendered page beside');
  return html;
}

/**
 * After the console is built, renders the public pages' first view (src/prerender/publicPages.tsx, in a Node process
 * of its own) and writes each as `<path>.html` beside index.html, with brotli and gzip copies; the server sends it
 * for that path. A phone then paints the sign-in form from the HTML alone, before any JavaScript arrives.
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
        const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/prerender/publicPages.tsx'), json], {
          cwd: root,
          env: { ...process.env, NODE_ENV: 'production' },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        if (r.status !== 0) throw new Error('Pre-rendering the public pages failed');
        const pages = JSON.parse(fs.readFileSync(json, 'utf8')) as PrerenderedPage[];
        fs.rmSync(path.dirname(json), { recursive: true, force: true });
        const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        fs.writeFileSync(path.join(outDir, earlySubmitFile()), EARLY_SUBMIT);
        for (const page of pages) {
          const file = path.join(outDir, `${page.path.slice(1)}.html`);
          const html = Buffer.from(pageHtml(indexHtml, page));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, html);
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
        }
      },
    },
  };
}
