import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * A page opened from the menu says at once that it is loading (its frame and a skeleton, or the bar under the header)
 * instead of leaving the old page up: checked while the server's answers are held back, as on a slow line, and the
 * page then shows once they are let through. Nothing here is timed.
 */
describe.skipIf(!hasChromium())('loading states in Chromium', () => {
  const { env, scene, url } = useSettingsScene();

  it('shows a skeleton or a progress bar before a page opened from the menu has its data', async () => {
    const { page, context } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(url('timings'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');

      for (const [menu, api, heading] of [
        ['Items', /\/api\/shops\/[^/]+\/items/, 'Items'],
        ['Posts', /\/api\/shops\/[^/]+\/posts/, 'Posts'],
        ['Coupons', /\/api\/shops\/[^/]+\/promotions/, 'Coupons'],
      ] as const) {
        // Hold the page's data (and the page's code, on its first visit) until it is let through.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const held: string[] = [];
        const hold = async (route: Route) => {
          held.push(route.request().url());
          await released;
          await route.continue().catch(() => undefined);
        };
        await page.route(api, hold);
        await page.route(/\/assets\/[^/]+\.js$/, hold);
        await page.getByRole('menuitem', { name: menu, exact: true }).click();
        await expect.poll(() => held.length).toBeGreaterThan(0);
        // Said while nothing has come back yet.
        await page.locator('[data-skeleton], [data-navigation-progress]').first().waitFor();
        expect(await page.getByRole('progressbar', { name: 'Loading' }).count()).toBeGreaterThan(0);
        release();
        await page.unroute(api, hold);
        await page.unroute(/\/assets\/[^/]+\.js$/, hold);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.locator('[data-skeleton], [data-navigation-progress]').first().waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });
});
