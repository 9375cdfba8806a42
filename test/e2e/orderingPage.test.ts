import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, PHONE } from '../helpers/browser';
import { audit, TABLET } from '../helpers/audit';
import { createUser, type TestUser } from '../helpers/users';
import { orderingShop, type OrderingShop } from '../helpers/orderingShop';
import type { RunningServer } from '../helpers/server';
import { onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/*
 * The customers' ordering page on a phone (390 px): from the shop's short link, a half-and-half pizza and a latte go in
 * the cart, a coupon and a later pickup time are chosen, the test card pays and the status page shows the order; a
 * declined card keeps the cart and says why; a double-tapped Place order makes one order; the keyboard alone reaches
 * checkout. axe passes on the menu, the item sheet, checkout and the status page.
 */

async function scene(server: RunningServer, name: string): Promise<OrderingShop & { code: string; owner: TestUser }> {
  const owner = await createUser(server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
  const cafe = await orderingShop(server.ctx, owner, name, await uploadLogo(server, owner, { r: 180, g: 68, b: 31 }));
  // Later times on coming days too, whatever the hour in Sydney when the test runs.
  const checkout = (await server.ctx.app.inject({ url: `/api/shops/${cafe.shopId}/settings/checkout`, headers: owner.headers })).json();
  const saved = await server.ctx.app.inject({
    method: 'PUT',
    url: `/api/shops/${cafe.shopId}/settings/checkout`,
    headers: owner.headers,
    payload: { ...checkout, collectionTime: 'CUSTOM' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const link = await server.ctx.app.inject({ method: 'POST', url: `/api/shops/${cafe.shopId}/shortlink`, headers: owner.headers });
  return { ...cafe, owner, code: link.json().code };
}

const placedOrders = async (server: RunningServer, shopId: string) =>
  (await server.ctx.pool.query(`SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND status = 'OK'`, [shopId])).rows[0].n as number;

/** Opens an item's sheet from the menu and waits for its first price. */
async function openItem(page: Page, name: string) {
  await page.getByRole('button', { name: `Add ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await sheet.getByRole('button', { name: /^Add to order · / }).waitFor();
  return sheet;
}

async function toCheckout(page: Page) {
  await page.getByRole('button', { name: /^View order/ }).click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
}

async function fillCustomer(page: Page, name: string, mobile: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Mobile', { exact: true }).fill(mobile);
}

async function payByCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'Pay by card now' }).check();
  await page.getByText('Test mode: use 4242 4242 4242 4242').waitFor();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

describe.skipIf(!hasChromium())('the customers’ ordering page in Chromium at 390 px', () => {
  const env = useE2eEnvironment();

  it('orders a half-and-half pizza and a latte with a coupon, for later, paid by test card, to the status page', async () => {
    const cafe = await scene(env.server, 'Corner Cafe');
    const { context, page, errors } = await newPage(env.browser, PHONE);
    // The page the server rendered is the page React hydrates: no mismatch to recover from.
    const hydration: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat/i.test(m.text())) hydration.push(m.text());
    });
    try {
      // The short link sends the customer to the shop's page (on PUBLIC_URL, which the test server only learns once it
      // listens, so the redirect is followed here on the server's real address).
      const link = await fetch(`${env.server.baseUrl}/s/${cafe.code}`, { redirect: 'manual' });
      expect(link.status).toBe(302);
      const target = new URL(link.headers.get('location')!);
      expect(target.pathname).toBe(`/order/${cafe.shopId}`);
      await page.goto(`${env.server.baseUrl}${target.pathname}`);
      await page.getByRole('heading', { name: 'Corner Cafe', level: 1 }).waitFor();
      await page.getByText('Open now').waitFor();
      await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Pizza' }).waitFor();
      await audit(page, 'ordering-menu');

      const pizza = await openItem(page, 'Margherita');
      await pizza.getByRole('radio', { name: /^Large/ }).check();
      await pizza.getByRole('radio', { name: /^Half and half/ }).check();
      await pizza.getByLabel('Other half').selectOption({ label: 'Hawaiian' });
      await pizza
        .getByRole('group', { name: /Toppings on the Margherita half/ })
        .getByRole('checkbox', { name: /Olives/ })
        .check();
      // The price is the server's: Large $19 (the dearer half) + $1 half and half + half of $1.50 olives.
      await pizza.getByRole('button', { name: 'Add to order · $20.75' }).waitFor();
      await audit(page, 'ordering-item-sheet');
      await pizza.getByRole('button', { name: 'Add to order · $20.75' }).click();
      await pizza.waitFor({ state: 'hidden' });

      const latte = await openItem(page, 'Latte');
      await latte.getByRole('radio', { name: /^Oat/ }).check();
      await latte.getByRole('button', { name: 'Add to order · $5.30' }).click();
      await page.getByRole('button', { name: /^View order · 2 items/ }).waitFor();

      await toCheckout(page);
      expect(await page.getByText('Half Margherita + Olives').count()).toBeGreaterThan(0);
      await page.getByRole('radio', { name: 'Later' }).check();
      const slot = page.getByLabel('Time', { exact: true });
      const options = await slot.locator('option').allTextContents();
      expect(options.length).toBeGreaterThan(1);
      await slot.selectOption({ index: 1 });
      await fillCustomer(page, 'Cathy Customer', '0400 123 456');
      const email = uniqueEmail('cathy');
      await page.getByLabel('Email for a receipt (optional)').fill(email);
      await page.getByLabel('Coupon code').fill('save3');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Coupon SAVE3 applied: $3.00 off').waitFor();
      await payByCard(page, '4242 4242 4242 4242');
      // 20.75 + 5.30 - 3.00
      await page.getByRole('button', { name: 'Place order · $23.05' }).waitFor();
      await audit(page, 'ordering-checkout');
      await page.getByRole('button', { name: 'Place order · $23.05' }).click();

      await page.waitForURL(new RegExp(`/order/${cafe.shopId}/orders/[0-9a-f-]+`));
      await page.getByRole('heading', { name: /^Order #\d+$/ }).waitFor();
      await page.getByText('$23.05').first().waitFor();
      await audit(page, 'ordering-status');
      const number = (await page.getByRole('heading', { name: /^Order #\d+$/ }).textContent())!.replace('Order ', '');

      // A time later than the kitchen's prep time waits in Scheduled until then (which it is depends on the hour the
      // test runs at): the server's clock goes to that moment, as the kitchen's would, and the order reaches New Orders.
      const ctx = env.server.ctx;
      const held = await ctx.pool.query(`SELECT hold_until FROM orders WHERE shop_id = $1 AND status = 'OK'`, [cafe.shopId]);
      const holdUntil = held.rows[0]?.hold_until as Date | null;
      if (holdUntil) {
        ctx.clock.advance(holdUntil.getTime() - ctx.clock.now().getTime() + 60_000);
        await ctx.clock.settled();
      }

      // On the owner's board, in another browser, the order rings under the number the customer sees; the owner
      // accepts it with 15 minutes, and the customer's page says when it will be ready without being reloaded.
      const counter = await newPage(env.browser, TABLET);
      try {
        await signIn(counter.page, env.server, cafe.owner.email);
        await onPath(counter.page, '/');
        await counter.page.goto(`${env.server.baseUrl}/shops/${cafe.shopId}/orders/dashboard`);
        const card = counter.page.getByTestId('new-order').filter({ hasText: number });
        await card.waitFor();
        // A browser plays sound only after a tap on the page: the counter's first tap starts the ring.
        await counter.page.getByRole('button', { name: 'Start taking orders' }).click();
        await expect.poll(() => counter.page.getByTestId('orders-dashboard').getAttribute('data-ringing')).toBe('true');
        await card.getByRole('button', { name: 'Accept' }).click();
        const dialog = counter.page.getByRole('dialog', { name: 'Accept order' });
        expect(await dialog.getByTestId('dialog-order').textContent()).toBe(`${number} · Cathy Customer · $23.05`);
        await dialog.getByRole('radio', { name: '15 minutes' }).check();
        await dialog.getByRole('button', { name: 'Accept' }).click();
        await counter.page.getByTestId('in-progress-order').filter({ hasText: number }).waitFor();
        expect(counter.errors).toEqual([]);
      } finally {
        await counter.context.close();
      }
      await page.getByText(/^Ready at about /).waitFor();
      await page.getByText('Accepted: being prepared').waitFor();

      // The receipt went to the address given, with the number and the way back to this page.
      const receipt = await env.server.ctx.mail.waitFor(email, /Your order/);
      expect(receipt.text).toContain(number);
      expect(receipt.links.some((l) => l.includes(`/order/${cafe.shopId}/orders/`))).toBe(true);

      const { rows } = await env.server.ctx.pool.query(
        `SELECT payment_type, collection_time, cart FROM orders WHERE shop_id = $1 AND status = 'OK'`,
        [cafe.shopId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].payment_type).toBe('CREDIT_CARD');
      expect(rows[0].collection_time).not.toBeNull();
      expect(rows[0].cart.coupon).toBe('SAVE3');
      expect(errors).toEqual([]);
      expect(hydration).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the cart when the card is declined, and a double-tapped Place order places one order', async () => {
    const cafe = await scene(env.server, 'Double Tap Cafe');
    const { context, page, errors } = await newPage(env.browser, PHONE);
    try {
      await page.goto(`${env.server.baseUrl}/order/${cafe.shopId}`);
      const cake = await openItem(page, 'Carrot Cake');
      await cake.getByRole('button', { name: 'One more' }).click();
      await cake.getByRole('button', { name: 'Add to order · $11.00' }).click();
      await toCheckout(page);
      await fillCustomer(page, 'Dora Declined', '0400 222 333');
      await payByCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Place order · $11.00' }).click();
      await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/order/${cafe.shopId}/checkout`);
      await page.getByText('2 × Carrot Cake').waitFor();
      expect(await placedOrders(env.server, cafe.shopId)).toBe(0);

      // Sold out since it was priced: placing refuses, and the line says why.
      const soldOut = (v: boolean) =>
        env.server.ctx.app.inject({
          method: 'PUT',
          url: `/api/shops/${cafe.shopId}/items/${cafe.ids.cake}/availability`,
          headers: cafe.owner.headers,
          payload: { soldOut: v },
        });
      expect((await soldOut(true)).statusCode).toBe(200);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Place order · $11.00' }).click();
      await page.locator('.cart-line').getByRole('alert').filter({ hasText: 'Carrot Cake is sold out.' }).waitFor();
      expect(await placedOrders(env.server, cafe.shopId)).toBe(0);
      // The menu, opened meanwhile, shows the cake as sold out, with nothing to press.
      const menu = await context.newPage();
      await menu.goto(`${env.server.baseUrl}/order/${cafe.shopId}`);
      const goneCake = menu.locator('.item-card.sold-out').filter({ hasText: 'Carrot Cake' });
      await goneCake.getByText('Sold out', { exact: true }).waitFor();
      expect(await menu.getByRole('button', { name: 'Add Carrot Cake' }).count()).toBe(0);
      await audit(menu, 'ordering-menu-sold-out');
      await menu.close();
      expect((await soldOut(false)).statusCode).toBe(200);

      await page.getByRole('button', { name: 'Place order · $11.00' }).dblclick();
      await page.waitForURL(new RegExp(`/order/${cafe.shopId}/orders/`));
      await page.getByRole('heading', { name: /^Order #\d+$/ }).waitFor();
      expect(await placedOrders(env.server, cafe.shopId)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is used with the keyboard alone: an item added, the sheet closed with Escape, checkout reached', async () => {
    const cafe = await scene(env.server, 'Keyboard Cafe');
    const { context, page, errors } = await newPage(env.browser, PHONE);
    try {
      await page.goto(`${env.server.baseUrl}/order/${cafe.shopId}`);
      await page.getByRole('heading', { name: 'Keyboard Cafe', level: 1 }).waitFor();
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
      const tabTo = async (match: RegExp) => {
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('Tab');
          if (match.test(await focused())) return;
        }
        throw new Error(`Tab never reached ${match}`);
      };
      await tabTo(/^Add Carrot Cake$/);
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: 'Carrot Cake' });
      await sheet.waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      expect(await focused()).toBe('Add Carrot Cake');
      await page.keyboard.press('Enter');
      await sheet.getByRole('button', { name: /^Add to order · / }).waitFor();
      await tabTo(/^Add to order · /);
      await page.keyboard.press('Enter');
      await sheet.waitFor({ state: 'hidden' });
      await tabTo(/^View order/);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Your order' }).waitFor();
      await tabTo(/^Checkout$/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/order/${cafe.shopId}/checkout`);
      // Sent with nothing filled in: the first field in error has the focus, so the keyboard starts where to fix.
      await tabTo(/^Place order · /);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('name');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the order’s stage live from the status stream, and asks again when there is no stream', async () => {
    const cafe = await scene(env.server, 'Status Cafe');
    const { context, page, errors } = await newPage(env.browser, PHONE);
    const orderId = '00000000-0000-4000-8000-00000000abcd';
    const status = (stage: string, extra: object = {}) => ({
      id: orderId,
      number: 1042,
      status: 'OK',
      stage,
      placedAt: new Date().toISOString(),
      readyAt: null,
      rejectReason: null,
      payment: { type: 'CASH', outcome: 'pay_at_counter' },
      lines: [{ name: 'Carrot Cake', choices: '', quantity: 2, unitPrice: 5.5, total: 11 }],
      totals: { currency: 'AUD', subtotal: 11, discount: 0, loyaltyDiscount: 0, creditCardSurcharge: 0, deliveryCharges: 0, total: 11 },
      failureMessage: null,
      collectionType: 'PICKUP',
      collectionTime: null,
      customerName: 'Sam Status',
      shopName: 'Status Cafe',
      ...extra,
    });
    try {
      // The status API's contract, played by the browser: the stream sends one change, then is gone; the page then
      // asks the status call, which has moved on.
      let answer = status('accepted');
      await page.route(`**/api/storefront/shops/${cafe.shopId}/orders/${orderId}/events?token=secret`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: `retry: 3000\n\nevent: status\ndata: ${JSON.stringify(status('accepted'))}\n\n`,
        }),
      );
      await page.route(`**/api/storefront/shops/${cafe.shopId}/orders/${orderId}?token=secret`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(answer),
          headers: { ETag: `"${answer.stage}"` },
        }),
      );
      await page.goto(`${env.server.baseUrl}/order/${cafe.shopId}/orders/${orderId}?token=secret`);
      await page.getByRole('heading', { name: 'Order #1042' }).waitFor();
      await page.getByText('Accepted: being prepared').waitFor();
      await audit(page, 'ordering-status-live');
      answer = status('rejected', { rejectReason: 'Too Busy' });
      await page.getByText('The shop could not take your order').waitFor({ timeout: 20_000 });
      await page.getByText('Reason: Too Busy').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
