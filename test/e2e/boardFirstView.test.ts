import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, PHONE } from '../helpers/browser';
import { AxeBuilder } from '@axe-core/playwright';
import { audit, screenshots } from '../helpers/audit';
import { createUser } from '../helpers/users';
import { seedOrder } from '../helpers/orders';
import { customerOrder, holdConsoleScripts, onPath, orderingShop, signIn, uniqueEmail, useE2eEnvironment } from './steps';

/** Where each card sits, by order id, rounded to the pixel. */
const cardBoxes = (page: Page, scope: string) =>
  page.evaluate(
    (root) =>
      [...document.querySelectorAll(`${root} [data-order-id]`)].map((el) => {
        const r = el.getBoundingClientRect();
        return {
          id: (el as HTMLElement).dataset.orderId,
          x: Math.round(r.x),
          y: Math.round(r.y),
          w: Math.round(r.width),
          h: Math.round(r.height),
        };
      }),
    scope,
  );

/**
 * New Orders opened cold on a phone paints the shop's orders from the page's HTML and its small script, before the
 * console's JavaScript has arrived; the console then takes over in place, with the session the first view signed in.
 */
describe.skipIf(!hasChromium())("the board's first view", () => {
  const env = useE2eEnvironment();

  it('is in the HTML the server sends for any shop’s board, with its CSS, inert, and without sample data on show', async () => {
    const res = await fetch(`${env.server.baseUrl}/shops/any-shop/orders/dashboard`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    expect(html).toMatch(/<div id="prerendered" data-path="\/shops\/:shopId\/orders\/dashboard" [^>]*inert aria-busy="true">/);
    expect(html).toContain('<title>New Orders · Servery</title>');
    expect(html).toContain('<style id="prerendered-css">');
    expect(html).toMatch(/<script src="\/assets\/prerendered-[0-9a-f]+\.js" async fetchpriority="high"><\/script>/);
    // The sample orders live in templates only: what shows is the board with its lists loading.
    const shown = html.replace(/<template[\s\S]*?<\/template>/g, '');
    expect(shown).not.toContain('data-order-id');
    expect(shown).toContain('role="progressbar"');
    expect(html).toContain('<template data-template="orders">');
    // Other shop pages are the console's alone.
    expect(await (await fetch(`${env.server.baseUrl}/shops/any-shop/orders/history`)).text()).not.toContain('id="prerendered"');
  });

  it('shows the orders before the console runs, then the console takes over in place with the same session', async () => {
    const { owner, shop, itemId } = await orderingShop(env.server, 'First View Cafe');
    const first = await customerOrder(env.server, shop.id, itemId, 'Fiona First');
    await customerOrder(env.server, shop.id, itemId, 'Sam Second');
    const making = await customerOrder(env.server, shop.id, itemId, 'Mo Making');
    const accepted = await env.server.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${shop.id}/orders/${making.id}/accept`,
      headers: owner.headers,
      payload: { eta: { minutes: 15 } },
    });
    expect(accepted.statusCode).toBe(200);
    // Two orders for later, in the Scheduled column by when they are due: one still to answer, one accepted.
    const now = env.server.ctx.clock.now();
    const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
    await seedOrder(env.server.ctx, shop.id, { customerName: 'Sally Scheduled', collectionTime: hours(3), holdUntil: hours(2.5) });
    await seedOrder(env.server.ctx, shop.id, {
      customerName: 'Lou Later',
      collectionTime: hours(2),
      holdUntil: hours(1.5),
      orderStatusRestaurant: 'ACCEPTED',
      acceptedAt: now,
      acknowledgedAt: now,
      eta: { display: 'As Requested', time: hours(2).toISOString() },
    });

    const { context, page, errors } = await newPage(env.browser, PHONE);
    const headings = (root: string) =>
      page.locator(`${root} [data-testid="orders-dashboard"] section > h2[id$="-title"]`).allTextContents();
    const scheduledCards = (root: string) => page.locator(`${root} [data-testid="scheduled-order"]`);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      const refreshes: string[] = [];
      page.on('request', (r) => new URL(r.url()).pathname === '/api/auth/refresh' && refreshes.push(r.method()));
      const release = await holdConsoleScripts(page);
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);

      // The first view, filled by its own script: the console's JavaScript has not arrived.
      const copy = page.locator('#prerendered');
      await copy.locator('[data-testid="new-order"]').nth(1).waitFor();
      expect(await page.locator('#root').innerHTML()).toBe('');
      const fresh = copy.locator('[data-testid="new-order"]');
      expect(await fresh.count()).toBe(2);
      expect(await fresh.nth(0).textContent()).toContain('Fiona First');
      expect(await fresh.nth(0).textContent()).toMatch(/#\d+ · Fiona First/);
      expect(await fresh.nth(0).textContent()).toContain('Pickup as soon as possible · In-Store · 2 items');
      expect(await fresh.nth(0).textContent()).toContain('2 × Flat White');
      expect(await fresh.nth(0).textContent()).toContain('Ringing');
      expect(await fresh.nth(0).locator('a').getAttribute('href')).toBe(`/shops/${shop.id}/orders/${first.id}`);
      expect(await copy.locator('#new-orders-title').textContent()).toBe('New Orders (2)');
      expect(await copy.locator('[data-testid="in-progress-order"]').textContent()).toContain('ETA 15 minutes');
      expect(await copy.locator('[data-part="shop-name"]').textContent()).toBe('First View Cafe');
      expect(await page.title()).toBe('(2) New Orders · First View Cafe · Servery');
      expect(await copy.getByText('Acknowledge all').isVisible()).toBe(true);
      // The console's three columns, in its order and with its headings; the orders for later by when they are due.
      expect(await headings('#prerendered')).toEqual(['New Orders (2)', 'In progress (1)', 'Scheduled (2)']);
      const later = scheduledCards('#prerendered');
      expect(await later.count()).toBe(2);
      expect(await later.nth(0).textContent()).toContain('Lou Later');
      expect(await later.nth(1).textContent()).toContain('Sally Scheduled');
      for (const i of [0, 1]) expect(await later.nth(i).locator('[data-part="kitchen-at"]').textContent()).toMatch(/^To the kitchen at \S/);
      expect(await later.nth(0).getByRole('button').allTextContents()).toEqual(['Reject']);
      expect(await later.nth(1).getByRole('button').allTextContents()).toEqual(['Accept', 'Reject']);
      const firstViewLater = await later.allTextContents();
      // axe on the first view as it stands (audit() waits for the network to settle, which the held scripts never do).
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      await screenshots(page, 'board-first-view');
      await page.setViewportSize(PHONE);
      const before = await cardBoxes(page, '#prerendered');
      expect(refreshes).toEqual(['POST']);

      // The console arrives: its board replaces the copy where it stood, and it asked for no session of its own.
      release();
      await page.locator('#root [data-testid="new-order"]').nth(1).waitFor();
      expect(await copy.count()).toBe(0);
      expect(await cardBoxes(page, '#root')).toEqual(before);
      expect(await headings('#root')).toEqual(['New Orders (2)', 'In progress (1)', 'Scheduled (2)']);
      expect(await scheduledCards('#root').allTextContents()).toEqual(firstViewLater);
      expect(refreshes).toEqual(['POST']);
      expect(await page.title()).toBe('(2) New Orders · First View Cafe · Servery');

      // And it works: Accept on Fiona's card.
      await page.getByTestId('new-order').filter({ hasText: 'Fiona First' }).getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept order' });
      await dialog.getByRole('radio', { name: '15 minutes' }).check();
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await page.getByTestId('in-progress-order').filter({ hasText: 'Fiona First' }).waitFor();
      await audit(page, 'board after the first view');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("puts the shop's state together from the templates: the sound off, printing on, busy, an overdue order", async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Rush Hour Cafe');
    await seedOrder(ctx, shop.id, { customerName: 'Olga Overdue', placedAt: new Date(Date.now() - 20 * 60_000) });
    const put = (url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: owner.headers, payload });
    expect((await put(`/api/shops/${shop.id}/preferences`, { soundOn: false })).statusCode).toBe(200);
    expect((await put(`/api/shops/${shop.id}/orders/busy`, { mode: 'PAUSE', minutes: 15 })).statusCode).toBe(200);

    const { context, page, errors } = await newPage(env.browser, PHONE);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.evaluate(() => localStorage.setItem('servery.orders.printOnAccept', 'on'));
      const release = await holdConsoleScripts(page);
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      const copy = page.locator('#prerendered');
      await copy.locator('[data-testid="new-order"]').waitFor();
      const switches = (root: string) =>
        page.evaluate(
          (r) => [...document.querySelectorAll(`${r} input[type="checkbox"]`)].map((i) => (i as HTMLInputElement).checked),
          root,
        );
      expect(await switches('#prerendered')).toEqual([false, true]);
      expect(await copy.getByTestId('busy-panel').textContent()).toMatch(/Not taking new orders until \S/);
      expect(await copy.getByTestId('busy-panel').textContent()).not.toContain('Adding');
      expect(await copy.getByTestId('order-overdue').textContent()).toMatch(/^Overdue · 2\d min$/);
      const panel = async (root: string) => (await page.locator(`${root} [data-testid="busy-panel"]`).boundingBox())!;
      const before = { cards: await cardBoxes(page, '#prerendered'), panel: await panel('#prerendered') };

      release();
      await page.locator('#root [data-testid="new-order"]').waitFor();
      expect(await copy.count()).toBe(0);
      expect(await switches('#root')).toEqual([false, true]);
      expect(await page.getByTestId('order-overdue').textContent()).toMatch(/^Overdue · 2\d min$/);
      expect({ cards: await cardBoxes(page, '#root'), panel: await panel('#root') }).toEqual(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives way to the console at once for a visitor without a session, and for a shop the user cannot see', async () => {
    const { shop } = await orderingShop(env.server, 'Closed Door Cafe');
    const { context, page } = await newPage(env.browser, PHONE);
    try {
      // Anonymous: the console sends them to sign in, and the copy is gone.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      await page.getByRole('heading', { name: 'Sign in to Servery' }).waitFor();
      await onPath(page, '/login');
      expect(await page.locator('#prerendered [data-testid="orders-dashboard"]').count()).toBe(0);

      // Signed in, but not a member of that shop: the console says so, and no copy hides it.
      const stranger = await createUser(env.server.ctx, { email: uniqueEmail('stranger'), name: 'Stan Stranger' });
      await signIn(page, env.server, stranger.email);
      await onPath(page, `/shops/${shop.id}/orders/dashboard`);
      await page.reload();
      await page.getByTestId('page-problem').waitFor();
      expect(await page.locator('#prerendered').count()).toBe(0);
      expect(await page.getByTestId('page-problem').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
