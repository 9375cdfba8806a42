import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { TodayCard } from '../../../resources/reports/TodayCard';
import { shop, today } from './fixtures';

/** The shop's home numbers: today against the same weekday last week, what is waiting, the week; each opens its page. */
afterEach(cleanup);

describe('the overview’s Today card', () => {
  it('shows today’s sales, orders and average beside last week’s, and what is waiting, each linking to its page', async () => {
    renderInShop(<TodayCard shopId={shop.id} />, {
      shop,
      dataProvider: { ...testDataProvider(), reportToday: async () => today } as DataProvider,
    });
    const sales = await screen.findByTestId('today-sales', undefined, { timeout: 5000 });
    expect(screen.getByTestId('today-sales-value').textContent).toBe('$45.00');
    expect(sales.textContent).toContain('+50% on last week ($30.00)');
    expect(sales.getAttribute('href')).toBe('/shops/shop-1/orders/report');
    expect(screen.getByTestId('today-orders').textContent).toContain('Same as last week (3)');
    expect(screen.getByTestId('today-orders').getAttribute('href')).toBe('/shops/shop-1/orders/history');
    expect(screen.getByTestId('today-average-value').textContent).toBe('$15.00');
    expect(screen.getByTestId('waiting-orders-value').textContent).toBe('2');
    expect(screen.getByTestId('waiting-orders').getAttribute('href')).toBe('/shops/shop-1/orders/dashboard');
    expect(screen.getByTestId('waiting-bookings-value').textContent).toBe('1');
    expect(screen.getByTestId('waiting-bookings').getAttribute('href')).toBe('/shops/shop-1/bookings/dashboard');
    expect(screen.getByTestId('week-summary').textContent).toBe('$65.00 from Mon, Nov 23rd 2026 to Wed, Nov 25th 2026');
    expect(screen.getByTestId('today-compared').textContent).toBe('Compared with the same day last week, in brackets.');
  });

  it('does not speak of brackets when last week had nothing to put in them', async () => {
    const quietLastWeek = { ...today, sameDayLastWeek: { sales: 0, orders: 0, average: 0 } };
    renderInShop(<TodayCard shopId={shop.id} />, {
      shop,
      dataProvider: { ...testDataProvider(), reportToday: async () => quietLastWeek } as DataProvider,
    });
    const sales = await screen.findByTestId('today-sales', undefined, { timeout: 5000 });
    expect(sales.textContent).not.toContain('(');
    expect(screen.queryByTestId('today-compared')).toBeNull();
    expect(document.body.textContent).not.toContain('brackets');
  });
});
