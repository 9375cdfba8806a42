import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { TransactionReportPage } from '../../../resources/reports/TransactionReportPage';
import type { ReconciledPayout } from '../../../resources/reports/types';
import { sales, shop } from './fixtures';

/** The transaction report: the week first, its totals with the tax the country has, a row per day, and payouts matched to orders. */
const payout: ReconciledPayout = {
  id: 'po_1',
  arrivalDate: '2026-11-26',
  amount: 110,
  currency: 'aud',
  status: 'paid',
  orders: [{ orderId: 'order-1', number: 17, placedAt: '2026-11-23T01:00:00Z', amount: 110, fee: 2.7, net: 107.3 }],
  ordersNet: 107.3,
  difference: 2.7,
};

function renderPage(api: Record<string, (...args: never[]) => Promise<unknown>>) {
  renderInShop(<TransactionReportPage />, { shop, dataProvider: { ...testDataProvider(), ...api } as DataProvider });
}

afterEach(cleanup);

describe('the transaction report', () => {
  it('opens on the week, with the GST included, a row per day with sales, and each payout’s orders and difference', async () => {
    const transactionReportSummary = vi.fn(async (..._a: unknown[]) => sales);
    const reportPayouts = vi.fn(async (..._a: unknown[]) => [payout]);
    renderPage({ transactionReportSummary, reportPayouts });
    await screen.findByTestId('tile-sales', undefined, { timeout: 5000 });
    expect(transactionReportSummary).toHaveBeenCalledWith('shop-1', { range: 'WEEK' });
    expect(screen.getByTestId('tile-sales-value').textContent).toBe('$110.00');
    expect(screen.getByTestId('tile-tax').textContent).toBe('GST included$10.00');
    expect(screen.getByTestId('tile-card-fees-value').textContent).toBe('$1.90');
    expect(screen.getByTestId('tile-transaction-fees-value').textContent).toBe('$0.80');
    expect(screen.getByTestId('tile-net-payout-value').textContent).toBe('$107.30');
    // Days without any money are left out.
    expect(screen.getAllByTestId('sales-day')).toHaveLength(1);
    await waitFor(() => expect(reportPayouts).toHaveBeenCalledWith('shop-1', '2026-11-23', '2026-11-29'));
    const row = await screen.findByTestId('payout');
    expect(within(row).getByTestId('payout-difference').textContent).toBe('Difference $2.70');
    fireEvent.click(within(row).getByRole('button'));
    const link = await within(row).findByRole('link');
    expect(link.getAttribute('href')).toBe('/shops/shop-1/orders/order-1');
    expect(link.textContent).toContain('#17');
  });

  it('says sales tax is not included for a US shop', async () => {
    renderPage({
      transactionReportSummary: async () => ({ ...sales, gst: null, taxLabel: 'Sales tax not included' }),
      reportPayouts: async () => [],
    });
    expect((await screen.findByTestId('tile-tax-value', undefined, { timeout: 5000 })).textContent).toBe('Sales tax not included');
    expect(await screen.findByTestId('payouts-empty')).toBeTruthy();
  });

  it('says payouts come once a payment account is connected, rather than an error', async () => {
    renderPage({
      transactionReportSummary: async () => sales,
      reportPayouts: async () =>
        Promise.reject(
          new HttpError('Cannot find connected account. Contact support', 404, {
            message: 'Cannot find connected account. Contact support',
            code: 'STRIPE_NOT_CONNECTED',
          }),
        ),
    });
    expect((await screen.findByTestId('payouts-not-connected', undefined, { timeout: 5000 })).textContent).toContain(
      'Payouts show here once the shop has connected a payment account.',
    );
    expect(screen.getByRole('link', { name: 'Payment account' }).getAttribute('href')).toBe('/shops/shop-1/payments/stripe');
  });

  it('says so when the range has no sales', async () => {
    renderPage({
      transactionReportSummary: async () => ({ ...sales, total: 0, gst: 0, creditCardFees: 0, transactionFees: 0, netPayout: 0, days: [] }),
      reportPayouts: async () => [],
    });
    expect(
      await screen.findByText('No sales in this range. Choose another range to see its transactions.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
