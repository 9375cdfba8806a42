import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, settled } from '../helpers/browser';
import { TABLET } from '../helpers/audit';
import { smallTargets } from '../helpers/touch';
import { areas } from '../../server/areas';
import { startOrdersDemo } from '../../server/areas/orders/demo';
import { startBookingsDemo } from '../../server/areas/bookings/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/areas/accounts/demo';
import { onPath, signIn, useE2eEnvironment } from './steps';

/** The shop's screens an owner uses, relative to /shops/{shopId}/ (the settings tabs are visited one by one). */
const SHOP_SCREENS = [
  'overview',
  'items',
  'menu',
  'promotions',
  'timings',
  'users',
  'posts',
  'orders/report',
  'payments/stripe',
  'orders/history',
  'bookings/history',
  'audit',
  'webhooks',
  'api_keys',
];

/** Until the page has its data: the network is quiet and nothing says it is loading. */
async function loaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="progressbar"]:not([aria-hidden="true"]):not([aria-valuenow]), [data-skeleton]')
    .first()
    .waitFor({ state: 'detached' });
  await settled(page);
}

/**
 * Every touch target on the owner's main screens is at least 44 × 44 px at 820 px, a tablet held by someone at the counter
 * (WCAG 2.5.5): the demo's owner, whose shop has items, a menu, orders, bookings and posts, so rows and their actions show.
 */
describe.skipIf(!hasChromium())('touch targets at 820 px', () => {
  const env = useE2eEnvironment();

  it('leaves no control under 44 px on the main screens', async () => {
    // The demo's data, with one live order and booking instead of one every few seconds (which would outlive the server).
    const { services } = env.server.ctx;
    const live = { orders: startOrdersDemo, bookings: startBookingsDemo } as Record<string, typeof startOrdersDemo | undefined>;
    for (const area of areas) {
      const start = live[area.name];
      if (start) (await start(services, () => undefined))();
      else await area.demo?.(services, () => undefined);
    }
    const { page, context } = await newPage(env.browser, TABLET);
    const offenders: string[] = [];
    const check = async (screen: string) => {
      await loaded(page);
      offenders.push(...(await smallTargets(page)).map((s) => `${screen}: ${s}`));
    };
    try {
      await signIn(page, env.server, DEMO_ACCOUNTS.owner.email, DEMO_PASSWORD);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops`);
      await check('shops');
      await page
        .getByRole('link', { name: /Cappuccino Corner/ })
        .first()
        .click();
      await onPath(page, /^\/shops\/[^/]+\//);
      const shopId = new URL(page.url()).pathname.split('/')[2];
      for (const screen of SHOP_SCREENS) {
        await page.goto(`${env.server.baseUrl}/shops/${shopId}/${screen}`);
        await check(screen);
      }
      // A dialog's buttons (it renders outside the page).
      await page.goto(`${env.server.baseUrl}/shops/${shopId}/promotions`);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await check('promotions, delete dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`${env.server.baseUrl}/shops/${shopId}/settings`);
      const tabs = page.getByRole('tablist', { name: 'Settings' }).getByRole('tab');
      await tabs.first().waitFor();
      const count = await tabs.count();
      expect(count).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) {
        const tab = tabs.nth(i);
        await tab.click();
        await check(`settings ${await tab.textContent()}`);
      }
      await page.goto(`${env.server.baseUrl}/account/security`);
      await check('account/security');
    } finally {
      await context.close();
    }
    expect(offenders).toEqual([]);
  });
});
