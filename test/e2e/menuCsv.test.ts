import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, PHONE, settled } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * Menu CSV: the owner exports the items, raises a price in the file, imports it (the dry run shows the one change, by
 * line), applies it with the keyboard, and the list shows the new price. axe checks the list and the dry run; the dry
 * run fits a 390 px phone.
 */
describe.skipIf(!hasChromium())('menu CSV in Chromium', () => {
  const { env, scene, url } = useSettingsScene();

  const noSidewaysScroll = async (page: Page) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
  };

  it('exports, edits a price in the file, checks the import, applies it, and the item shows the new price', async () => {
    const create = async (payload: object) => {
      const res = await env.server.ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${scene.shopId}/items`,
        headers: scene.owner.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    // A retried run starts from an empty list again.
    await env.server.ctx.pool.query('DELETE FROM items WHERE shop_id = $1', [scene.shopId]);
    await create({
      type: 'BASIC',
      name: 'Flat White',
      price: 4.5,
      attributes: [
        {
          name: 'Milk',
          values: [
            { name: 'Oat', extraCharge: 0.8 },
            { name: 'Full cream', extraCharge: 0 },
          ],
        },
      ],
    });
    await create({ type: 'BASIC', name: 'Banana Bread', description: 'Toasted, with butter', price: 6 });

    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(url('items'));
      await page.getByText('$4.50').waitFor();
      await audit(page, 'menu-csv-items');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const text = await readFile((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFFid,type,name,')).toBe(true);
      const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
      expect(parsed.data.map((r) => [r.name, r.price, r.option1, r.option1_choice1_price])).toEqual([
        ['Banana Bread', '6.00', '', ''],
        ['Flat White', '4.50', 'Milk', '0.80'],
      ]);
      const edited = parsed.data.map((r) => (r.name === 'Flat White' ? { ...r, price: '5.20' } : r));
      const file = join(await mkdtemp(join(tmpdir(), 'menu-csv-')), 'items.csv');
      await writeFile(file, Papa.unparse(edited, { columns: parsed.meta.fields }));

      // Keyboard: the Import CSV button opens the file picker from Enter.
      await settled(page);
      const importButton = page.getByRole('button', { name: 'Import CSV' });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importButton.press('Enter')]);
      await chooser.setFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Import items from CSV' });
      await dialog.getByText('items.csv: 0 new, 1 changed, 1 unchanged, 0 with errors.').waitFor();
      const row = dialog.getByTestId('row');
      expect(await row.count()).toBe(1);
      await row.getByText('price: 4.50 → 5.20').waitFor();
      await row.getByText('3', { exact: true }).waitFor();
      await audit(page, 'menu-csv-dry-run');
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page);
      await dialog.getByText('price: 4.50 → 5.20').waitFor();
      await page.setViewportSize(DESKTOP);

      await dialog.getByRole('button', { name: 'Apply' }).press('Enter');
      await page.getByText('Imported: 0 new, 1 changed').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('$5.20').waitFor();
      expect(await page.getByText('$4.50').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps Apply off while a row has an error and names its line and the message', async () => {
    const { context, page } = await newPage(env.browser, PHONE);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(url('items'));
      // The list has loaded and the page has stopped re-rendering, so the click lands on the button that stays.
      await page.getByRole('textbox', { name: 'Search items' }).waitFor();
      await settled(page);
      const file = join(await mkdtemp(join(tmpdir(), 'menu-csv-')), 'bad.csv');
      await writeFile(file, 'type,name,price\nBASIC,Scone,3\nBASIC,,two\n');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import CSV' }).click()]);
      await chooser.setFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Import items from CSV' });
      await dialog.getByText('bad.csv: 1 new, 0 changed, 0 unchanged, 1 with errors.').waitFor();
      await dialog.getByText('name: Name is required').waitFor();
      await dialog.getByText('price: should be a number').waitFor();
      expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      await noSidewaysScroll(page);
      await audit(page, 'menu-csv-errors');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
