import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { DashboardPage } from '../../resources/orders/DashboardPage';
import type { ApiOrder } from '../../domain/orderView';
import { NOT_BUSY, type BusyState } from '../../domain/order';
import { boardOrder as order, kitchenAuth, orderShop as shop } from '../helpers/consoleOrders';
import { renderInShop } from '../helpers/renderInShop';
import { perWeekday } from '../../domain/weekdays';

/** The counter's board: accept and reject on the card, the ETA with busy minutes, the orders in progress, the open line. */

const on = (open: string, duration: number) => ({ open, duration, available: true });
const off = { open: '10:00', duration: 7, available: false };

function renderBoard({
  fresh = [],
  making = [],
  busy = NOT_BUSY,
  extra = {},
}: {
  fresh?: ApiOrder[];
  making?: ApiOrder[];
  busy?: BusyState;
  extra?: Record<string, unknown>;
}) {
  const lists: GetListParams[] = [];
  const dataProvider = {
    ...testDataProvider(),
    getList: async (_: string, params: GetListParams) => {
      lists.push(params);
      const data = params.filter.orderStatusRestaurant === 'NEW' ? fresh : making;
      return { data, total: data.length };
    },
    getBusy: async () => busy,
    getPreferences: async () => ({ orderSound: true }),
    eventStreamUrl: () => new Promise(() => undefined),
    getSetting: async () => perWeekday(() => ({ pickup: on('06:30', 8.5), pickupExt: off, delivery: off, deliveryExt: off })),
    boardClosures: async () => [],
    ...extra,
  } as unknown as DataProvider;
  renderInShop(<DashboardPage />, { shop, dataProvider, authProvider: kitchenAuth });
  return { lists };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the New Orders card', () => {
  it('accepts on the card with As Requested first when the customer gave a time, and rejects with a reason', async () => {
    const acceptOrder = vi.fn(async () => order('a', { orderStatusRestaurant: 'ACCEPTED', actions: ['reject', 'complete'] }));
    const rejectOrder = vi.fn(async () => order('b', { orderStatusRestaurant: 'DECLINED', actions: [] }));
    renderBoard({
      fresh: [order('a', { collectionTime: '2026-11-25T03:00:00Z' }), order('b')],
      extra: { acceptOrder, rejectOrder },
    });
    const card = (await screen.findByText('#1001 · Customer a')).closest('[data-testid="new-order"]') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Open order of Customer a' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order' });
    // The dialog names the order it acts on, as the card does, with its total.
    expect(within(dialog).getByTestId('dialog-order').textContent).toMatch(/^#1001 · Customer a · \$\d+\.\d\d$/);
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios[0].value).toBe('asRequested');
    expect(radios[0].checked).toBe(true);
    expect(within(dialog).getByLabelText(/^As Requested \(/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(acceptOrder).toHaveBeenCalledWith(shop.id, 'a', { asRequested: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The keyboard stays on the board: the next waiting order has the focus, not the top of the page.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Open order of Customer b'));

    const other = screen.getByText('#1001 · Customer b').closest('[data-testid="new-order"]') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject order' });
    expect(within(reject).getByTestId('dialog-order').textContent).toMatch(/^#1001 · Customer b · /);
    // No reason is chosen for the owner, so nothing can be sent before one is.
    expect((within(reject).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(within(reject).getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Too Busy' }));
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(rejectOrder).toHaveBeenCalledWith(shop.id, 'b', 'Too Busy'));
  });

  it('shows the minutes busy mode adds and the resulting ETA before accepting: 15 + 10 is 25 min', async () => {
    const acceptOrder = vi.fn(async () => order('a', { orderStatusRestaurant: 'ACCEPTED', actions: ['reject', 'complete'] }));
    renderBoard({
      fresh: [order('a')],
      busy: { ...NOT_BUSY, extraMinutes: 10, extraUntil: '2026-11-25T02:00:00Z' },
      extra: { acceptOrder },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept order' });
    expect((within(dialog).getByRole('radio', { name: '15 minutes' }) as HTMLInputElement).checked).toBe(true);
    expect((await within(dialog).findByTestId('eta-preview')).textContent).toBe('Busy mode adds 10 min: the customer is told ETA 25 min.');
    fireEvent.click(within(dialog).getByRole('radio', { name: '30 minutes' }));
    expect(within(dialog).getByTestId('eta-preview').textContent).toContain('ETA 40 min');
    // No ETA: nothing is added, nothing to preview.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No ETA' }));
    expect(within(dialog).queryByTestId('eta-preview')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: '15 minutes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    // The server adds the busy minutes itself: the call asks for the 15 chosen.
    await waitFor(() => expect(acceptOrder).toHaveBeenCalledWith(shop.id, 'a', { minutes: 15 }));
  });
});

describe('print on accept', () => {
  it('is a switch of this device: on, accepting an order prints its ticket through the browser', async () => {
    // What is on the page when the print dialog opens: the ticket, beside the app.
    let printed: string | null | undefined;
    const print = vi.fn(() => {
      printed = document.querySelector('.ticket-sheet [data-testid="ticket"]')?.textContent;
    });
    vi.stubGlobal('print', print);
    try {
      const accepted = order('a', {
        orderStatusRestaurant: 'ACCEPTED',
        eta: { display: '15 minutes', time: null },
        actions: ['reject', 'complete'],
      });
      renderBoard({ fresh: [order('a')], extra: { acceptOrder: async () => accepted } });
      const toggle = (await screen.findByRole('switch', { name: 'Print a ticket on accept (this device)' })) as HTMLInputElement;
      expect(toggle.checked).toBe(false);
      fireEvent.click(toggle);
      expect(localStorage.getItem('servery.orders.printOnAccept')).toBe('on');
      fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
      const dialog = await screen.findByRole('dialog', { name: 'Accept order' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
      await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
      expect(printed).toContain('2 × Flat White');
      expect(printed).toContain('ETA 15 minutes');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the orders in progress', () => {
  it('asks for accepted orders not completed, oldest first, shows them in that order and completes one in one tap', async () => {
    const completeOrder = vi.fn(async () =>
      order('m1', { orderStatusRestaurant: 'ACCEPTED', completedAt: '2026-11-25T01:30:00Z', actions: [] }),
    );
    const accepted = (id: string, placedAt: string) =>
      order(id, {
        orderStatusRestaurant: 'ACCEPTED',
        placedAt,
        eta: { display: '15 minutes', time: null },
        actions: ['reject', 'complete'],
      });
    const { lists } = renderBoard({
      making: [accepted('m1', '2026-11-25T00:10:00Z'), accepted('m2', '2026-11-25T00:20:00Z')],
      extra: { completeOrder },
    });
    const column = await screen.findByTestId('in-progress');
    await waitFor(() => expect(within(column).getAllByTestId('in-progress-order')).toHaveLength(2));
    expect(
      within(column)
        .getAllByTestId('in-progress-order')
        .map((c) => c.getAttribute('data-order-id')),
    ).toEqual(['m1', 'm2']);
    const asked = lists.find((l) => l.filter.orderStatusRestaurant === 'ACCEPTED')!;
    expect(asked.filter).toEqual({ orderStatusRestaurant: 'ACCEPTED', completed: false, scheduled: false });
    expect(asked.sort).toEqual({ field: 'placedAt', order: 'ASC' });
    // Complete alone: no reject on a card of the kitchen's own queue.
    const first = within(column).getAllByTestId('in-progress-order')[0];
    expect(within(first).queryByRole('button', { name: 'Reject' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(completeOrder).toHaveBeenCalledWith(shop.id, 'm1'));
  });
});

describe('the empty board', () => {
  it("says whether the shop is open beside 'No Orders Yet'", async () => {
    // Wednesday 19:03 in Sydney; pickup opens at 6:30 every day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:03:00Z'));
    renderBoard({});
    const empty = await screen.findByTestId('board-empty');
    expect(within(empty).getByText('No Orders Yet')).toBeTruthy();
    expect((await within(empty).findByTestId('open-state')).textContent).toBe('Closed now · opens 6:30 am');
  });

  it('says until when it is open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T23:00:00Z'));
    renderBoard({});
    expect((await screen.findByTestId('open-state')).textContent).toBe('Open until 3 pm');
  });
});

describe("the board's first view", () => {
  it('stays on screen until the board has both of its lists, then goes with its style', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<style id="prerendered-css"></style><div id="prerendered" data-path="/shops/shop-1/orders/dashboard"></div>',
    );
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderBoard({
      fresh: [order('a')],
      extra: {
        getList: async (_: string, params: GetListParams) => {
          if (params.filter.orderStatusRestaurant !== 'NEW') await answered;
          const data = params.filter.orderStatusRestaurant === 'NEW' ? [order('a')] : [];
          return { data, total: data.length };
        },
      },
    });
    await screen.findByText('#1001 · Customer a');
    // The orders in progress are still loading: the copy stays.
    expect(document.getElementById('prerendered')).not.toBeNull();
    answer();
    await waitFor(() => expect(document.getElementById('prerendered')).toBeNull());
    expect(document.getElementById('prerendered-css')).toBeNull();
  });
});
