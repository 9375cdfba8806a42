import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, settled } from '../helpers/browser';
import { audit, screenshots, TABLET } from '../helpers/audit';
import { smallButtons } from '../helpers/touch';
import { customerOrder, onPath, orderingShop, signIn, useE2eEnvironment } from './steps';

const card = (page: Page, testId: string, name: string) => page.getByTestId(testId).filter({ hasText: name });

/**
 * The counter tablet at 820 px: the sidebar is a drawer opened with the menu button; an order accepted from its card
 * moves to the orders in progress and is completed there in one tap; full-screen mode; every button a finger can hit;
 * the order page's Print and its 80 mm ticket.
 */
describe.skipIf(!hasChromium())('the counter tablet in Chromium', () => {
  const env = useE2eEnvironment();

  it('takes an order from the card to completed at 820 px, with 44 px buttons, full-screen mode and a ticket', async () => {
    const { owner, shop, itemId } = await orderingShop(env.server, 'Counter Cafe');
    const { context, page, errors } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      const tina = await customerOrder(env.server, shop.id, itemId, 'Tina Tablet');
      await customerOrder(env.server, shop.id, itemId, 'Walt Waiting');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      await card(page, 'new-order', 'Tina Tablet').waitFor();

      // Below 1200 px the sidebar is a drawer: the board has the whole width until the menu button opens it.
      expect(await page.getByTestId('sidebar-drawer').count()).toBe(0);
      const board = await page.getByTestId('orders-dashboard').boundingBox();
      expect(board!.x).toBeLessThan(40);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('sidebar-drawer').getByRole('menuitem', { name: 'Order History' }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('sidebar-drawer').isVisible()).toBe(false);

      // Accept from the card: it moves to the orders in progress.
      await card(page, 'new-order', 'Tina Tablet').getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept order' });
      await dialog.getByRole('radio', { name: '15 minutes' }).check();
      expect(await smallButtons(dialog)).toEqual([]);
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await card(page, 'in-progress-order', 'Tina Tablet').waitFor();
      await expect.poll(() => card(page, 'new-order', 'Tina Tablet').count()).toBe(0);
      expect(await card(page, 'in-progress-order', 'Tina Tablet').textContent()).toContain('ETA 15 minutes');

      await settled(page);
      expect(await smallButtons(page.getByTestId('orders-dashboard'))).toEqual([]);
      await audit(page, 'counter board');
      await screenshots(page, 'board');
      await page.setViewportSize(TABLET);

      // Full screen: only the board; Escape brings the console back.
      await page.getByRole('button', { name: 'Full screen' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).isVisible()).toBe(false);
      await screenshots(page, 'board-full-screen');
      await page.setViewportSize(TABLET);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).waitFor();

      // Complete in one tap.
      await card(page, 'in-progress-order', 'Tina Tablet').getByRole('button', { name: 'Complete' }).click();
      await expect.poll(() => card(page, 'in-progress-order', 'Tina Tablet').count()).toBe(0);

      // The order page: 44 px buttons, Print, and the ticket view.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${tina.id}`);
      await page.getByTestId('order-detail').waitFor();
      expect(await smallButtons(page.getByTestId('order-detail'))).toEqual([]);
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await screenshots(page, 'order-page');
      await page.setViewportSize(TABLET);

      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${tina.id}/ticket`);
      const ticket = page.getByTestId('ticket');
      await ticket.waitFor();
      await audit(page, 'ticket view');
      await page.emulateMedia({ media: 'print' });
      const text = await ticket.textContent();
      for (const part of ['Counter Cafe', 'Pickup', 'Tina Tablet', '2 × Flat White', 'Total', '$9.00', 'In-Store'])
        expect(text, part).toContain(part);
      // Printed: the ticket alone, 80 mm paper wide, without the console around it.
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      const width = (await ticket.boundingBox())!.width;
      expect(width).toBeGreaterThan(270);
      expect(width).toBeLessThan(300);
      await screenshots(page, 'ticket-print');
      await page.emulateMedia({ media: 'screen' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
