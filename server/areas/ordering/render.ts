import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
// The page's own components, rendered here so its first view paints before any JavaScript arrives (ESLint's server
// zones leave storefront/ importable from this area alone; nothing else in server/ reaches into it).
import { App } from '../../../storefront/App';
import * as bookingPages from '../../../storefront/pages/Booking';
import type { PageData } from '../../../storefront/types';
import { words } from '../../../storefront/words';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script type="application/json">: never executed, but a `</script>` or `<!--` in a shop's text must not end it. */
export const dataIsland = (data: unknown) =>
  `<script type="application/json" id="page-data">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

/**
 * The built page's index.html (dist/console/storefront/index.html), read once per folder: the server fills it in for
 * each visit. Null until the page is built.
 */
export function templateLoader(consoleDir: string | null) {
  let cached: string | null = null;
  return (): string | null => {
    if (cached) return cached;
    if (!consoleDir) return null;
    const file = path.join(consoleDir, 'storefront', 'index.html');
    if (!fs.existsSync(file)) return null;
    cached = fs.readFileSync(file, 'utf8');
    return cached;
  };
}

function fill(template: string, parts: { title: string; head?: string; html: string; data?: string; scripts: boolean }): string {
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`)
    .replace('<!--page-head-->', parts.head ?? '')
    .replace('<!--page-html-->', parts.html)
    .replace('<!--page-data-->', parts.data ?? '');
  // A page with nothing to hydrate (the not-found page) loads no JavaScript at all.
  if (!parts.scripts)
    html = html.replace(/<script type="module"[^>]*><\/script>\s*/g, '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  return html;
}

/** The ordering page for one visit: the App rendered to HTML, and the data it was rendered from for the client to hydrate. */
export function renderPage(template: string, data: PageData): string {
  const { shop } = data.page;
  const html = renderToString(createElement(App, { data, pages: bookingPages }));
  const head = [
    shop.description ? `<meta name="description" content="${escapeHtml(shop.description)}" />` : '',
    shop.logo ? `<link rel="icon" href="${escapeHtml(shop.logo.sizes['130'] ?? shop.logo.url)}" />` : '',
  ].join('');
  const title = data.route.name === 'book' ? words.bookTable : data.route.name === 'booking' ? words.yourBooking : words.menu;
  return fill(template, { title: `${shop.name} · ${title}`, head, html, data: dataIsland(data), scripts: true });
}

/** The page for a shop that is unknown or not taking orders online: words, no script. */
export function renderNotFound(template: string): string {
  const html = `<main class="status" id="main"><h1>${escapeHtml(words.notFoundTitle)}</h1><p>${escapeHtml(words.notFound)}</p></main>`;
  return fill(template, { title: words.notFoundTitle, html, scripts: false });
}
