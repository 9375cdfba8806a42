import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { HistoryPage } from '../../../resources/orders/HistoryPage';
import { historyCsvPath, type HistoryFilter } from '../../../resources/orders/historyFilter';
import type { ApiOrder } from '../../../domain/orderView';
import type { Shop } from '../../../domain/shop';
import { renderInShop } from '../../helpers/renderInShop';

/** Order History: numbers on every row, search, the three filters, the totals above the list, CSV and the empty states. */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

function order(number: number, over: Partial<ApiOrder> = {}): ApiOrder {
  return {
    id: `o-${number}`,
    number,
    shopId: shop.id,
    status: 'OK',
    message: null,
    orderStatusRestaurant: 'NEW',
    paymentStatus: 'UNPAID',
    mobile: '+61400000001',
    customerName: `Guest ${number}`,
    collectionType: 'PICKUP',
    collectionTime: null,
    paymentType: 'CASH',
    placedAt: '2026-11-25T00:30:00.000Z',
    previousOrderCount: 0,
    applicationFee: 0,
    grandTotal: 10,
    eta: null,
    rejectReason: null,
    acknowledgedAt: null,
    acceptedAt: null,
    completedAt: null,
    stage: 'placed',
    markedReadyAt: null,
    kitchenAt: null,
    scheduled: false,
    cart: {
      currency: 'AUD',
      items: [],
      collectionName: null,
      customerName: `Guest ${number}`,
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
      deliveryAddress: null,
      subtotal: 10,
      deliveryCharges: 0,
      discount: 0,
      loyaltyDiscount: 0,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: 10,
      coupon: null,
      comments: null,
    },
    actions: [],
    ...over,
  };
}

