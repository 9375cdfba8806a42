import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { createUser } from '../helpers/users';
import { bookingSettings, setBookingSettings, shopDay } from '../helpers/bookings';
import { customerOrder, onPath, orderingShop, signIn, uniqueEmail, useE2eEnvironment } from './steps';

/**
 * Alerts in Chromium against the real server and its SMTP receiver: the owner's own preferences are saved on the
 * alerts page and read back after a reload; the shop's new-order alert list is set there too; an order placed through
 * the customers' API then shows its alert mails in the order's log as Sent, and the mails arrive. axe on both screens.
 */
describe.skipIf(!hasChromium())('alerts in Chromium', () => {
  const env = useE2eEnvironment();

  it('saves my preferences and the shop alert list on the alerts page; a new order shows its alert mails as sent', async () => {
    const { owner, shop, itemId } = await orderingShop(env.server, 'Alert Bay Cafe');
    const kitchen = `kitchen-${shop.id.slice(0, 8)}@example.com`;
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/alerts`);
      const mine = page.getByTestId('my-alerts');
      await mine.getByRole('switch', { name: 'Each new booking' }).waitFor();
      await audit(page, 'alerts-page');

      // My own choices: no booking mails, the bell.
      await mine.getByRole('switch', { name: 'Each new booking' }).uncheck();
      await mine.getByRole('radio', { name: 'Bell' }).check();
      await mine.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved').first().waitFor();

      // The shop's alert list, for the ADMIN beside them.
      const lists = page.getByTestId('shop-alerts');
      await lists.getByLabel('New order alert emails').fill(kitchen);
      await lists.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => {
          const res = await env.server.ctx.app.inject({ url: `/api/shops/${shop.id}/settings/order`, headers: owner.headers });
          return res.json().newOrderAlertEmailsCsv;
        })
        .toBe(kitchen);

      await page.reload();
      await mine.getByRole('switch', { name: 'Each new booking' }).waitFor();
      expect(await mine.getByRole('switch', { name: 'Each new booking' }).isChecked()).toBe(false);
      expect(await mine.getByRole('switch', { name: 'Each new order' }).isChecked()).toBe(true);
      expect(await mine.getByRole('radio', { name: 'Bell' }).isChecked()).toBe(true);
      expect(await page.getByTestId('shop-alerts').getByLabel('New order alert emails').inputValue()).toBe(kitchen);

      // A customer orders: the kitchen's list and the owner (orderPlaced on) are mailed, and the order's log says so.
      const order = await customerOrder(env.server, shop.id, itemId, 'Ada Alert');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${order.id}`);
      const log = page.getByTestId('alert-log');
      const kitchenRow = log.getByTestId('alert-row').filter({ hasText: kitchen });
      await expect.poll(() => kitchenRow.getByTestId('alert-status').textContent(), { timeout: 30_000 }).toBe('Sent');
      await expect
        .poll(() => log.getByTestId('alert-row').filter({ hasText: owner.email }).getByTestId('alert-status').textContent(), {
          timeout: 30_000,
        })
        .toBe('Sent');
      await env.server.ctx.mail.waitFor(kitchen);
      await audit(page, 'order-alert-log');

      // The alerts page lists them among the shop's last alerts.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/alerts`);
      await page.getByTestId('recent-alerts').getByTestId('recent-alert').filter({ hasText: kitchen }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows a booking's alert mails from its card, and the platform's failed mails to a super admin", async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Booking Bell Cafe');
    await setBookingSettings(ctx, shop.id, owner, bookingSettings({ dinner: { on: true, open: '00:00', duration: 24 } }));
    const booked = await fetch(`${env.server.baseUrl}/api/storefront/shops/${shop.id}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bella Booker', phone: '0412 345 672', pax: 2, date: shopDay(ctx, shop.timezone, 1), time: '19:00' }),
    });
    expect(booked.status).toBe(201);
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/bookings/dashboard`);
      await page.getByRole('article', { name: 'Bella Booker' }).getByRole('button', { name: 'Alert mails for Bella Booker' }).click();
      const dialog = page.getByRole('dialog');
      const row = dialog.getByTestId('alert-row').filter({ hasText: owner.email });
      await expect.poll(() => row.getByTestId('alert-status').textContent(), { timeout: 30_000 }).toBe('Sent');
      expect(await row.textContent()).toContain('New booking');
      await audit(page, 'booking-alert-log');
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const admin = await createUser(ctx, { email: uniqueEmail('platform'), superAdmin: true });
    const platform = await newPage(env.browser, DESKTOP);
    try {
      await signIn(platform.page, env.server, admin.email);
      await onPath(platform.page, '/');
      await platform.page.goto(`${env.server.baseUrl}/platform/failed_mails`);
      await platform.page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Super Admin').waitFor();
      await platform.page.getByRole('heading', { name: 'Failed mails' }).waitFor();
      await platform.page.getByText('No failed mails.').waitFor();
      await audit(platform.page, 'failed-mails');
      expect(platform.errors).toEqual([]);
    } finally {
      await platform.context.close();
    }
  });
});
