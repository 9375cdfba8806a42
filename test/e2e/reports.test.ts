import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, PHONE } from '../helpers/browser';
import { audit, TABLET } from '../helpers/audit';
import type { RunningServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';
import { customerOrder, onPath, orderingShop, signIn, useE2eEnvironment } from './steps';

const ORDERS_CSV_COLUMNS = [
  'Order Time',
  'Store',
  'Mobile',
  'Collection',
  'Payment',
  'Payment Status',
  'Delivery Charges',
  'Grand Total',
  'Coupon',
  'Previous Orders',
];
const SALES_CSV_COLUMNS = ['Order Date', 'Customer Info', 'Payment', 'Amount', 'Credit Card Fee', 'Transaction Fee'];

/**
 * The reports in Chromium against the real server: two orders placed through the customers' API and accepted (a third
 * left waiting) show on the orders report's tiles and chart, in its CSV (parsed, with the spec's columns) and on the
 * shop's home numbers; the transaction report and the Payments page open. axe on every screen; no sideways scroll at
 * 390, 820 and 1366 px.
 */
describe.skipIf(!hasChromium())('reports in Chromium', () => {
  const env = useE2eEnvironment();

  const accept = async (server: RunningServer, owner: TestUser, shopId: string, orderId: string) => {
    const res = await server.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${shopId}/orders/${orderId}/accept`,
      headers: owner.headers,
      payload: { eta: null },
    });
    expect(res.statusCode).toBe(200);
  };

  const noSidewaysScroll = async (page: Page, name: string) => {
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The sidebar and the tables change by media queries the page answers after the resize: measure once it has.
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await expect.poll(overflow, { message: `${name} is wider than a ${viewport.width}px window` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);
  };

  /** Clicks a CSV button and answers the file's rows, parsed as a spreadsheet would. */
  const downloadCsv = async (page: Page) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    await expect.poll(() => page.getByRole('button', { name: 'CSV download in progress' }).count()).toBe(1);
    const text = await readFile((await download.path())!, 'utf8');
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    // The flag resets by itself, 2 s after the file came.
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    return parsed.data;
  };

  it('shows accepted orders on the tiles, the chart, the CSV and the home page', async () => {
    const { owner, shop, itemId } = await orderingShop(env.server, 'Report Cafe');
    const first = await customerOrder(env.server, shop.id, itemId, 'Rita Report');
    const second = await customerOrder(env.server, shop.id, itemId, 'Sam Sales');
    await customerOrder(env.server, shop.id, itemId, 'Wendy Waiting');
    await accept(env.server, owner, shop.id, first.id);
    await accept(env.server, owner, shop.id, second.id);
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');

      // Orders Report, beside Order History in the sidebar: today's two accepted orders of 9.00; the waiting one is not counted.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/report`);
      await expect.poll(() => page.getByTestId('tile-orders-value').textContent(), { timeout: 15_000 }).toBe('2');
      expect(await page.getByTestId('tile-gross-value').textContent()).toBe('$18.00');
      expect(await page.getByTestId('tile-average-value').textContent()).toBe('$9.00');
      expect(await page.getByTestId('tile-net-value').textContent()).toBe('$18.00');
      expect(await page.getByTestId('split-payment-CASH').textContent()).toContain('$18.00');
      expect(await page.getByTestId('chart-days-summary').textContent()).toContain('with $18.00');
      expect(await page.getByTestId('chart-top-quantity-summary').textContent()).toBe('First Flat White with 4');
      expect(await page.locator('[data-testid="chart-days"] svg rect').count()).toBeGreaterThan(0);
      await audit(page, 'orders-report');
      await noSidewaysScroll(page, 'the orders report');

      const rows = await downloadCsv(page);
      expect(rows[0]).toEqual(ORDERS_CSV_COLUMNS);
      expect(rows).toHaveLength(3);
      expect(rows.slice(1).map((r) => r[ORDERS_CSV_COLUMNS.indexOf('Grand Total')])).toEqual(['9.00', '9.00']);
      expect(rows[1][ORDERS_CSV_COLUMNS.indexOf('Store')]).toBe('Report Cafe');

      // A range with no orders says so.
      await page.getByRole('combobox', { name: 'Range' }).click();
      await page.getByRole('option', { name: 'Last Month' }).click();
      await page.getByTestId('report-empty').waitFor();
      await audit(page, 'orders-report-empty');

      // The shop's home: today's figures, what waits.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/overview`);
      await expect.poll(() => page.getByTestId('today-sales-value').textContent(), { timeout: 15_000 }).toBe('$18.00');
      expect(await page.getByTestId('today-orders-value').textContent()).toBe('2');
      expect(await page.getByTestId('today-average-value').textContent()).toBe('$9.00');
      expect(await page.getByTestId('waiting-orders-value').textContent()).toBe('1');
      await audit(page, 'shop-overview');
      await noSidewaysScroll(page, 'the shop overview');
      await page.getByTestId('today-sales').click();
      await onPath(page, `/shops/${shop.id}/orders/report`);

      // Transaction Report: the week, with GST for an Australian shop, and its CSV.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/transactions`);
      await expect.poll(() => page.getByTestId('tile-sales-value').textContent(), { timeout: 15_000 }).toBe('$18.00');
      expect(await page.getByTestId('tile-tax').textContent()).toBe('GST included$1.64');
      await page.getByRole('heading', { name: 'Payouts reconciled' }).waitFor();
      // No payment account yet: nothing was paid out, and the page says where to connect one.
      await page.getByTestId('payouts-not-connected').waitFor();
      await audit(page, 'transaction-report');
      await noSidewaysScroll(page, 'the transaction report');
      const sales = await downloadCsv(page);
      expect(sales[0]).toEqual(SALES_CSV_COLUMNS);
      expect(sales).toHaveLength(3);

      // Payments: the set-up in one place.
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/payments/gateway`);
      await page.getByTestId('payments-connection').waitFor();
      expect(await page.getByTestId('payments-connection').textContent()).toBe('Not connected');
      await audit(page, 'payments');
      await noSidewaysScroll(page, 'the payments page');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
