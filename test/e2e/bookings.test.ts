import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, PHONE } from '../helpers/browser';
import { audit, TABLET } from '../helpers/audit';
import { smallButtons } from '../helpers/touch';
import { bookingSettings, setBookingSettings, shopDay } from '../helpers/bookings';
import type { RunningServer } from '../helpers/server';
import { onPath, orderingShop, signIn, useE2eEnvironment } from './steps';

/**
 * The table-bookings journey in Chromium against the real server: bookings made through the customers' API arrive
 * live on New Bookings and ring; one is accepted, one rejected with 'No Vacancy', one cancelled by the customer (shown
 * live as 'Customer Cancelled'); all three in Booking History with their states; the Table Booking tab on a tablet.
 */

/** What a customer's app does: POST a booking to the customers' API (no console login). */
async function customerBooks(server: RunningServer, shopId: string, body: Record<string, unknown>) {
  const res = await fetch(`${server.baseUrl}/api/storefront/shops/${shopId}/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; cancelToken: string };
}

/**
 * The page fits its window at phone, tablet and desktop width: nothing scrolls sideways once it has laid itself out
 * for the width (a table turns into cards a render after the resize).
 */
async function fitsEveryWidth(page: Page, name: string) {
  for (const { width } of [PHONE, TABLET, DESKTOP]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name} scrolls sideways at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

describe.skipIf(!hasChromium())('table bookings in Chromium', () => {
  const env = useE2eEnvironment();

  it('shows bookings live with the ring, accepts one, rejects one with No Vacancy, shows a customer cancelling, and lists all three in history', async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Table Talk Cafe');
    // Bookings taken at any time of day, every day.
    await setBookingSettings(ctx, shop.id, owner, bookingSettings({ dinner: { on: true, open: '00:00', duration: 24 } }));
    const date = shopDay(ctx, shop.timezone, 1);
    const dashboard = `${env.server.baseUrl}/shops/${shop.id}/bookings/dashboard`;
    const board = (page: Page) => page.getByTestId('bookings-dashboard');
    const rings = async (page: Page) => Number(await board(page).getAttribute('data-rings'));
    const card = (page: Page, name: string) => page.getByRole('article', { name });
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(dashboard);
      await page.getByText('No Table Bookings Yet').waitFor();
      await audit(page, 'bookings-dashboard-empty');
      await page.getByRole('button', { name: 'Start taking bookings' }).click();
      await expect.poll(() => board(page).getAttribute('data-audio-state')).toBe('running');

      // A booking arrives live and rings, with its count in the sidebar and the tab title.
      await customerBooks(env.server, shop.id, {
        name: 'Rita Ring',
        phone: '0412 345 671',
        pax: 4,
        date,
        time: '19:00',
        specialRequest: 'Window seat if possible',
      });
      await card(page, 'Rita Ring').waitFor();
      await expect.poll(() => rings(page)).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.title()).toMatch(/^\(1\) New Bookings · Table Talk Cafe/);
      await expect.poll(() => page.getByTestId('new-bookings-count').textContent()).toBe('1');
      expect(await card(page, 'Rita Ring').textContent()).toContain('Window seat if possible');
      expect(
        await card(page, 'Rita Ring')
          .getByRole('link', { name: /^Call Rita Ring on 0412 345 671$/ })
          .getAttribute('href'),
      ).toBe('tel:+61412345671');
      await audit(page, 'bookings-dashboard-ringing');
      await fitsEveryWidth(page, 'New Bookings');
      // Used with a finger at the counter: every button is at least 44 px.
      expect(await smallButtons(board(page))).toEqual([]);

      await card(page, 'Rita Ring').getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Booking accepted').first().waitFor();
      await page.getByText('No Table Bookings Yet').waitFor();
      await expect.poll(() => board(page).getAttribute('data-ringing')).toBe('false');

      // Another: rejected with 'No Vacancy'.
      await customerBooks(env.server, shop.id, { name: 'Nick Novacancy', phone: '0412 345 672', pax: 2, date, time: '20:00' });
      await card(page, 'Nick Novacancy').getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject booking: Nick Novacancy' });
      await dialog.getByRole('radio', { name: 'No Vacancy' }).check();
      await audit(page, 'bookings-reject-dialog');
      expect(await smallButtons(dialog)).toEqual([]);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Booking rejected').first().waitFor();
      await expect.poll(() => card(page, 'Nick Novacancy').count()).toBe(0);

      // A third: the customer cancels it while it waits, and the board says so live.
      const cathy = await customerBooks(env.server, shop.id, { name: 'Cathy Cancel', phone: '0412 345 673', pax: 6, date, time: '18:30' });
      await card(page, 'Cathy Cancel').waitFor();
      const cancel = await fetch(`${env.server.baseUrl}/api/storefront/shops/${shop.id}/bookings/${cathy.id}/cancel`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cancelToken: cathy.cancelToken }),
      });
      expect(cancel.status).toBe(200);
      await expect.poll(() => card(page, 'Cathy Cancel').getByTestId('booking-status').textContent()).toBe('Customer Cancelled');
      await page.getByText('The customer cancelled this booking.').waitFor();
      await expect.poll(() => page.getByTestId('new-bookings-count').count()).toBe(0);
      await audit(page, 'bookings-dashboard-cancelled');

      // History: the month of the bookings, latest first, each with its state.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/bookings/history`);
      await page.getByRole('combobox', { name: 'Date range' }).click();
      await page.getByRole('option', { name: 'Custom' }).click();
      await page.getByLabel('Month').fill(date.slice(0, 7));
      const row = (name: string) => page.getByTestId('booking-row').filter({ hasText: name });
      await expect.poll(() => page.getByTestId('booking-row').count()).toBe(3);
      expect(await row('Nick Novacancy').getByTestId('booking-status').textContent()).toBe('Rejected: No Vacancy');
      expect(await row('Rita Ring').getByTestId('booking-status').textContent()).toBe('Accepted');
      expect(await row('Cathy Cancel').getByTestId('booking-status').textContent()).toBe('Customer Cancelled');
      const order = await page.getByTestId('booking-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      expect(order.map((t) => ['Nick Novacancy', 'Rita Ring', 'Cathy Cancel'].find((n) => t.includes(n)))).toEqual([
        'Nick Novacancy',
        'Rita Ring',
        'Cathy Cancel',
      ]);
      await audit(page, 'bookings-history');
      await fitsEveryWidth(page, 'Booking History');

      // Search by phone narrows it to one.
      await page.getByRole('searchbox', { name: 'Search name or phone' }).fill('345673');
      await expect.poll(() => page.getByTestId('booking-row').count()).toBe(1);
      expect(await page.getByTestId('booking-row').textContent()).toContain('Cathy Cancel');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('stops a booking ringing on every board once it is acknowledged on one', async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Two Tablets Cafe');
    await setBookingSettings(ctx, shop.id, owner, bookingSettings({ dinner: { on: true, open: '00:00', duration: 24 } }));
    const date = shopDay(ctx, shop.timezone, 1);
    const dashboard = `${env.server.baseUrl}/shops/${shop.id}/bookings/dashboard`;
    const board = (page: Page) => page.getByTestId('bookings-dashboard');
    const card = (page: Page, name: string) => page.getByRole('article', { name });
    const first = await newPage(env.browser, DESKTOP);
    const second = await newPage(env.browser, TABLET);
    try {
      for (const { page } of [first, second]) {
        await signIn(page, env.server, owner.email);
        await onPath(page, '/');
        await page.goto(dashboard);
        await page.getByText('No Table Bookings Yet').waitFor();
      }
      await customerBooks(env.server, shop.id, { name: 'Ada Acknowledge', phone: '0412 345 674', pax: 2, date, time: '19:30' });
      for (const { page } of [first, second]) {
        await card(page, 'Ada Acknowledge').waitFor();
        await expect.poll(() => board(page).getAttribute('data-ringing')).toBe('true');
      }
      await card(first.page, 'Ada Acknowledge').getByRole('button', { name: 'Acknowledge', exact: true }).click();
      // The other tablet hears it over the stream: no ring, the card still waiting for an answer.
      for (const { page } of [first, second]) {
        await expect.poll(() => board(page).getAttribute('data-ringing')).toBe('false');
        await expect.poll(() => card(page, 'Ada Acknowledge').getByRole('button', { name: 'Acknowledge', exact: true }).count()).toBe(0);
        expect(await card(page, 'Ada Acknowledge').getByRole('button', { name: 'Accept' }).count()).toBe(1);
      }
      await audit(second.page, 'bookings-dashboard-acknowledged-elsewhere');
      expect([...first.errors, ...second.errors]).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('lays out the Table Booking tab so all three sessions of a day fit a tablet, every input labelled', async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Tablet Tables Cafe');
    await setBookingSettings(ctx, shop.id, owner, bookingSettings({ lunch: { on: true, capacity: 30 } }));
    const { context, page, errors } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/settings?tab=booking`);
      const monday = page.getByRole('region', { name: 'Monday' });
      await monday.waitFor();
      for (const meal of ['Breakfast', 'Lunch', 'Dinner']) {
        const capacity = monday.getByRole('group', { name: `Monday ${meal}` }).getByRole('spinbutton', { name: 'Capacity' });
        const box = await capacity.boundingBox();
        expect(box, `Monday ${meal} capacity is laid out`).not.toBeNull();
        expect(box!.x + box!.width, `Monday ${meal} capacity fits the 820 px window`).toBeLessThanOrEqual(TABLET.width);
      }
      expect(await monday.getByRole('group', { name: 'Monday Lunch' }).getByRole('spinbutton', { name: 'Capacity' }).inputValue()).toBe(
        '30',
      );
      await fitsEveryWidth(page, 'Table Booking tab');
      await audit(page, 'settings-booking-sessions');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
