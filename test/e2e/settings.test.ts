import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, PHONE } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/** SETTINGS_SHOTS=dir saves screenshots of each screen at three widths (looked at by hand, not asserted). */
const shots = process.env.SETTINGS_SHOTS;
const TABLET = { width: 820, height: 1180 };

/**
 * Issue 9 §6: switch collection time to CUSTOM and see the Custom Collection Time tab appear; set a card surcharge;
 * edit timings and see the view; create a coupon, hit the first-order rule, fix it, see it listed with its details;
 * delete it. Every screen passes axe (no serious or critical findings).
 */
describe.skipIf(!hasChromium())('shop settings, store timings and coupons', () => {
  const env = useE2eEnvironment();
  let owner: TestUser;
  let shopId: string;

  beforeAll(async () => {
    owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const logo = await uploadLogo(env.server, owner, { r: 40, g: 90, b: 160 });
    const res = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: { name: 'Bean There', description: 'Coffee and toasties', locality: 'Glebe', logo: { path: logo }, country: 'AU', type: 'CAFE', timezone: 'Australia/Sydney' },
    });
    expect(res.statusCode).toBe(201);
    shopId = res.json().id;
  });

  async function audit(page: Page, name: string) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${name}`).toEqual([]);
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    for (const [size, viewport] of [['phone', PHONE], ['tablet', TABLET], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `${name}-${size}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }

  const url = (...p: string[]) => `${env.server.baseUrl}/shops/${shopId}/${p.join('/')}`;
  const setting = async (kind: string) =>
    (await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/settings/${kind}`, headers: owner.headers })).json();

  it('configures checkout, timings and a coupon', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
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
      await page.getByText('should not be larger than 3').waitFor();
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel('Surcharge percentage').fill('1.5');
      await page.getByLabel('Surcharge amount').fill('0.3');
      await page.getByLabel('Minimum order value').fill('10');
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await page.getByText('Saved').first().waitFor();
      await page.getByRole('tab', { name: 'Custom Collection Time' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/shops/${shopId}/settings`);
      expect(await setting('checkout')).toMatchObject({ collectionTime: 'CUSTOM', creditCardSurchargeEnabled: true, creditCardSurchargePercentage: 1.5, creditCardSurchargeAmount: 0.3, creditCardSurchargeMinimumOrderValue: 10 });
      await page.getByRole('tab', { name: 'Custom Collection Time' }).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === 'custom_collection');
      await page.getByLabel('Title', { exact: true }).waitFor();
      await audit(page, 'settings-custom-collection');
      for (const tab of ['Order Settings', 'Table Booking', 'Loyalty Program']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('button', { name: 'Save' }).waitFor();
        await audit(page, `settings-${tab.split(' ')[0]!.toLowerCase()}`);
      }

      // Store timings: Sunday pickup from 09:00 for 6 hours, shown on the view after saving.
      await page.goto(url('timings', 'view'));
      await page.getByRole('link', { name: 'Update Timings' }).click();
      await onPath(page, `/shops/${shopId}/timings/edit`);
      const sundayPickup = page.getByRole('group', { name: 'Sunday Pickup', exact: true });
      await sundayPickup.getByLabel(/available/i).check();
      await sundayPickup.getByLabel('Open').fill('09:00');
      await sundayPickup.getByLabel('Duration').fill('6');
      await sundayPickup.getByText('3:00 PM').waitFor();
      await audit(page, 'timings-edit');
      await page.getByRole('button', { name: 'Save' }).click();
      await onPath(page, `/shops/${shopId}/timings/view`);
      await page.getByTestId('timings-row').filter({ hasText: 'Sunday' }).getByText('9:00 AM to 3:00 PM').waitFor();
      await audit(page, 'timings-view');

      // Coupons: the first offer, the first-order rule, the list's details, delete.
      await page.goto(url('promotions'));
      await page.getByText('Your first offer').waitFor();
      await audit(page, 'promotions-empty');
      await page.getByRole('link', { name: 'New Offer' }).click();
      await onPath(page, `/shops/${shopId}/promotions/create`);
      await page.getByLabel('Coupon Code').fill('welcome10');
      await page.getByLabel('Description', { exact: true }).fill('Ten percent off your first order');
      await page.getByRole('combobox', { name: /^Type/ }).click();
      await page.getByRole('option', { name: 'Flat Percentage Discount' }).click();
      await page.getByLabel('Discount percentage').fill('10');
      await page.getByLabel('First Order Discount').check();
      await page.getByText('For first order discount, the "Max Redeems" should be 1').waitFor();
      const saveItem = page.getByRole('button', { name: 'Save Item' });
      expect(await saveItem.isDisabled()).toBe(true);
      await audit(page, 'promotion-create');
      await page.getByLabel('Max Redeems').fill('1');
      await expect.poll(() => saveItem.isDisabled()).toBe(false);
      await saveItem.click();
      await onPath(page, `/shops/${shopId}/promotions`);
      const row = page.getByTestId('promotion-row').filter({ hasText: 'WELCOME10' });
      await row.getByText('10% off orders over $10.00').waitFor();
      await row.getByText('All Days').waitFor();
      await audit(page, 'promotions-list');
      await row.getByRole('button', { name: 'Delete WELCOME10' }).click();
      await page.getByText('Are you sure delete this promotion?').waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Promotion deleted').waitFor();
      await page.getByText('Your first offer').waitFor();

      // Customer contact: the phone comes back in E.164.
      await page.goto(url('contact'));
      await page.getByLabel('Address').fill('12 Glebe Point Road, Glebe NSW 2037');
      await page.getByLabel('Phone').fill('02 9660 1234');
      await page.getByLabel('Contact person').fill('Olive Owner');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved').first().waitFor();
      expect((await setting('contact')).phone).toBe('+61296601234');
      await audit(page, 'contact');
    } catch (e) {
      if (errors.length) console.log(errors.join('\n'));
      throw e;
    } finally {
      await context.close();
    }
  });
});
