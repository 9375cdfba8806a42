import { describe, expect, it } from 'vitest';
import { hasChromium, newPage } from '../helpers/browser';
import { audit, TABLET } from '../helpers/audit';
import { onPath, orderingShop, signIn, useE2eEnvironment } from './steps';

/**
 * 86 from the board, on a tablet at the counter (820 px): the owner sells a scone out for an hour from the board's
 * 'Sold out' panel, sees it listed with its return time, sells one milk of the flat white out until close, and brings
 * the scone back with one tap; then gives the menu's Breakfast category its hours in the menu editor.
 */
describe.skipIf(!hasChromium())('sold out from the board, and a category’s hours', () => {
  const env = useE2eEnvironment();

  it('86s an item and a choice from the panel, lists them with their return, restores; edits a category’s hours', async () => {
    const { ctx } = env.server;
    const { owner, shop, itemId } = await orderingShop(env.server, 'Counter Cafe');
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/shops/${shop.id}${url}`, headers: owner.headers, payload });
    const milk = {
      name: 'Milk',
      values: [
        { name: 'Full', extraCharge: 0 },
        { name: 'Oat', extraCharge: 0.8 },
      ],
    };
    expect((await api('PUT', `/items/${itemId}`, { type: 'BASIC', name: 'Flat White', price: 4.5, attributes: [milk] })).statusCode).toBe(
      200,
    );
    const scone = await api('POST', '/items', { type: 'BASIC', name: 'Scone', price: 3.5 });
    expect((await api('PUT', '/menu', { categories: [{ name: 'Breakfast', itemIds: [itemId, scone.json().id] }] })).statusCode).toBe(200);

    const { context, page } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      const panel = page.getByTestId('sold-out-panel');
      await panel.getByText('Nothing is sold out.').waitFor();
      await audit(page, 'sold-out-panel-empty');

      await panel.getByLabel('Item to sell out').click();
      await page.getByRole('option', { name: 'Scone', exact: true }).click();
      await panel.getByRole('button', { name: '1 hour' }).click();
      const sconeRow = panel.locator('[data-part="entry"]').filter({ hasText: 'Scone' });
      await sconeRow.getByText(/^Back /).waitFor();
      const listed = (await api('GET', '/sold_out')).json();
      expect(listed).toEqual([expect.objectContaining({ name: 'Scone', attribute: null })]);

      await panel.getByLabel('Item to sell out').click();
      await page.getByRole('option', { name: 'Flat White', exact: true }).click();
      await panel.getByLabel('What').click();
      await page.getByRole('option', { name: 'Milk: Oat' }).click();
      await panel.getByRole('button', { name: 'Until close' }).click();
      await panel.locator('[data-part="entry"]').filter({ hasText: 'Flat White — Milk: Oat' }).waitFor();
      await audit(page, 'sold-out-panel-listed');

      await panel.getByRole('button', { name: 'Bring back Scone' }).click();
      await sconeRow.waitFor({ state: 'detached' });
      expect((await api('GET', '/sold_out')).json()).toEqual([expect.objectContaining({ name: 'Flat White', value: 'Oat' })]);

      // The menu editor: Breakfast is offered 6:00–10:30 on weekdays.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/menu`);
      const card = page.getByTestId('category').first();
      if ((await card.getAttribute('data-open')) !== 'true') await card.getByRole('button', { name: 'Show Breakfast' }).click();
      await card.getByLabel('Offered only at some hours').check();
      await card.getByLabel('Sat', { exact: true }).uncheck();
      await card.getByLabel('Sun', { exact: true }).uncheck();
      await card.getByLabel('From', { exact: true }).fill('06:00');
      await card.getByLabel('Until', { exact: true }).fill('10:30');
      await card.getByText('Offered 6:00–10:30 on weekdays').waitFor();
      await audit(page, 'menu-category-hours');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await api('GET', '/menu')).json().categories[0].offered)
        .toEqual({ dows: ['MON', 'TUE', 'WED', 'THU', 'FRI'], from: '06:00', to: '10:30' });
    } finally {
      await context.close();
    }
  });
});
