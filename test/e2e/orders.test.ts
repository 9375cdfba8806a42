import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildApp, CONSOLE_DIR } from '../../server/app';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { createUser } from '../helpers/users';
import { seedOrder } from '../helpers/orders';
import { customerOrder, onPath, orderingShop, signIn, uniqueEmail, useE2eEnvironment } from './steps';
import { audit } from '../helpers/audit';
import { addSeller, createShop } from '../helpers/shopWorld';

/**
 * The orders journey in Chromium against the real server: the New Orders board live (ring until
 * opened, offline banner across a server restart), accept with an ETA into history, and a card order rejected with
 * its refund banner (succeeded, and failed).
 */
describe.skipIf(!hasChromium())('orders journeys in Chromium', () => {
  const env = useE2eEnvironment();
  /** The server as restarted mid-test; stopped before the environment's own teardown (hooks run last-first). */
  let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
  afterAll(async () => {
    await restarted?.close();
  });

  const rings = async (page: Page) => Number(await page.getByTestId('orders-dashboard').getAttribute('data-rings'));

  it('shows a new order live and rings until it is opened, survives a server restart, accepts with 15 minutes into history', async () => {
    const { ctx } = env.server;
    const { owner, shop, itemId } = await orderingShop(env.server, 'Live Board Cafe');
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      await page.getByText('No Orders Yet').waitFor();
      await audit(page, 'empty dashboard');
      await page.getByRole('button', { name: 'Start taking orders' }).click();
      await expect.poll(() => page.getByTestId('orders-dashboard').getAttribute('data-audio-state')).toBe('running');

      const first = await customerOrder(env.server, shop.id, itemId, 'Rita Ring');
      await page.getByTestId('new-order').filter({ hasText: 'Rita Ring' }).waitFor();
      await expect.poll(() => rings(page)).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.title()).toMatch(/^\(1\) New Orders · Live Board Cafe/);
      await expect.poll(() => page.getByTestId('new-orders-count').textContent()).toBe('1');
      // Still ringing a few seconds later: nobody has opened it.
      const before = await rings(page);
      await expect.poll(() => rings(page), { timeout: 8000 }).toBeGreaterThan(before);
      await audit(page, 'orders-dashboard with an order');

      // The server restarts: the board says so, and an order placed meanwhile still arrives.
      await ctx.app.close();
      await page.getByText('Offline, reconnecting…').waitFor();
      // Placed through the same services while no HTTP server listens (another process would do this).
      const meanwhile = await seedOrder(ctx, shop.id, { customerName: 'Mona Meanwhile' });
      const port = Number(new URL(env.server.baseUrl).port);
      restarted = await buildApp({ services: ctx.services, serveConsole: true, consoleDir: CONSOLE_DIR });
      await restarted.listen({ host: '127.0.0.1', port });
      ctx.app = restarted;
      await page.getByTestId('new-order').filter({ hasText: 'Mona Meanwhile' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByText('Offline, reconnecting…').count()).toBe(0);
      expect(meanwhile.id).not.toBe(first.id);

      // Opening the order stops its ring; accept it with 15 minutes.
      await page.getByTestId('new-order').filter({ hasText: 'Rita Ring' }).getByRole('link').click();
      await page.getByTestId('order-detail').waitFor();
      await audit(page, 'orders-detail');
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('radio', { name: '15 minutes' }).check();
      await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Accepted');

      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      await page.getByTestId('new-order').filter({ hasText: 'Mona Meanwhile' }).waitFor();
      await expect.poll(() => page.getByTestId('new-order').filter({ hasText: 'Rita Ring' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Acknowledge all' }).click();
      await expect.poll(() => page.getByTestId('orders-dashboard').getAttribute('data-ringing')).toBe('false');

      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/history`);
      const row = page.getByTestId('history-row').filter({ hasText: 'Rita Ring' });
      await row.waitFor();
      expect(await row.textContent()).toContain('15 minutes');
      await audit(page, 'orders-history');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the ring switch per user at the shop: off on one tablet is off on the next, and a colleague on the same tablet keeps theirs', async () => {
    const { ctx } = env.server;
    const { owner, shop, itemId } = await orderingShop(env.server, 'Quiet Corner Cafe');
    const colleague = await createUser(ctx, { email: uniqueEmail('staff'), name: 'Sam Staff' });
    await addSeller(ctx, shop.id, colleague, 'USER');
    const dashboard = `${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`;
    const ringSwitch = (page: Page) => page.getByRole('switch', { name: 'Ring for new orders' });
    const first = await newPage(env.browser, DESKTOP);
    const second = await newPage(env.browser, DESKTOP);
    try {
      // Tablet one: the owner turns the ring off; the change is saved on the server.
      await signIn(first.page, env.server, owner.email);
      await onPath(first.page, '/');
      await first.page.goto(dashboard);
      await first.page.getByText('No Orders Yet').waitFor();
      await expect.poll(() => ringSwitch(first.page).isChecked()).toBe(true);
      const saved = first.page.waitForResponse(
        (r) => r.url().endsWith(`/api/shops/${shop.id}/preferences`) && r.request().method() === 'PUT',
      );
      await ringSwitch(first.page).click();
      expect((await saved).status()).toBe(200);
      expect(await ringSwitch(first.page).isChecked()).toBe(false);

      // Tablet two, never used by the owner: off too, and a new order does not ring there.
      await signIn(second.page, env.server, owner.email);
      await onPath(second.page, '/');
      await second.page.goto(dashboard);
      await second.page.getByText('No Orders Yet').waitFor();
      await expect.poll(() => ringSwitch(second.page).isChecked()).toBe(false);
      await second.page.getByRole('button', { name: 'Start taking orders' }).click();
      await expect.poll(() => second.page.getByTestId('orders-dashboard').getAttribute('data-audio-state')).toBe('running');
      await second.page.getByText('Sound is off. New orders will not ring.').waitFor();
      expect(await second.page.getByRole('button', { name: 'Test sound' }).isDisabled()).toBe(true);
      await customerOrder(env.server, shop.id, itemId, 'Quinn Quiet');
      await second.page.getByTestId('new-order').filter({ hasText: 'Quinn Quiet' }).waitFor();
      expect(await second.page.getByTestId('orders-dashboard').getAttribute('data-ringing')).toBe('false');
      expect(await rings(second.page)).toBe(0);
      await audit(second.page, 'dashboard with the sound off');

      // The colleague signs in on tablet one after the owner: their ring is on, and it rings.
      await first.page.goto(`${env.server.baseUrl}/`);
      await first.page.getByRole('button', { name: 'Logout' }).click();
      await onPath(first.page, '/login');
      await signIn(first.page, env.server, colleague.email);
      await onPath(first.page, '/');
      await first.page.goto(dashboard);
      await first.page.getByTestId('new-order').filter({ hasText: 'Quinn Quiet' }).waitFor();
      await expect.poll(() => ringSwitch(first.page).isChecked()).toBe(true);
      await first.page.getByRole('button', { name: 'Start taking orders' }).click();
      await expect.poll(() => rings(first.page)).toBeGreaterThanOrEqual(1);
      // Still off for the owner.
      const owners = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}/preferences`, headers: owner.headers });
      expect(owners.json()).toMatchObject({ soundOn: false });
      expect([...first.errors, ...second.errors]).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  /** Searches wait for typing to stop (half a second) and then the server, on a busy machine. */
  const WAIT = { timeout: 15_000 };

  it('finds an order in history by its number, narrows by payment, and opens it under its number', async () => {
    const { ctx } = env.server;
    const owner = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const shop = await createShop(ctx, owner, { name: 'Numbered Cafe' });
    const cash = await seedOrder(ctx, shop.id, { customerName: 'Nora Number' });
    const card = await seedOrder(ctx, shop.id, { card: 'tok_visa', customerName: 'Carla Card' });
    await seedOrder(ctx, shop.id, { customerName: 'Otto Other' });
    expect([cash.number, card.number]).toEqual([1001, 1002]);
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/history`);
      await page.getByTestId('history-row').first().waitFor();
      await expect.poll(() => page.getByTestId('history-row').count(), WAIT).toBe(3);
      await expect.poll(() => page.getByTestId('history-totals').textContent(), WAIT).toMatch(/^3 orders · /);
      await audit(page, 'orders-history-search');

      await page.getByRole('searchbox', { name: 'Search number, name or phone' }).fill('#1001');
      await expect.poll(() => page.getByTestId('history-number').allTextContents(), WAIT).toEqual(['#1001']);
      await page.getByRole('searchbox', { name: 'Search number, name or phone' }).fill('');
      await page.getByRole('combobox', { name: 'Payment' }).click();
      await page.getByRole('option', { name: 'Online' }).click();
      await expect.poll(() => page.getByTestId('history-number').allTextContents(), WAIT).toEqual(['#1002']);
      await expect.poll(() => page.getByTestId('history-totals').textContent(), WAIT).toMatch(/^1 order · /);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Cancelled' }).click();
      await page.getByText('No orders in this range').waitFor();

      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${card.id}`);
      await expect.poll(() => page.getByTestId('order-number').textContent(), WAIT).toBe('#1002');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('rejects a card order with its refund banner, asks to contact support when the refund fails, and lets an ADMIN retry it', async () => {
    const { ctx } = env.server;
    const owner = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const shop = await createShop(ctx, owner, { name: 'Refund Cafe' });
    const paid = await seedOrder(ctx, shop.id, { card: 'tok_visa', customerName: 'Carl Card' });
    const failing = await seedOrder(ctx, shop.id, { card: 'tok_refundFail', customerName: 'Fay Fail' });
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      for (const [order, banner] of [
        [paid, 'This order was declined and the payment was successfully refunded.'],
        [failing, 'This order was declined but the refund failed. Please contact support to refund the customer.'],
      ] as const) {
        await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${order.id}`);
        await page.getByRole('button', { name: 'Reject' }).click();
        await page.getByRole('dialog').getByLabel('Reason').click();
        await page.getByRole('option', { name: 'Too Busy' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
        await expect.poll(() => page.getByTestId('order-banner').textContent()).toContain(banner);
      }
      // The owner (an ADMIN) retries the failed refund: the provider refuses again, and the order lists both attempts.
      await expect.poll(() => page.getByTestId('refund-attempt').count()).toBe(1);
      await page.getByRole('button', { name: 'Retry refund' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Retry refund' }).click();
      await page.getByText('The refund failed again: The refund could not be processed.').waitFor();
      await expect.poll(() => page.getByTestId('refund-attempt').count()).toBe(2);
      await audit(page, 'orders-refund-attempts');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/00000000-0000-4000-8000-000000000000`);
      await expect.poll(() => page.getByTestId('order-problem').textContent()).toBe('Cannot find order');
    } finally {
      await context.close();
    }
  });
});
