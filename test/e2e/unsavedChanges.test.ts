import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium } from '../helpers/browser';
import { onPath, signIn, useE2eEnvironment } from './steps';
import { shopScene } from './shopScene';
import { audit } from '../helpers/audit';

/**
 * A new shop starts in Australia on the owner's own clock, and leaving a form (or a crop) with unsaved
 * work asks first — for links, Cancel and the browser's Back button alike.
 */
describe.skipIf(!hasChromium())('new shop defaults and unsaved changes', () => {
  const env = useE2eEnvironment();
  let scene: Awaited<ReturnType<typeof shopScene>>;

  beforeAll(async () => {
    scene = await shopScene(env.server);
  });

  /** A signed-in owner in a browser whose clock is set to `timezoneId`. */
  async function ownerIn(timezoneId: string) {
    const context = await env.browser.newContext({ viewport: DESKTOP, timezoneId });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, env.server, scene.owner.email);
    await onPath(page, '/');
    return { context, page, errors };
  }

  it("preselects Australia and the owner's own Australian zone, and the zone follows the country", async () => {
    const { context, page, errors } = await ownerIn('Australia/Perth');
    try {
      await page.goto(`${env.server.baseUrl}/shops/create`);
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).textContent()).toBe('Australia');
      expect(await page.getByRole('combobox', { name: 'Time zone' }).textContent()).toBe('Australia/Perth');
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.getByRole('option', { name: 'New Zealand', exact: true }).click();
      await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).textContent()).toBe('Pacific/Auckland');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // Somewhere else in the world: the country's main zone.
    const abroad = await ownerIn('Europe/Berlin');
    try {
      await abroad.page.goto(`${env.server.baseUrl}/shops/create`);
      await expect.poll(() => abroad.page.getByRole('combobox', { name: 'Time zone' }).textContent()).toBe('Australia/Sydney');
    } finally {
      await abroad.context.close();
    }
  });

  it('asks before Cancel leaves a form with unsaved changes', async () => {
    const { context, page, errors } = await ownerIn('Australia/Sydney');
    try {
      await page.goto(`${env.server.baseUrl}/shops/create`);
      await page.getByLabel('Name', { exact: true }).fill('Half-typed Cafe');
      // The console's own dialog asks (no browser prompt), with 'Keep editing' focused: Enter keeps the changes.
      const browserPrompts: string[] = [];
      page.on('dialog', (d) => {
        browserPrompts.push(d.message());
        void d.dismiss();
      });
      await page.getByRole('link', { name: 'Cancel' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.getByText("Some of your changes weren't saved. Are you sure you want to ignore them?").waitFor();
      await expect.poll(() => ask.getByRole('button', { name: 'Keep editing' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await audit(page, 'unsaved changes dialog');
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/shops/create');
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Half-typed Cafe');

      await page.getByRole('link', { name: 'Cancel' }).click();
      await ask.getByRole('button', { name: 'Leave' }).click();
      await onPath(page, '/shops');
      expect(browserPrompts).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks before Back throws away an image being cropped', async () => {
    const { context, page, errors } = await ownerIn('Australia/Sydney');
    try {
      await page.goto(`${env.server.baseUrl}/shops`);
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).getByRole('link', { name: 'Edit' }).click();
      await onPath(page, `/shops/${scene.shops.waiting}/edit`);
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 36, g: 48, b: 46 } } })
        .png()
        .toBuffer();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Change' }).click()]);
      await chooser.setFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: png });
      const crop = page.getByRole('dialog', { name: 'Crop image (1:1)' });
      await crop.locator('img').first().waitFor();

      await page.evaluate(() => history.back());
      const ask = page.getByRole('dialog', { name: 'Discard this image?' });
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/shops/${scene.shops.waiting}/edit`);
      await crop.waitFor();

      await page.evaluate(() => history.back());
      await ask.getByRole('button', { name: 'Discard' }).click();
      await onPath(page, '/shops');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
