import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { RedeemedPage } from '../../../resources/loyalty/RedeemedPage';
import type { LoyaltySummary, RedeemedCard } from '../../../domain/loyaltyCard';
import type { Shop } from '../../../domain/shop';

/**
 * The redeemed loyalty cards page: the list with its stamped orders' links, the empty list, the program turned off,
 * and the range the page asks the server for (on the shop's clock, only once Submit is pressed).
 */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const on: LoyaltySummary = { enabled: true, count: 2, customersWithStamps: 5, fullCards: 1, owed: 1.8 };

const redeemed: RedeemedCard = {
  id: 'card-1',
  redeemedTime: '2026-11-23T01:30:00.000Z',
  mobile: '+61400000001',
  orderId: 'order-3',
  amount: 1.8,
  rewards: [
    { orderId: 'order-1', orderTime: '2026-11-20T22:00:00.000Z', grandTotal: 9, amount: 0.9 },
    { orderId: 'order-2', orderTime: '2026-11-21T22:00:00.000Z', grandTotal: 9, amount: 0.9 },
  ],
};

function renderPage(summary: LoyaltySummary, cards: RedeemedCard[]) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: cards, total: cards.length }));
  const dataProvider = { ...testDataProvider(), getList, getLoyaltySummary: async () => summary } as unknown as DataProvider;
  renderInShop(<RedeemedPage />, { shop, dataProvider });
  return { getList };
}

const lastFilter = (getList: ReturnType<typeof renderPage>['getList']) => getList.mock.calls.at(-1)?.[1].filter;

beforeEach(() => {
  // 2026-11-30 14:30 UTC is already Tuesday 1 December in Sydney.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T14:30:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RedeemedPage', () => {
  it('lists each redemption with when, who, the reward and its stamped orders linking to their order pages', async () => {
    const { getList } = renderPage(on, [redeemed]);
    const card = await screen.findByTestId('redemption', undefined, { timeout: 5000 });
    expect(within(card).getByText('Mon, Nov 23rd 12:30 pm')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '+61400000001' }).getAttribute('href')).toBe('tel:+61400000001');
    expect(within(card).getByTestId('redemption-amount').textContent).toBe('$1.80');
    expect(within(card).getByRole('link', { name: 'Taken off order' }).getAttribute('href')).toBe('/shops/shop-1/orders/order-3');
    const stamped = within(card).getAllByTestId('stamped-order');
    expect(stamped.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual([
      '/shops/shop-1/orders/order-1',
      '/shops/shop-1/orders/order-2',
    ]);
    expect(within(stamped[0]).getByRole('link').textContent).toBe('Order of Sat, Nov 21st 9:00 am');
    expect(stamped[0].textContent).toContain('Order total $9.00 · Worth $0.90');
    expect(getList).toHaveBeenCalledWith(
      'loyalty_cards/redeemed',
      expect.objectContaining({ sort: { field: 'redeemedTime', order: 'DESC' }, meta: { shopId: 'shop-1' } }),
    );
    expect(screen.queryByText('Sydney time')).toBeTruthy();
  });

  it('shows the program at a glance beside the list', async () => {
    renderPage(on, [redeemed]);
    const glance = await screen.findByTestId('loyalty-glance', undefined, { timeout: 5000 });
    expect(within(glance).getByRole('heading', { name: 'Program at a glance' })).toBeTruthy();
    expect(within(glance).getByTestId('glance-customersWithStamps').textContent).toBe('Customers holding stamps5');
    expect(within(glance).getByTestId('glance-fullCards').textContent).toBe('Cards full, reward waiting1');
    expect(within(glance).getByTestId('glance-owed').textContent).toBe('Rewards earned, not yet redeemed$1.80');
    expect(within(glance).getByTestId('glance-count').textContent).toBe('Stamps per card2');
  });

  it("says 'No Cards Redeeeed' when the range has none", async () => {
    renderPage({ ...on, customersWithStamps: 0, fullCards: 0, owed: 0 }, []);
    expect(await screen.findByText('No Cards Redeeeed', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('glance-owed').textContent).toContain('$0.00');
  });

  it("says 'Loyalty Not Enabled' with its hint and a link to the Loyalty Program tab, and asks for no list", async () => {
    const { getList } = renderPage({ ...on, enabled: false }, [redeemed]);
    expect(await screen.findByText('Loyalty Not Enabled', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Enable it under Settings > Loyalty Program.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Loyalty Program settings' }).getAttribute('href')).toBe(
      '/shops/shop-1/settings?tab=loyalty',
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it("asks for the shop's current month first, then for the submitted range on the shop's clock", async () => {
    const { getList } = renderPage(on, []);
    await screen.findByText('No Cards Redeeeed', undefined, { timeout: 5000 });
    // December in Sydney, though it is still November in UTC.
    expect(lastFilter(getList)).toEqual({ redeemedTime_gte: '2026-11-30T13:00:00.000Z', redeemedTime_lte: '2026-12-31T12:59:59.999Z' });
    expect((screen.getByLabelText(/^Month/) as HTMLInputElement).value).toBe('2026-12');

    fireEvent.change(screen.getByLabelText(/^Month/), { target: { value: '2026-02' } });
    // Nothing is asked until Submit.
    expect(lastFilter(getList)?.redeemedTime_gte).toBe('2026-11-30T13:00:00.000Z');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastFilter(getList)).toEqual({ redeemedTime_gte: '2026-01-31T13:00:00.000Z', redeemedTime_lte: '2026-02-28T12:59:59.999Z' }),
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Range' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Today', 'Yesterday', 'Week', 'Last Week', 'Month', 'Last Month', 'Pick a month']);
    fireEvent.click(screen.getByRole('option', { name: 'Last Month' }));
    expect(screen.queryByLabelText(/^Month/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(lastFilter(getList)).toEqual({ redeemedTime_gte: '2026-10-31T13:00:00.000Z', redeemedTime_lte: '2026-11-30T12:59:59.999Z' }),
    );
  });
});