/** The orders API over a list: getList and the totals filter as the server does (q by number or name here). */
function fakeOrdersApi(orders: ApiOrder[]) {
  const lists: Record<string, unknown>[] = [];
  const exports: HistoryFilter[] = [];
  const matches = (f: Record<string, string>) => (o: ApiOrder) =>
    (!f.placedAt_gte || o.placedAt >= f.placedAt_gte) &&
    (!f.placedAt_lte || o.placedAt <= f.placedAt_lte) &&
    (!f.orderStatusRestaurant || o.orderStatusRestaurant === f.orderStatusRestaurant) &&
    (!f.paymentType || o.paymentType === f.paymentType) &&
    (!f.collectionType || o.collectionType === f.collectionType) &&
    (!f.q || `#${o.number}` === f.q || String(o.number) === f.q || o.customerName.toLowerCase().includes(f.q.toLowerCase()));
  const dataProvider = {
    ...testDataProvider(),
    getList: async (_resource: string, params: { filter: Record<string, string> }) => {
      lists.push(params.filter);
      const rows = orders.filter(matches(params.filter));
      return { data: rows, total: rows.length };
    },
    getOrderTotals: async (_shopId: string, filter: Record<string, string>) => {
      const rows = orders.filter(matches(filter));
      return { orders: rows.length, gross: rows.reduce((sum, o) => sum + o.grandTotal, 0) };
    },
    exportOrders: async (_shopId: string, filter: HistoryFilter) => {
      exports.push(filter);
    },
  };
  return { dataProvider, lists, exports, lastList: () => lists.filter((f) => Object.keys(f).length).at(-1) };
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
const numbers = () => screen.getAllByTestId('history-number').map((n) => n.textContent);
const totalsLine = () => screen.getByTestId('history-totals').textContent;

describe('Order History', { timeout: 60_000 }, () => {
  /** Noon on 25 Nov 2026 in Sydney, three orders today, the page open on Today. */
  async function openHistory() {
    vi.useFakeTimers({ now: new Date('2026-11-25T01:00:00.000Z'), toFake: ['Date'] });
    const api = fakeOrdersApi([
      order(1001, { customerName: 'Cathy Customer', grandTotal: 9 }),
      order(1002, { customerName: 'Dan Card', paymentType: 'CREDIT_CARD', orderStatusRestaurant: 'ACCEPTED', grandTotal: 12.5 }),
      order(1003, { customerName: 'Eve Delivery', collectionType: 'DELIVERY', grandTotal: 20 }),
    ]);
    renderInShop(<HistoryPage />, { shop, dataProvider: api.dataProvider as never });
    await screen.findByRole('table', { name: 'Order History' });
    return api;
  }

  it('shows each order with its number and the totals of the range above the list', async () => {
    const api = await openHistory();
    expect(numbers()).toEqual(['#1001', '#1002', '#1003']);
    await waitFor(() => expect(totalsLine()).toBe('3 orders · $41.50'));
    expect(api.lastList()).toEqual({ placedAt_gte: '2026-11-24T13:00:00.000Z', placedAt_lte: '2026-11-25T12:59:59.999Z' });
  });

  it('searches by number once typing stops, and the totals follow', async () => {
    const api = await openHistory();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search number, name or phone' }), { target: { value: ' #1002 ' } });
    await waitFor(() => expect(api.lastList()).toMatchObject({ q: '#1002' }), { timeout: 3000 });
    await waitFor(() => expect(numbers()).toEqual(['#1002']));
    await waitFor(() => expect(totalsLine()).toBe('1 order · $12.50'));
  });

  it('narrows by status, payment and collection, and back to all', async () => {
    const api = await openHistory();
    await choose('Payment', 'Online');
    await waitFor(() => expect(numbers()).toEqual(['#1002']));
    expect(api.lastList()).toMatchObject({ paymentType: 'CREDIT_CARD' });
    await choose('Payment', 'All payments');
    await choose('Collection', 'Delivery');
    await waitFor(() => expect(numbers()).toEqual(['#1003']));
    expect(api.lastList()).toMatchObject({ collectionType: 'DELIVERY' });
    expect(api.lastList()).not.toHaveProperty('paymentType');
    await choose('Collection', 'All collections');
    await choose('Status', 'Accepted');
    await waitFor(() => expect(numbers()).toEqual(['#1002']));
    expect(api.lastList()).toMatchObject({ orderStatusRestaurant: 'ACCEPTED' });
  });

  it("asks for a custom month on the shop's clock, and keeps it when the picker is emptied", async () => {
    const api = await openHistory();
    await choose('Date range', 'Custom');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-12' } });
    // December in Sydney: from its midnight (13:00 UTC on 30 Nov, daylight saving) to the end of 31 Dec.
    await waitFor(() =>
      expect(api.lastList()).toEqual({ placedAt_gte: '2026-11-30T13:00:00.000Z', placedAt_lte: '2026-12-31T12:59:59.999Z' }),
    );
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '' } });
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('2026-12');
  });

  it("says 'No orders in this range' when the filter finds none, and 'No Orders Yet' for a shop without orders", async () => {
    const api = await openHistory();
    await choose('Status', 'Cancelled');
    expect(await screen.findByText('No orders in this range')).toBeTruthy();
    await waitFor(() => expect(totalsLine()).toBe('0 orders · $0.00'));
    expect(api.lists.some((f) => Object.keys(f).length === 0)).toBe(true);
    cleanup();
    renderInShop(<HistoryPage />, { shop, dataProvider: fakeOrdersApi([]).dataProvider as never });
    expect(await screen.findByText('No Orders Yet')).toBeTruthy();
  });

  it('says each status in the same word its filter uses, and each mobile as the shop country writes it', async () => {
    await openHistory();
    const rows = screen.getAllByTestId('history-row');
    expect(screen.getAllByTestId('history-status').map((c) => c.textContent)).toEqual(['New', 'Accepted', 'New']);
    expect(within(rows[0]!).getByText('Cathy Customer · 0400 000 001')).toBeTruthy();
    expect(screen.queryByText(/ACCEPTED|\+61400000001/)).toBeNull();
    await choose('Status', 'Accepted');
    await waitFor(() => expect(numbers()).toEqual(['#1002']));
  });

  it("downloads Order History's own CSV, not the Orders Report's", () => {
    const path = historyCsvPath('s1', { placedAt_gte: '2026-11-24T13:00:00.000Z', placedAt_lte: '2026-11-25T12:59:59.999Z' });
    expect(path).toMatch(/^\/reports\/shops\/s1\/history\.csv\?/);
  });

  it('exports the CSV of what the filter shows, saying so for 2 seconds', async () => {
    const api = await openHistory();
    await choose('Payment', 'In-Store');
    await waitFor(() => expect(numbers()).toEqual(['#1001', '#1003']));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = await screen.findByRole('button', { name: 'CSV download in progress' });
    expect(api.exports).toEqual([expect.objectContaining({ paymentType: 'CASH', placedAt_gte: '2026-11-24T13:00:00.000Z' })]);
    expect(within(busy).queryByText('Export CSV')).toBeNull();
    await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 4000 });
  });
});
