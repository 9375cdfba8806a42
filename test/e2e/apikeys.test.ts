import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * API keys: the owner opens the page from the sidebar, creates a key for a kitchen screen (a nameless one is refused
 * in the form), sees its value once, the key reads the shop's orders, and once revoked on the page it is refused.
 * The page and its dialogs pass axe at every step.
 */
describe.skipIf(!hasChromium())('API keys', () => {
  const { env, scene } = useSettingsScene();
  const ordersWith = (key: string) =>
    env.server.ctx.app.inject({ url: `/api/shops/${scene.shopId}/orders`, headers: { authorization: `Bearer ${key}` } });

  it('are created, shown once, used and revoked', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${scene.shopId}/overview`);
      await page.getByRole('menuitem', { name: 'API keys' }).click();
      await onPath(page, `/shops/${scene.shopId}/api_keys`);
      await page.getByText('No API keys yet.').waitFor();
      await audit(page, 'api-keys-empty');

      await page.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('Name is required').waitFor();
      await audit(page, 'api-keys-create-invalid', { exclude: ['.MuiSnackbar-root'] });
      await dialog.getByLabel('Name').fill('Kitchen screen');
      await dialog.getByRole('checkbox', { name: 'See orders' }).check();
      await dialog.getByRole('checkbox', { name: 'Accept, reject and complete orders' }).check();
      await dialog.getByRole('button', { name: 'Create' }).click();

      const shown = page.getByRole('dialog', { name: 'Your new API key' });
      const value = (await shown.getByTestId('new-api-key').textContent())!;
      expect(value).toMatch(/^srv_[A-Za-z0-9_-]{43}$/);
      await shown.getByText('It will not be shown again', { exact: false }).waitFor();
      await audit(page, 'api-keys-shown-once', { exclude: ['.MuiSnackbar-root'] });
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });

      const row = page.getByTestId('api-key-row').filter({ hasText: 'Kitchen screen' });
      await row.getByText(`${value.slice(0, 12)}…`).waitFor();
      await row.getByText('See orders, Accept, reject and complete orders').waitFor();
      expect(await page.getByText(value).count()).toBe(0);
      await audit(page, 'api-keys-list', { exclude: ['.MuiSnackbar-root'] });

      expect((await ordersWith(value)).statusCode).toBe(200);

      await row.getByRole('button', { name: 'Revoke Kitchen screen' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke Kitchen screen' });
      await audit(page, 'api-keys-revoke', { exclude: ['.MuiSnackbar-root'] });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await row.getByText('Revoked').waitFor();
      const refused = await ordersWith(value);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 401,
        message: 'This API key has been revoked.',
      });
    } finally {
      await context.close();
    }
  });
});
