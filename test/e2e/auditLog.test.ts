import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * The audit log: the owner changes an item's price in the console, opens the Audit log from the sidebar and finds
 * the change ("Price: 3.00 → 3.50") under their name, filters by kind with the keyboard, and the page passes axe.
 */
describe.skipIf(!hasChromium())('Audit log', () => {
  const { env, scene, url } = useSettingsScene();

  it('shows an item’s price change with who made it', async () => {
    const made = await env.server.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${scene.shopId}/items`,
      headers: scene.owner.headers,
      payload: { type: 'BASIC', name: 'Cheese Scone', price: 3 },
    });
    expect(made.statusCode).toBe(201);
    const item = made.json() as { id: string };
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(url('items', 'basic', item.id, 'edit'));
      const price = page.getByLabel('Price', { exact: true });
      await expect.poll(() => price.inputValue()).toMatch(/^3(\.00?)?$/);
      await price.fill('3.50');
      const save = page.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await page.getByText('Cheese Scone Updated').waitFor();

      await page.getByRole('menuitem', { name: 'Audit log' }).click();
      await onPath(page, `/shops/${scene.shopId}/audit`);
      const change = page.getByTestId('audit-row').filter({ hasText: 'Price: 3.00 → 3.50' });
      await change.waitFor();
      await change.getByText('Olive Owner').waitFor();
      await change.getByText('Items changed: Cheese Scone').waitFor();
      // Creating the item is one entry, changing its price another: nothing doubled.
      await expect.poll(() => page.getByTestId('audit-row').filter({ hasText: 'Cheese Scone' }).count()).toBe(2);
      await audit(page, 'audit-log');

      // The kind filter by keyboard: items only (Every kind, Shop details, Settings, Items).
      await page.getByRole('combobox', { name: 'What' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: 'Items' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('combobox', { name: 'What' }).textContent()).toBe('Items');
      const rows = page.getByTestId('audit-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.filter({ hasText: 'Items' }).count()).toBe(2);
      await audit(page, 'audit-log-filtered');
    } finally {
      await context.close();
    }
  });

  it('shows super admins every shop’s changes, and the platform’s own by the shop picker', async () => {
    const root = await createUser(env.server.ctx, { email: uniqueEmail('root'), name: 'Sue Super', superAdmin: true });
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, root.email);
      await onPath(page, '/');
      await page.getByRole('menuitem', { name: 'Audit log' }).click();
      await onPath(page, '/platform/audit');
      const change = page.getByTestId('audit-row').filter({ hasText: 'Price: 3.00 → 3.50' });
      await change.getByText('Bean There').waitFor();
      await audit(page, 'platform-audit-log');

      // The shop picker by keyboard: its first choice is the platform's own log, where no shop's change is.
      await page.getByRole('combobox', { name: 'Shop' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('combobox', { name: 'Shop' }).inputValue()).toBe('The platform’s own');
      await expect.poll(() => change.count()).toBe(0);
      await audit(page, 'platform-audit-log-own');
    } finally {
      await context.close();
    }
  });
});
