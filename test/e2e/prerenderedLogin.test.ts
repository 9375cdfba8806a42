import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, PHONE } from '../helpers/browser';
import { AxeBuilder } from '@axe-core/playwright';
import { screenshots } from '../helpers/audit';
import { createUser, PASSWORD } from '../helpers/users';
import { holdConsoleScripts, onPath, uniqueEmail, useE2eEnvironment } from './steps';

/** Where the parts a person looks at sit on the screen. */
async function layoutOf(page: Page) {
  const boxes = await Promise.all(
    [
      page.getByRole('heading', { name: 'Sign in to Servery' }),
      page.getByLabel('Email', { exact: true }),
      page.getByLabel('Password', { exact: true }),
      page.getByRole('button', { name: 'Sign in' }),
      page.getByRole('link', { name: 'Create an account' }),
    ].map((l) => l.boundingBox()),
  );
  return boxes.map((b) => b && { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) });
}

/** Counts the POSTs the page sends to an API path from now on. */
function countRequests(page: Page, pathname: string) {
  let n = 0;
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === pathname && (n += 1));
  return () => n;
}
const countLogins = (page: Page) => countRequests(page, '/api/auth/login');

/** The sign-in page paints from its HTML before the JavaScript arrives, and the live page takes over without a jump. */
describe.skipIf(!hasChromium())('the pre-rendered sign-in page', () => {
  const env = useE2eEnvironment();
  const url = (path: string) => `${env.server.baseUrl}${path}`;

  it('is in the HTML the server sends for /login (and only there), with its CSS inline', async () => {
    const login = await fetch(url('/login'), { headers: { 'accept-encoding': 'br' } });
    expect(login.headers.get('content-encoding')).toBe('br');
    const html = await login.text();
    expect(html).toMatch(/<div id="prerendered" data-path="\/login" data-entry="\/assets\/index-[^"]+\.js" data-preload="[^"]+">/);
    // The console's modules are requested after the form has painted, not with it.
    expect(html).not.toContain('modulepreload');
    expect(html).toMatch(/<h1[^>]*>Sign in to Servery<\/h1>/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(html).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(html).toContain('<title>Sign in to Servery · Servery</title>');
    // Nothing but the HTML itself is needed to paint: the CSS is in it, no stylesheet or font is fetched.
    expect(html).toContain('<style id="prerendered-css">');
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)/);
    // The console's entry is preloaded, and started by the copy's own script once the copy has painted.
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<script src="\/assets\/prerendered-[0-9a-f]+\.js" async fetchpriority="high"><\/script>/);

    const other = await (await fetch(url('/register'))).text();
    expect(other).not.toContain('id="prerendered"');
  });

  it('shows the form with JavaScript turned off, on a phone, without sideways scrolling', async () => {
    const context = await env.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await page.getByRole('heading', { name: 'Sign in to Servery' }).waitFor();
    for (const field of ['Email', 'Password']) expect(await page.getByLabel(field, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("signs in from the copy itself: the console's JavaScript is fetched meanwhile but runs only once signed in", async () => {
    const user = await createUser(env.server.ctx, { email: uniqueEmail('early'), name: 'Early Bird' });
    const { context, page, errors } = await newPage(env.browser, PHONE);
    const release = await holdConsoleScripts(page);
    // The pages on which the console's entry was requested to run (a prefetch is not a script).
    const ran: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && /\/assets\/index-/.test(r.url()) && ran.push(new URL(page.url()).pathname));
    await page.goto(url('/login'), { waitUntil: 'commit' });
    await page.locator('#prerendered').waitFor();
    // axe on the copy itself (audit() waits for a quiet network, which the held-back scripts never give).
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshots(page, 'login-prerendered');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('#prerendered').getByRole('button', { name: 'Sign in' }).click();
    // Signed in: the address is the page asked for, and the console starts there (its scripts are still held back).
    await page.waitForURL((u) => u.pathname === '/', { waitUntil: 'commit' });
    expect(ran).not.toContain('/login');
    const logins = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/auth/login')).length,
    );
    expect(logins).toBe(1);

    const refreshes = countRequests(page, '/api/auth/refresh');
    release();
    await page.getByTestId('user-initials').waitFor();
    expect(await page.locator('#prerendered').count()).toBe(0);
    // The session came with the sign-in, in memory: the console did not need to refresh it.
    expect(refreshes()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands a half-filled form to the live one without moving it: the focus, the typed letters, its checks', async () => {
    const user = await createUser(env.server.ctx, { email: uniqueEmail('typing'), name: 'Slow Typist' });
    const { context, page, errors } = await newPage(env.browser);
    const logins = countLogins(page);
    await page.goto(url('/login'));
    await page.locator('#prerendered').waitFor();
    await page.getByLabel('Email', { exact: true }).pressSequentially(user.email.slice(0, 5));
    const before = await layoutOf(page);
    await screenshots(page, 'login-prerendered-typing');
    // Enter with no password: the live form takes over and says what is missing; nothing was sent.
    await page.keyboard.press('Enter');
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    await page.getByText('Password should be atleast 8 characters').first().waitFor();
    expect(await layoutOf(page)).toEqual(before);
    expect(logins()).toBe(0);
    // The live field has the focus and the letters typed so far; typing goes on where it stopped.
    await page.keyboard.type(user.email.slice(5));
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onPath(page, '/');
    await page.getByTestId('user-name').waitFor();
    expect(logins()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a refused password once, in the form, having sent it once', async () => {
    const user = await createUser(env.server.ctx, { email: uniqueEmail('typo'), name: 'Typo Tess' });
    const { context, page } = await newPage(env.browser);
    const logins = countLogins(page);
    await page.goto(url('/login'));
    await page.locator('#prerendered').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD}x`);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('The password is invalid.').count()).toBe(1);
    expect(logins()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The live form sends the corrected password itself.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onPath(page, '/');
    expect(logins()).toBe(2);
    await context.close();
  });
});
