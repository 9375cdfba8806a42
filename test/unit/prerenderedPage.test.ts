import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { earlyScript, pageHtml } from '../../scripts/prerenderPlugin';

const INDEX = `<!doctype html><html><head><title>Servery</title><script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">
<link rel="modulepreload" crossorigin href="/assets/Box-ghi.js"></head>
<body><noscript>Servery needs JavaScript to run.</noscript><div id="root"></div></body></html>`;

const PAGE = { path: '/login', title: 'Sign in to Servery · Servery', html: '<form><input name="email"/></form>', css: '.a{color:red}' };

describe('a pre-rendered page', () => {
  const early = earlyScript();
  const html = pageHtml(INDEX, PAGE, early.file);

  it("puts the page's markup before the React root, which its style hides until the live page takes over", () => {
    expect(html).toContain('<div id="prerendered" data-path="/login" data-entry="/assets/index-abc.js" data-preload="');
    expect(html.indexOf('id="prerendered"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    expect(html).toMatch(/<style id="prerendered-css">#prerendered~#root\{display:none\}\.a\{color:red\}.*<\/style><\/head>/);
  });

  it('gives inputs a blank placeholder, so the CSS can float the label of a field with text', () => {
    expect(html).toContain('<input placeholder=" " name="email"/>');
  });

  it('sets the tab title the live page sets, escaped', () => {
    expect(html).toContain('<title>Sign in to Servery · Servery</title>');
    expect(pageHtml(INDEX, { ...PAGE, title: 'A <b> & c' }, early.file)).toContain('<title>A &lt;b> &amp; c</title>');
  });

  it("leaves the console's entry and its modules for the copy's own small script to request once the copy has painted", () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('data-preload="/assets/index-abc.js /assets/react-dom-def.js /assets/Box-ghi.js"><form>');
    expect(html).toContain(`<script src="/${early.file}" async fetchpriority="high"></script>`);
    expect(early.file).toMatch(/^assets\/prerendered-[0-9a-f]{10}\.js$/);
  });

  it("bundles the copy's own script as a small classic script, without React or the console", () => {
    expect(early.code.length).toBeLessThan(6_000);
    expect(early.code).not.toMatch(/^\s*(import|export)\b/m);
    expect(early.code).not.toContain('react');
    expect(early.code).toContain('/auth/login');
  });

  it('refuses an index.html without an entry script or the React root to put the page beside', () => {
    expect(() => pageHtml(INDEX.replace(/<script.*<\/script>/, ''), PAGE, early.file)).toThrow(/no module entry script/);
    expect(() => pageHtml(INDEX.replace('<div id="root"></div>', '<main id="app"></main>'), PAGE, early.file)).toThrow(
      /no <div id="root">/,
    );
  });

  it("leaves a shop page's copy inert until the console takes over: it shows data it cannot act on", () => {
    expect(html).not.toContain('inert');
    const board = pageHtml(INDEX, { ...PAGE, path: '/shops/:shopId/orders/dashboard', inert: true }, early.file);
    expect(board).toContain('data-path="/shops/:shopId/orders/dashboard"');
    expect(board).toMatch(/<div id="prerendered" [^>]* inert aria-busy="true">/);
  });
});

describe("the board's first view script", () => {
  const early = earlyScript(path.join(import.meta.dirname, '../../resources/orders/boardEarly.ts'));

  it('is a classic script without React or the console, named by its content', () => {
    expect(early.file).toMatch(/^assets\/prerendered-[0-9a-f]{10}\.js$/);
    expect(early.file).not.toBe(earlyScript().file);
    expect(early.code).not.toMatch(/^\s*(import|export)\b/m);
    expect(early.code).not.toMatch(/react-dom|useState|useEffect|jsxs?\(/);
    expect(early.code.length).toBeLessThan(60_000);
  });

  it("signs in with the refresh cookie and reads the shop and both of the board's lists", () => {
    expect(early.code).toContain('/auth/refresh');
    expect(early.code).toContain('servery-refresh');
    expect(early.code).toContain('orderStatusRestaurant');
  });
});
