import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage } from '../helpers/browser';
import { onPath, signIn, useE2eEnvironment } from './steps';
import { shopScene } from './shopScene';

/**
 * The shop lists, a shop's edit and users pages and the platform's browse list at phone, tablet and desktop widths:
 * nothing may push the page sideways (a long reject reason included), and the primary action stays on
 * screen. Set SHOTS_DIR to keep a screenshot of each for review.
 */
describe.skipIf(!hasChromium())('shop screens fit from phone to desktop', () => {
  const env = useE2eEnvironment();
  const shotsDir = process.env.SHOTS_DIR;
  let scene: Awaited<ReturnType<typeof shopScene>>;

  beforeAll(async () => {
    if (shotsDir) fs.mkdirSync(shotsDir, { recursive: true });
    scene = await shopScene(env.server);
  });

  async function fits(page: Page, name: string) {
    await page.waitForLoadState('networkidle');
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const root = document.scrollingElement!;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    expect(scrollWidth, `${name} is ${scrollWidth}px wide in a ${clientWidth}px window`).toBeLessThanOrEqual(clientWidth);
  }

  /** The element's box lies inside the window, so a person can see and reach it without scrolling sideways. */
  async function onScreen(page: Page, locator: ReturnType<Page['locator']>, what: string) {
    await locator.waitFor();
    const box = (await locator.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x, `${what} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends at ${box.x + box.width}px in a ${width}px window`).toBeLessThanOrEqual(width);
  }

  for (const width of [390, 820, 1024, 1366]) {
    it(`fits at ${width} px`, async () => {
      const { context, page, errors } = await newPage(env.browser, { width, height: 900 });
      try {
        const url = (p: string) => `${env.server.baseUrl}${p}`;
        await signIn(page, env.server, scene.owner.email);
        await onPath(page, '/');
        await page.goto(url('/shops'));
        await page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).getByText('Rejected').waitFor();
        await onScreen(page, page.getByRole('link', { name: 'New Shop' }).first(), 'New Shop');
        await onScreen(page, page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).getByRole('link', { name: 'Edit' }), 'Edit');
        await fits(page, `shops-${width}`);

        await page.goto(url(`/shops/${scene.shops.rejected}/edit`));
        await page.getByLabel('Description', { exact: true }).waitFor();
        await page.locator('img[src*="/api/media/"]').first().waitFor();
        await onScreen(page, page.getByRole('button', { name: 'Change' }), 'Change');
        await onScreen(page, page.getByRole('button', { name: 'Remove' }), 'Remove');
        await fits(page, `shop-edit-${width}`);

        // A shop screen with times: they are on the shop's clock, and the screen says so.
        await page.goto(url(`/shops/${scene.shops.published}/users`));
        await page.getByTestId('invite-row').first().waitFor();
        await page.getByText('Sydney time').waitFor();
        await onScreen(page, page.getByRole('button', { name: 'Invite User' }), 'Invite User');
        await fits(page, `shop-users-${width}`);

        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
      const admin = await newPage(env.browser, { width, height: 900 });
      try {
        await signIn(admin.page, env.server, scene.admin.email);
        await onPath(admin.page, '/');
        await admin.page.goto(`${env.server.baseUrl}/shops/browse`);
        await admin.page.getByTestId('shop-row').filter({ hasText: 'Dumpling Den' }).getByText('Rejected').waitFor();
        await onScreen(admin.page, admin.page.getByRole('button', { name: 'Load More' }), 'Load More');
        await fits(admin.page, `browse-${width}`);
        expect(admin.errors).toEqual([]);
      } finally {
        await admin.context.close();
      }
    });
  }
});
