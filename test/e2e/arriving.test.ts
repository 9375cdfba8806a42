import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { createShop } from '../helpers/shopWorld';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, useE2eEnvironment } from './steps';

/**
 * A new owner's arrival in Chromium against the real server: signing in with one shop lands in it, on its overview
 * with the set-up checklist read from the shop's data; "/" stays the shops list, which puts what needs attention first
 * and names each row's link for the shop it opens. axe and screenshots (SCREENSHOT_DIR) on each screen.
 */
describe.skipIf(!hasChromium())('arriving in the console', () => {
  const env = useE2eEnvironment();

  it('an owner of one shop lands on its overview, where the checklist says what is left; "/" is still the list', async () => {
    const ctx = env.server.ctx;
    const owner = await createUser(ctx, { email: uniqueEmail('arrive'), name: 'Nina New' });
    const shop = await createShop(ctx, owner, { name: 'Fresh Start Cafe' });
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.baseUrl });
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, `/shops/${shop.id}/overview`);
      const checklist = page.getByTestId('setup-checklist');
      await checklist.getByRole('heading', { name: 'Get your shop ready' }).waitFor();
      await checklist.getByText('1 of 6 done').waitFor();
      const done = async (key: string) => page.getByTestId(`setup-${key}`).getAttribute('data-done');
      expect(await done('review')).toBe('true');
      for (const key of ['items', 'menu', 'hours', 'payments', 'share']) expect(await done(key)).toBe('false');
      await audit(page, 'arrive-overview-checklist');

      // Each step opens its page.
      await checklist.getByRole('link', { name: 'Open Items' }).click();
      await onPath(page, `/shops/${shop.id}/items`);
      await page.getByText('No items yet').waitFor();
      expect(await page.getByText('No matching items.').count()).toBe(0);
      await audit(page, 'arrive-items-empty');
      await page.goBack();

      // Copying the ordering page link is the share, recorded on the server: it stays ticked after a reload.
      await page.getByRole('button', { name: 'Copy ordering page link' }).click();
      await expect.poll(() => done('share')).toBe('true');
      await page.reload();
      await page.getByTestId('setup-checklist').getByText('2 of 6 done').waitFor();

      // "/" itself is the shops list, with the row's link named for what it opens.
      await page.goto(`${env.server.baseUrl}/`);
      await page.getByRole('link', { name: 'Open Fresh Start Cafe' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an owner of several shops stays on the list, which shows the refused and waiting shops before the listed one', async () => {
    const ctx = env.server.ctx;
    const owner = await createUser(ctx, { email: uniqueEmail('many'), name: 'Mo Many' });
    const listed = await createShop(ctx, owner, { name: 'Aardvark Espresso' });
    const refused = await createShop(ctx, owner, { name: 'Zebra Bakery' });
    await createShop(ctx, owner, { name: 'Middle Deli' });
    await ctx.pool.query(`UPDATE shops SET listing_status = 'PUBLISHED' WHERE id = $1`, [listed.id]);
    await ctx.pool.query(`UPDATE shops SET listing_status = 'REJECTED', reject_reason = 'Blurry logo' WHERE id = $1`, [refused.id]);
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.getByRole('link', { name: 'Open Zebra Bakery' }).waitFor();
      const rows = page.getByTestId('shop-row');
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.nth(0).textContent()).toContain('Zebra Bakery');
      expect(await rows.nth(1).textContent()).toContain('Middle Deli');
      expect(await rows.nth(2).textContent()).toContain('Aardvark Espresso');
      await audit(page, 'arrive-shops-attention');
      await page.getByRole('link', { name: 'Open Aardvark Espresso' }).click();
      await onPath(page, `/shops/${listed.id}/orders/dashboard`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
