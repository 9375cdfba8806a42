import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit, screenshots } from '../helpers/audit';
import { publish } from '../helpers/shopWorld';
import { shortlinkConfig } from '../../server/areas/shortlink/config';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * The short link on the shop overview: the owner creates it, changes its code (a code that is too short is refused
 * in the form), and the link sends a visitor to the shop's public menu. Its QR code downloads as SVG and PNG, and its
 * A6 flyer prints alone on one sheet. The overview and the flyer pass axe at every step.
 */
/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe.skipIf(!hasChromium())('the shop short link', () => {
  const { env, scene, url } = useSettingsScene();

  it('is created and changed on the overview, and redirects to the ordering page', async () => {
    await publish(env.server.ctx, scene.shopId);
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(url('overview'));
      const card = page.getByRole('region', { name: 'Short link' });
      await card.getByRole('button', { name: 'Create short link' }).waitFor();
      await audit(page, 'shortlink-none');

      await card.getByRole('button', { name: 'Create short link' }).click();
      const shown = card.getByText(`${env.server.baseUrl}/s/`);
      await shown.waitFor();
      const generated = (await shown.textContent())!;
      expect(generated).toMatch(/\/s\/[a-z2-9]{7}$/);
      await audit(page, 'shortlink-created', { exclude: ['.MuiSnackbar-root'] });

      await card.getByRole('button', { name: 'Change code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change code' });
      await dialog.getByLabel('Code').fill('bt');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('The code should be at least 4 characters').waitFor();
      await audit(page, 'shortlink-change-invalid', { exclude: ['.MuiSnackbar-root'] });
      await dialog.getByLabel('Code').fill('bean-there');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await card.getByText(`${env.server.baseUrl}/s/bean-there`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('img', { name: `QR code for ${env.server.baseUrl}/s/bean-there` }).waitFor();
      await audit(page, 'shortlink-changed', { exclude: ['.MuiSnackbar-root'] });

      const svg = await download(page, card.getByRole('button', { name: 'Download SVG' }));
      expect(svg.name).toBe('bean-there-qr.svg');
      expect(svg.bytes.toString('utf8')).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
      const png = await download(page, card.getByRole('button', { name: 'Download PNG' }));
      expect(png.name).toBe('bean-there-qr.png');
      expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The IHDR chunk's width and height, big-endian after the signature and the chunk's length and type.
      expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1024, 1024]);

      await card.getByRole('link', { name: 'Print flyer' }).click();
      const flyer = page.getByTestId('shortlink-flyer');
      await flyer.getByRole('img', { name: `QR code for ${env.server.baseUrl}/s/bean-there` }).waitFor();
      await flyer.getByRole('img', { name: 'Bean There logo' }).waitFor();
      for (const part of ['Bean There', 'Scan to order', `${env.server.baseUrl.replace(/^https:\/\//, '')}/s/bean-there`])
        expect(await flyer.textContent(), part).toContain(part);
      await audit(page, 'shortlink-flyer', { exclude: ['.MuiSnackbar-root'] });

      // Printed: the flyer alone, A6 wide, without the console around it, on one A6 sheet.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      const box = (await flyer.boundingBox())!;
      expect(Math.round(box.width)).toBe(397);
      await screenshots(page, 'shortlink-flyer-print');
      const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
      const [, width, height] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/.exec(pdf)!;
      // A6 is 105 × 148 mm: 297.6 × 419.5 points.
      expect([Math.round(Number(width)), Math.round(Number(height))]).toEqual([298, 420]);
      await page.emulateMedia({ media: 'screen' });

      await page.getByRole('link', { name: 'Back to the overview' }).click();
      await card.getByRole('button', { name: 'Download SVG' }).waitFor();

      const res = await fetch(`${env.server.baseUrl}/s/Bean-There`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(shortlinkConfig.of(env.server.ctx.config).orderingPageUrl.replace('{shopId}', scene.shopId));
      expect(res.headers.get('location')).toMatch(new RegExp(`/order/${scene.shopId}$`));
      expect((await fetch(generated, { redirect: 'manual' })).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
