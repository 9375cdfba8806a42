import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';
import { audit, screenshots, TABLET } from '../helpers/audit';
import { smallButtons } from '../helpers/touch';

/**
 * The catalog journey in Chromium: pizza settings → a pizza with an uploaded image → a deal of it →
 * a basic item with attributes → its copy → two categories, reordered → an item, a value and a shop topping sold out →
 * the storefront menu.
 * axe checks each new page; with SCREENSHOT_DIR set, pages are also captured at 1366, 820 and 390 px.
 */
describe.skipIf(!hasChromium())('catalog journey in Chromium', () => {
  const env = useE2eEnvironment();
  /** axe (WCAG A/AA rules) with no serious or critical finding; the item editor is checked once, on its pizza form. */
  const check = (page: Page, name: string) => audit(page, `catalog-${name}`, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });

  const saved = async (page: Page, text: string) => {
    await page.getByText(text, { exact: true }).first().waitFor();
  };

  it('sets up pizza, builds items and a menu, sells one out, and the storefront menu follows', async () => {
    const server = env.server;
    const owner = await createUser(server.ctx, { email: uniqueEmail('catalog-owner'), name: 'Olive Owner' });
    const admin = await createUser(server.ctx, { email: uniqueEmail('catalog-admin'), superAdmin: true });
    const logo = await uploadLogo(server, owner, { r: 90, g: 40, b: 20 });
    const created = await server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: {
        name: 'Pizza Palace',
        description: 'Wood-fired every night',
        locality: 'Newtown',
        logo: { path: logo },
        country: 'AU',
        type: 'CAFE',
        timezone: 'Australia/Sydney',
      },
    });
    const shopId = created.json().id as string;
    expect((await server.ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/approve`, headers: admin.headers })).statusCode).toBe(
      200,
    );
    const url = (p: string) => `${server.baseUrl}/shops/${shopId}/${p}`;
    const { page, errors } = await newPage(env.browser, DESKTOP);
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await signIn(page, server, owner.email);
    await onPath(page, '/');
    try {
      // Pizza Settings: switch pizza on, add a topping priced for one size (the others are filled with 0).
      await page.goto(url('settings?tab=pizza'));
      await page.getByLabel('Active').check();
      await page.getByRole('region', { name: 'Toppings' }).getByRole('button', { name: 'Add' }).click();
      const topping = page.getByLabel('Name', { exact: true }).last();
      await topping.fill('Olives');
      await page.getByLabel('Small', { exact: true }).last().fill('1.5');
      await check(page, 'pizza-settings');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page, 'Saved');

      // A pizza with an uploaded, cropped image.
      await page.goto(url('items'));
      await page.getByText('No items yet').waitFor();
      await page.getByRole('button', { name: 'New Item' }).click();
      await page.getByRole('menuitem', { name: 'Pizza' }).click();
      await onPath(page, `/shops/${shopId}/items/pizza/create`);
      const save = page.getByRole('button', { name: 'Save' });
      await page.getByLabel('Name', { exact: true }).fill('Margherita');
      await page.getByLabel('Description', { exact: true }).fill('Tomato, mozzarella, basil');
      await page
        .getByRole('switch', { name: 'Small' })
        .or(page.getByLabel('Small', { exact: true }))
        .first()
        .check();
      await page.getByLabel('Small price').fill('12');
      await page.getByLabel('Large', { exact: true }).check();
      await page.getByLabel('Large price').fill('18.5');
      const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 60, b: 30 } } })
        .png()
        .toBuffer();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
      await chooser.setFiles({ name: 'pizza.png', mimeType: 'image/png', buffer: png });
      const crop = page.getByRole('dialog');
      await crop.locator('img').first().waitFor();
      await crop.getByRole('button', { name: 'Upload', exact: true }).click();
      await crop.waitFor({ state: 'detached' });
      await page.locator('img[src*="/api/media/"]').first().waitFor();
      await check(page, 'pizza-editor');
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await saved(page, 'Margherita Updated');
      await onPath(page, `/shops/${shopId}/items`);

      // A deal of two large Margheritas.
      await page.getByRole('button', { name: 'New Item' }).click();
      await page.getByRole('menuitem', { name: 'Deal' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Pizza Night');
      await page.getByLabel('Price', { exact: true }).fill('30');
      const dealPizzas = page.getByRole('region', { name: 'Deal pizzas' });
      await dealPizzas.getByRole('button', { name: 'Add pizza slot' }).click();
      await page.getByRole('combobox', { name: 'Size' }).click();
      await page.getByRole('option', { name: 'Large', exact: true }).click();
      await page.getByLabel('Qty').last().fill('2');
      await dealPizzas.getByRole('button', { name: 'Add pizza', exact: true }).click();
      await page.getByRole('combobox', { name: 'Pizza', exact: true }).click();
      await page.getByRole('option', { name: 'Margherita' }).click();
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await saved(page, 'Pizza Night Updated');

      // A basic item with an attribute, then its copy.
      await page.getByRole('button', { name: 'New Item' }).click();
      await page.getByRole('menuitem', { name: 'Basic Item' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Latte');
      await page.getByLabel('Price', { exact: true }).fill('4.5');
      const attributes = page.getByRole('region', { name: 'Attributes' });
      await attributes.getByRole('button', { name: 'Add attribute' }).click();
      await page.getByLabel('Attribute name').fill('Milk');
      await attributes.getByRole('button', { name: 'Add value' }).click();
      await page.getByLabel('Value', { exact: true }).fill('Oat');
      await page.getByLabel('Extra charge').fill('0.8');
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await saved(page, 'Latte Updated');
      await page.getByRole('button', { name: 'Copy Latte' }).click();
      await page.getByText('Latte (Copy)').first().waitFor();
      await page.getByLabel('Search items').fill('latte');
      await expect.poll(async () => page.getByTestId('row').count()).toBe(2);
      await page.getByLabel('Search items').fill('zzz');
      await page.getByText('No matching items.').waitFor();
      await page.getByLabel('Search items').fill('');
      await expect.poll(async () => page.getByTestId('row').count()).toBe(4);
      await check(page, 'items');
      // Used with a finger on a tablet: each row's actions are at least 44 px at 820 px.
      await page.setViewportSize(TABLET);
      expect(await smallButtons(page.getByTestId('row'))).toEqual([]);
      await page.setViewportSize(DESKTOP);

      // The menu: two categories, the second moved up.
      await page.goto(url('menu'));
      for (const [name, items] of [
        ['Coffee', ['Latte', 'Latte (Copy)']],
        ['Pizza', ['Margherita', 'Pizza Night']],
      ] as const) {
        await page.getByRole('button', { name: 'Add category' }).click();
        const card = page.getByTestId('category').last();
        await card.getByLabel('Name', { exact: true }).fill(name);
        await card.getByRole('button', { name: 'Add items' }).click();
        await page.getByText('Please select items first').waitFor();
        for (const item of items) {
          await card.getByLabel('Items to add').click();
          await page.getByRole('option', { name: item, exact: true }).click();
        }
        await card.getByRole('button', { name: 'Add items' }).click();
      }
      await page.getByRole('button', { name: 'Move category Pizza up' }).click();
      await expect.poll(() => page.getByTestId('category').first().getByRole('heading', { level: 2 }).textContent()).toBe('Pizza');
      await check(page, 'menu');
      // Drag handles, up/down arrows and the cards' buttons are at least 44 px at 820 px, for a finger on a tablet.
      await page.setViewportSize(TABLET);
      expect(await smallButtons(page.locator('form'))).toEqual([]);
      await page.setViewportSize(DESKTOP);
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page, 'Menu Updated');

      // Latte sold out until put back.
      await page.goto(url('items'));
      await page
        .getByRole('switch', { name: 'Latte on sale', exact: true })
        .or(page.getByRole('checkbox', { name: 'Latte on sale', exact: true }))
        .click();
      await page.getByRole('menuitem', { name: 'Sold out until put back' }).click();
      await page.getByText('Until put back', { exact: true }).waitFor(); // exact: the menu item 'Sold out until put back' may still be closing
      // One attribute value of it sold out from the Options dialog (Latte is off the menu already, so the storefront holds).
      await page.getByRole('button', { name: 'Options of Latte', exact: true }).click();
      const options = page.getByRole('dialog', { name: 'Options of Latte' });
      await options
        .getByRole('switch', { name: 'Oat on sale' })
        .or(options.getByRole('checkbox', { name: 'Oat on sale' }))
        .click();
      await page.getByRole('menuitem', { name: 'Sold out until put back' }).click();
      await options.getByText('Until put back', { exact: true }).waitFor();
      await check(page, 'item-options');
      await options.getByRole('button', { name: 'Close' }).click();
      // Margherita lists no toppings of its own: its Options hold the shop's toppings, sold out for every such pizza.
      await page.getByRole('button', { name: 'Options of Margherita', exact: true }).click();
      const shopToppings = page
        .getByRole('dialog', { name: 'Options of Margherita' })
        .getByRole('region', { name: 'Shop toppings (all pizzas)' });
      await shopToppings
        .getByRole('switch', { name: 'Olives on sale' })
        .or(shopToppings.getByRole('checkbox', { name: 'Olives on sale' }))
        .click();
      await page.getByRole('menuitem', { name: 'Sold out until put back' }).click();
      await shopToppings.getByText('Until put back', { exact: true }).waitFor();
      await check(page, 'shop-toppings');
      await page.getByRole('dialog', { name: 'Options of Margherita' }).getByRole('button', { name: 'Close' }).click();
      // The same toppings from the list's toolbar, without picking a pizza.
      await page.getByRole('button', { name: 'Shop toppings', exact: true }).click();
      const toolbarToppings = page.getByRole('dialog', { name: 'Shop toppings (all pizzas)' });
      await toolbarToppings.getByText('Until put back', { exact: true }).waitFor();
      await check(page, 'shop-toppings-toolbar');
      await toolbarToppings.getByRole('button', { name: 'Close' }).click();

      // Delivery info (set through the API here; its rules are in test/api/catalog/menu.test.ts): view and edit pages.
      const delivery = { minOrderValue: 20, suburbs: [{ name: 'Newtown', postcode: '', deliveryCharges: 5 }] };
      expect(
        (
          await server.ctx.app.inject({
            method: 'PUT',
            url: `/api/shops/${shopId}/settings/delivery`,
            headers: owner.headers,
            payload: delivery,
          })
        ).statusCode,
      ).toBe(200);
      await page.goto(url('delivery_suburbs/view'));
      await page.getByRole('cell', { name: 'Newtown' }).waitFor();
      await check(page, 'delivery-view');
      await page.getByRole('link', { name: 'Edit Delivery Info' }).click();
      await expect.poll(() => page.getByLabel('Suburb', { exact: true }).inputValue()).toBe('Newtown');
      await check(page, 'delivery-edit');

      const menu = await (await fetch(`${server.baseUrl}/api/storefront/shops/${shopId}/menu`)).json();
      expect(menu.categories.map((c: { name: string; items: { name: string }[] }) => [c.name, c.items.map((i) => i.name)])).toEqual([
        ['Pizza', ['Margherita', 'Pizza Night']],
        ['Coffee', ['Latte (Copy)']],
      ]);
      expect(menu.categories[0].items[0].sizes).toEqual([
        { name: 'Small', price: 12, hasHalfAndHalf: false },
        { name: 'Large', price: 18.5, hasHalfAndHalf: false },
      ]);
      // Olives, the shop's topping, is sold out: neither the pizza nor the menu's pizza settings offer it.
      expect(menu.categories[0].items[0].toppings).toEqual([]);
      expect(menu.pizza.toppings).toEqual([]);
      expect(menu.categories[0].items[0].image.image).toMatch(/^img\//);
      expect(menu.categories[1].items[0].attributes[0].values).toEqual([{ name: 'Oat', extraCharge: 0.8 }]);
      expect(menu.delivery).toEqual({ minOrderValue: 20, suburbs: [{ name: 'Newtown', postcode: '', deliveryCharges: 5 }] });
    } catch (e) {
      await screenshots(page, 'catalog-failure');
      if (errors.length) console.log(errors.join('\n'));
      throw e;
    }
    // Nine screens through axe, and the targets measured at 820 px: past two minutes on a busy machine.
  }, 240_000);
});
