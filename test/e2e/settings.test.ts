import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { onPath, signIn } from './steps';
import { audit } from '../helpers/audit';
import { useSettingsScene } from './settingsScene';

/**
 * switch collection time to CUSTOM and see the Custom Collection Time tab appear; set a card surcharge;
 * every tab and the Customer Contact page pass axe.
 */
describe.skipIf(!hasChromium())('shop settings and customer contact', () => {
  const { env, scene, url, setting } = useSettingsScene();

  it('configures checkout and the shop contact', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');

      // Settings: the tab is in the URL; Custom Collection Time shows only once collection time is CUSTOM.
      await page.goto(url('settings'));
      await page.getByRole('tab', { name: 'Checkout Settings' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Custom Collection Time' }).count()).toBe(0);
      await audit(page, 'settings-checkout');
      await page.getByRole('combobox', { name: /^Collection time/ }).click();
      await page.getByRole('option', { name: 'Custom' }).click();
      await page.getByLabel('Credit card surcharge').check();
      await page.getByLabel('Surcharge percentage').fill('4');
      await page.getByText('Should not be larger than 3', { exact: true }).waitFor();
      // Every field's label reads in full (none cut to 'Surcharge a…').
      const cut = await page.$$eval('label.MuiInputLabel-root', (labels) =>
        labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      );
      expect(cut).toEqual([]);
      await audit(page, 'settings-checkout-surcharge');
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel('Surcharge percentage').fill('1.5');
      await page.getByLabel('Surcharge amount').fill('0.3');
      await page.getByLabel('Minimum order value').fill('10');
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await page.getByText('Saved', { exact: true }).first().waitFor();
      await page.getByRole('tab', { name: 'Custom Collection Time' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/shops/${scene.shopId}/settings`);
      expect(await setting('checkout')).toMatchObject({
        collectionTime: 'CUSTOM',
        creditCardSurchargeEnabled: true,
        creditCardSurchargePercentage: 1.5,
        creditCardSurchargeAmount: 0.3,
        creditCardSurchargeMinimumOrderValue: 10,
      });
      await page.getByRole('tab', { name: 'Custom Collection Time' }).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'custom_collection');
      await page.getByLabel('Title', { exact: true }).waitFor();
      await audit(page, 'settings-custom-collection');
      for (const tab of ['Order Settings', 'Kitchen', 'Table Booking', 'Loyalty Program']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('button', { name: 'Save' }).waitFor();
        await audit(page, `settings-${tab.split(' ')[0]!.toLowerCase()}`);
      }

      // Customer contact: the phone comes back in E.164.
      await page.goto(url('contact'));
      await page.getByLabel('Address').waitFor();
      await audit(page, 'contact');
      await page.getByLabel('Address').fill('12 Glebe Point Road, Glebe NSW 2037');
      await page.getByLabel('Phone').fill('02 9660 1234');
      await page.getByLabel('Contact person').fill('Olive Owner');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved', { exact: true }).first().waitFor();
      expect((await setting('contact')).phone).toBe('+61296601234');
    } catch (e) {
      if (errors.length) console.log(errors.join('\n'));
      throw e;
    } finally {
      await context.close();
    }
  });
});
