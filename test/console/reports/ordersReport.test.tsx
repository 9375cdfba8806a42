import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { OrdersReportPage } from '../../../resources/reports/OrdersReportPage';
import { emptySummary, shop, summary } from './fixtures';

/** The orders report: its tiles and splits in the shop's money, the range it asks for, and the empty range. */
function renderPage(api: Record<string, (...args: never[]) => Promise<unknown>>) {
  renderInShop(<OrdersReportPage />, { shop, dataProvider: { ...testDataProvider(), ...api } as DataProvider });
}

const value = (key: string) => screen.getByTestId(`tile-${key}-value`).textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the orders report', () => {
  it('shows every tile and both splits in the shop’s money', async () => {
    renderPage({ reportOrdersSummary: async () => summary });
    await screen.findByTestId('tile-orders', undefined, { timeout: 5000 });
    expect(value('orders')).toBe('3');
    expect(value('gross')).toBe('$1,234.50');
    expect(value('average')).toBe('$411.50');
    expect(value('delivery')).toBe('$10.00');
    expect(value('discounts')).toBe('$5.25');
    expect(value('loyalty')).toBe('$1.80');
    expect(value('surcharges')).toBe('$2.20');
    expect(value('refunds')).toBe('$20.00');
    expect(value('net')).toBe('$1,214.50');
    const inStore = screen.getByTestId('split-payment-CASH');
    expect(within(inStore).getByText('In-Store')).toBeTruthy();
    expect(within(inStore).getByText('$234.50')).toBeTruthy();
    expect(within(screen.getByTestId('split-payment-CREDIT_CARD')).getByText('Online')).toBeTruthy();
    expect(within(screen.getByTestId('split-collection-DELIVERY')).getByText('$100.00')).toBeTruthy();
    // The charts say in words what they draw.
    expect(screen.getByTestId('chart-hours-summary').textContent).toBe('Busiest hour 09:00 with 2 orders');
    expect(screen.getByTestId('chart-top-revenue-summary').textContent).toBe('First Banquet for Ten with $1,000.00');
    expect(screen.getByRole('table', { name: 'Top 10 items by quantity' })).toBeTruthy();
  });

  it('asks for today on the shop’s clock first, then the range chosen', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T02:00:00Z'), toFake: ['Date'] });
    const reportOrdersSummary = vi.fn(async (..._args: unknown[]) => summary);
    renderPage({ reportOrdersSummary });
    await screen.findByTestId('tile-orders', undefined, { timeout: 5000 });
    // 2 am UTC is 1 pm in Sydney (AEDT, +11): the shop's day runs from 13:00 UTC the day before; last week is Mon 16 to Sun 22.
    expect(reportOrdersSummary).toHaveBeenCalledWith('shop-1', '2026-11-24T13:00:00.000Z', '2026-11-25T12:59:59.999Z');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last Week' }));
    await waitFor(() =>
      expect(reportOrdersSummary).toHaveBeenLastCalledWith('shop-1', '2026-11-15T13:00:00.000Z', '2026-11-22T12:59:59.999Z'),
    );
  });

  it('takes a custom range of days, refusing one longer than 24 months', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T02:00:00Z'), toFake: ['Date'] });
    const reportOrdersSummary = vi.fn(async (..._args: unknown[]) => summary);
    renderPage({ reportOrdersSummary });
    await screen.findByTestId('tile-orders', undefined, { timeout: 5000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText(/^From\W*$/), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText(/^To\W*$/), { target: { value: '2026-01-01' } });
    expect(screen.getByText('The range can be at most 24 months')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^To\W*$/), { target: { value: '2025-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    // Sydney is on summer time (+11) on both days.
    await waitFor(() =>
      expect(reportOrdersSummary).toHaveBeenLastCalledWith('shop-1', '2023-12-31T13:00:00.000Z', '2025-12-31T12:59:59.999Z'),
    );
  });

  it('says so when the range has no accepted orders, rather than drawing empty charts', async () => {
    renderPage({ reportOrdersSummary: async () => emptySummary });
    expect(await screen.findByTestId('report-empty', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No accepted orders in this range. Choose another range to see its sales.')).toBeTruthy();
    expect(screen.queryByTestId('chart-days')).toBeNull();
    expect(value('gross')).toBe('$0.00');
  });
});
