import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { publish } from '../helpers/shopWorld';
import { shortlinkConfig } from '../../server/areas/shortlink/config';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * The short link on the shop overview: the owner creates it, changes its code (a code that is too short is refused
 * in the form), and the link sends a visitor to the shop's public menu. The overview passes axe at every step.
 */
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
      await audit(page, 'shortlink-changed', { exclude: ['.MuiSnackbar-root'] });

      const res = await fetch(`${env.server.baseUrl}/s/Bean-There`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(shortlinkConfig.of(env.server.ctx.config).orderingPageUrl.replace('{shopId}', scene.shopId));
      expect(res.headers.get('location')).toMatch(new RegExp(`/api/storefront/shops/${scene.shopId}/menu$`));
      expect((await fetch(generated, { redirect: 'manual' })).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
