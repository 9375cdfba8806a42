import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/**
 * The console's shell in Chromium against the real server: a lost session never reads as a
 * success and the form survives signing in again; the sidebar is reachable by keyboard; every page has one
 * h1 and a tab title; the shop being viewed is marked; an unknown shop is one not-found page.
 */
describe.skipIf(!hasChromium())('console shell in Chromium', () => {
  const env = useE2eEnvironment();
  const url = (p: string) => `${env.server.baseUrl}${p}`;

  async function createShop(owner: TestUser, name: string) {
    const logo = await uploadLogo(env.server, owner, { r: 90, g: 60, b: 40 });
    const created = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: {
        name,
        description: 'Fresh every single morning',
        locality: 'Fitzroy',
        logo: { path: logo },
        country: 'AU',
        type: 'CAFE',
        timezone: 'Australia/Melbourne',
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  }

  /** Ends the page's session on the server, as signing out in another tab or an expired refresh would. */
  const loseSession = (page: Page) =>
    page.evaluate(() =>
      fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }).then((r) => r.status),
    );

  const h1s = (page: Page) => page.locator('h1').allTextContents();

  /** Records every in-app navigation from now on: a save taken for a success would go on to /shops. */
  const recordNavigations = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __paths: string[] };
      w.__paths = [];
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, to?: string | URL | null) => {
          if (to) w.__paths.push(new URL(String(to), location.href).pathname);
          return original(data, unused, to);
        };
      }
    });
  const navigations = (page: Page) => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);

  it('never reads a save refused with 401 as saved: /login, then back to the form with its unsaved values', async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Sid Session' });
    const shopId = await createShop(owner, 'Session Soups');
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');

      // Editing: the change is made, then the session ends before Save.
      await page.goto(url(`/shops/${shopId}/edit`));
      const description = page.getByLabel('Description', { exact: true });
      await expect.poll(() => description.inputValue()).toBe('Fresh every single morning');
      await description.fill('Soups made while you were away');
      expect(await loseSession(page)).toBe(204);
      await recordNavigations(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await onPath(page, '/login');
      expect(await navigations(page)).toEqual(['/login']);
      await page.getByText('Your session has expired. Please sign in again.').waitFor();
      expect(await page.getByText('Shop saved').count()).toBe(0);
      const stored = await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}`, headers: owner.headers });
      expect(stored.json().description).toBe('Fresh every single morning');

      await signIn(page, env.server, owner.email);
      await onPath(page, `/shops/${shopId}/edit`);
      await expect.poll(() => page.getByLabel('Description', { exact: true }).inputValue()).toBe('Soups made while you were away');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Shop saved').waitFor();
      const saved = await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}`, headers: owner.headers });
      expect(saved.json().description).toBe('Soups made while you were away');

      // Creating: no 'missing id' error and no shop; the filled-in form comes back after signing in.
      await page.goto(url('/shops/create'));
      await page.getByLabel('Name', { exact: true }).fill('Comeback Cafe');
      await page.getByLabel('Description', { exact: true }).fill('Back after signing in again');
      await page.getByLabel('Locality', { exact: true }).fill('Carlton');
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.getByRole('option', { name: 'Australia', exact: true }).click();
      await page.getByRole('combobox', { name: 'Time zone' }).click();
      await page.getByRole('option', { name: 'Australia/Sydney', exact: true }).click();
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 90 } } })
        .png()
        .toBuffer();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
      await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const create = page.getByRole('button', { name: 'Create Shop' });
      await expect.poll(() => create.isDisabled()).toBe(false);
      expect(await loseSession(page)).toBe(204);
      await recordNavigations(page);
      await create.click();
      await onPath(page, '/login');
      expect(await navigations(page)).toEqual(['/login']);
      expect(await page.getByText(/missing id/i).count()).toBe(0);
      expect(await page.getByText('Shop created', { exact: false }).count()).toBe(0);

      await signIn(page, env.server, owner.email);
      await onPath(page, '/shops/create');
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Comeback Cafe');
      expect(await page.getByLabel('Locality', { exact: true }).inputValue()).toBe('Carlton');
      await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).textContent()).toContain('Australia/Sydney');
      await expect.poll(() => create.isDisabled()).toBe(false);
      await create.click();
      await page.getByText('Shop created. It will be listed once it has been reviewed.').waitFor();
      await page.getByTestId('shop-row').filter({ hasText: 'Comeback Cafe' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches every sidebar entry with Tab and shows where the focus is', async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Kim Keys' });
    const shopId = await createShop(owner, 'Keyboard Kitchen');
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(url(`/shops/${shopId}/users`));
      await page.getByTestId('sidebar-shop-name').waitFor();
      await page.locator('body').click({ position: { x: 2, y: 400 } });
      const reached = new Map<string, { outline: string; width: number }>();
      for (let i = 0; i < 45; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const where = el.closest('.RaSidebar-fixed, .MuiDrawer-root') ? 'sidebar' : 'page';
          return { text: `${where}:${el.textContent ?? ''}`, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        if (focused) reached.set(focused.text, focused);
      }
      for (const entry of ['sidebar:All shops', 'sidebar:Overview', 'sidebar:Users', 'sidebar:Edit Shop', 'page:Invite User']) {
        expect(reached.get(entry), `${entry} is reached with Tab`).toBeDefined();
        expect(reached.get(entry)!.outline).not.toBe('none');
        expect(reached.get(entry)!.width).toBeGreaterThanOrEqual(2);
      }
      await page.getByRole('menuitem', { name: 'Overview' }).focus();
      await page.keyboard.press('Enter');
      await onPath(page, `/shops/${shopId}/overview`);
    } finally {
      await context.close();
    }
  });

  it("gives every page one h1 and the tab title '<page> · <shop> · Servery', marks the shop, and shows an unknown shop as one not-found page", async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Tia Titles' });
    const shopId = await createShop(owner, 'Title Tearoom');
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await page.goto(url('/login'));
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await h1s(page)).toHaveLength(1);
      await expect.poll(() => page.title()).toMatch(/ · Servery$/);

      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      const pages: [string, string, string][] = [
        ['/', 'Shops · Servery', 'Shops'],
        ['/shops/create', 'New Shop · Servery', 'New Shop'],
        [`/shops/${shopId}/orders/dashboard`, 'New Orders · Title Tearoom · Servery', 'New Orders'],
        [`/shops/${shopId}/overview`, 'Overview · Title Tearoom · Servery', 'Title Tearoom'],
        [`/shops/${shopId}/edit`, 'Edit Shop · Title Tearoom · Servery', 'Edit Shop'],
        [`/shops/${shopId}/users`, 'Users · Title Tearoom · Servery', 'Users'],
        [`/shops/${shopId}/no-such-page`, 'No match · Title Tearoom · Servery', 'No match'],
        ['/no/such/page', 'No match · Servery', 'No match'],
      ];
      for (const [path, title, heading] of pages) {
        await page.goto(url(path));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await h1s(page), path).toEqual([heading]);
        await expect.poll(() => page.title(), { message: path }).toBe(title);
      }

      // The shop being viewed is marked in the sidebar; its page is the current entry.
      await page.goto(url(`/shops/${shopId}/users`));
      const current = page.getByTestId('sidebar-current-shop');
      await current.getByText('Title Tearoom').waitFor();
      expect(await current.getAttribute('aria-current')).toBe('location');
      expect(await page.getByRole('menuitem', { name: 'Users' }).getAttribute('aria-current')).toBe('page');

      // An unknown shop: one not-found page, without the shop's sidebar.
      const unknown = '00000000-0000-4000-8000-000000000000';
      await page.goto(url(`/shops/${unknown}/users`));
      await page.getByRole('heading', { level: 1, name: 'Shop not found' }).waitFor();
      expect(await h1s(page)).toEqual(['Shop not found']);
      await page.getByTestId('page-problem').getByText(`Cannot find shop with id ${unknown}`).waitFor();
      await expect.poll(() => page.title()).toBe('Shop not found · Servery');
      expect(await page.getByTestId('sidebar-current-shop').count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'All shops' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Shops' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The platform's pages, as a super admin.
    const admin = await createUser(env.server.ctx, { email: uniqueEmail('admin'), name: 'Pat Platform', superAdmin: true });
    const adminTab = await newPage(env.browser, DESKTOP);
    try {
      await signIn(adminTab.page, env.server, admin.email);
      await onPath(adminTab.page, '/');
      const platform: [string, string][] = [
        ['/shops/review', 'Review'],
        ['/shops/browse', 'Browse'],
        ['/shops/search', 'Search'],
        ['/stripe/switch', 'Stripe'],
        [`/shops/${shopId}/transaction_fee`, 'Transaction Fee'],
      ];
      for (const [path, heading] of platform) {
        await adminTab.page.goto(url(path));
        await adminTab.page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await h1s(adminTab.page), path).toEqual([heading]);
        await expect
          .poll(() => adminTab.page.title(), { message: path })
          .toBe(path.includes(shopId) ? `${heading} · Title Tearoom · Servery` : `${heading} · Servery`);
      }
      expect(adminTab.errors).toEqual([]);
    } finally {
      await adminTab.context.close();
    }
  });
});
