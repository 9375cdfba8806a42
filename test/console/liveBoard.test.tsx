import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { DashboardPage } from '../../resources/orders/DashboardPage';
import { NewOrdersBadge } from '../../resources/orders/NewOrdersBadge';
import type { ApiOrder } from '../../domain/orderView';
import { boardOrder as order, kitchenAuth, orderShop as shop } from '../helpers/consoleOrders';
import { renderInShop } from '../helpers/renderInShop';
import { FakeEventSource } from '../helpers/fakeEventSource';

/**
 * New Orders kept live in place: each event's order is written into the board's lists (in, moved to in progress,
 * out), with no list read while the stream is up; the lists are read again only when the stream cannot replay.
 */

function renderBoard(initial: ApiOrder[]) {
  const lists: GetListParams[] = [];
  const streams: (string | null)[] = [];
  const acknowledged: string[] = [];
  const server = new Map(initial.map((o) => [o.id, o]));
  const dataProvider = {
    ...testDataProvider(),
    getList: async (_: string, params: GetListParams) => {
      lists.push(params);
      const fresh = params.filter.orderStatusRestaurant === 'NEW';
      const data = [...server.values()].filter((o) =>
        fresh ? o.orderStatusRestaurant === 'NEW' : o.orderStatusRestaurant === 'ACCEPTED' && !o.completedAt,
      );
      return { data, total: data.length };
    },
    getBusy: async () => ({ paused: false, pausedUntil: null, extraMinutes: 0, extraUntil: null }),
    getShopPreferences: async () => ({ orderPlaced: true, newBooking: true, sound: 'default', soundOn: true }),
    getSetting: async () => ({}),
    boardClosures: async () => [],
    eventStreamUrl: async (_shopId: string, lastEventId: string | null) => {
      streams.push(lastEventId);
      return 'http://servery.test/api/shops/shop-1/events';
    },
    acknowledgeOrder: async (_shopId: string, id: string) => {
      acknowledged.push(id);
      const o = { ...server.get(id)!, acknowledgedAt: '2026-11-25T01:02:00Z' };
      server.set(id, o);
      return o;
    },
  } as unknown as DataProvider;
  renderInShop(
    <>
      <nav aria-label="sidebar">
        New Orders <NewOrdersBadge shopId={shop.id} />
      </nav>
      <DashboardPage />
    </>,
    { shop, dataProvider, authProvider: kitchenAuth },
  );
  /** What the server says happened: it changes its copy and sends the order over the stream. */
  const happen = (type: string, o: ApiOrder) => {
    server.set(o.id, o);
    act(() => FakeEventSource.current().emit(type, o));
  };
  return { lists, streams, acknowledged, happen };
}

const cardIds = (testId: string) => screen.queryAllByTestId(testId).map((c) => c.getAttribute('data-order-id'));

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.install();
});
afterEach(cleanup);

describe('New Orders live in place', { timeout: 60_000 }, () => {
  it('inserts a new order in its place, moves an accepted one to in progress and takes out a completed one, reading no list', async () => {
    const { lists, happen } = renderBoard([
      order('a', { placedAt: '2026-11-25T01:00:00Z' }),
      order('c', { placedAt: '2026-11-25T01:20:00Z' }),
    ]);
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a', 'c']));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    const reads = lists.length;

    happen('order.created', order('b', { placedAt: '2026-11-25T01:10:00Z' }));
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a', 'b', 'c']));
    await waitFor(() => expect(screen.getByTestId('new-orders-count').textContent).toBe('3'));
    await waitFor(() => expect(document.title).toBe('(3) New Orders · Harbour Beans · Servery'));

    const accepted = order('b', {
      placedAt: '2026-11-25T01:10:00Z',
      orderStatusRestaurant: 'ACCEPTED',
      acknowledgedAt: '2026-11-25T01:11:00Z',
      actions: ['reject', 'complete'],
    });
    happen('order.updated', accepted);
    await waitFor(() => expect(cardIds('in-progress-order')).toEqual(['b']));
    expect(cardIds('new-order')).toEqual(['a', 'c']);
    await waitFor(() => expect(screen.getByTestId('new-orders-count').textContent).toBe('2'));

    happen('order.updated', { ...accepted, completedAt: '2026-11-25T01:30:00Z', actions: [] });
    await waitFor(() => expect(cardIds('in-progress-order')).toEqual([]));
    expect(within(screen.getByTestId('in-progress')).getByText(/Nothing in progress/)).toBeTruthy();
    // Three events, not one list read.
    expect(lists.length).toBe(reads);
  });

  it('puts an order accepted as it was placed straight into in progress, with one chime and no ringing', async () => {
    // This device prints on accept: the order the shop accepted as it was placed is printed as it arrives.
    localStorage.setItem('servery.orders.printOnAccept', 'on');
    let printed: string | null | undefined;
    const print = vi.fn(() => {
      printed = document.querySelector('.ticket-sheet [data-testid="ticket"]')?.textContent;
    });
    vi.stubGlobal('print', print);
    // One NEW order someone has seen already: nothing rings.
    const { happen } = renderBoard([order('a', { acknowledgedAt: '2026-11-25T01:01:00Z' })]);
    const board = await screen.findByTestId('orders-dashboard');
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a']));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    expect(board.dataset.chimes).toBe('0');
    expect(board.dataset.ringing).toBe('false');
    const auto = order('z', {
      orderStatusRestaurant: 'ACCEPTED',
      acceptedAt: '2026-11-25T01:00:00Z',
      eta: { display: '20 minutes', time: '2026-11-25T01:20:00Z' },
      actions: ['reject', 'complete'],
    });
    happen('order.created', auto);
    await waitFor(() => expect(cardIds('in-progress-order')).toEqual(['z']));
    expect(cardIds('new-order')).toEqual(['a']);
    await waitFor(() => expect(board.dataset.chimes).toBe('1'));
    expect(board.dataset.ringing).toBe('false');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(printed).toContain('Customer z');
    vi.unstubAllGlobals();
    // Its later changes are no arrivals.
    happen('order.updated', { ...auto, completedAt: '2026-11-25T01:30:00Z', actions: [] });
    await waitFor(() => expect(cardIds('in-progress-order')).toEqual([]));
    expect(board.dataset.chimes).toBe('1');
    // A NEW order still rings.
    happen('order.created', order('n'));
    await waitFor(() => expect(board.dataset.ringing).toBe('true'));
    expect(board.dataset.chimes).toBe('1');
  });

  it('stops ringing when an order is acknowledged here or on another device, placing the answer without a read', async () => {
    const { lists, acknowledged, happen } = renderBoard([order('a'), order('b', { placedAt: '2026-11-25T01:05:00Z' })]);
    const board = await screen.findByTestId('orders-dashboard');
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a', 'b']));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    const reads = lists.length;
    expect(board.dataset.ringing).toBe('true');

    const first = screen.getAllByTestId('new-order')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    expect(acknowledged).toEqual(['a']);
    expect(board.dataset.ringing).toBe('true');

    // Another device acknowledges the other one: its event says so.
    happen('order.updated', order('b', { placedAt: '2026-11-25T01:05:00Z', acknowledgedAt: '2026-11-25T01:06:00Z' }));
    await waitFor(() => expect(board.dataset.ringing).toBe('false'));
    expect(lists.length).toBe(reads);
  });

  it('reads the lists again when the stream connects without replaying, and not when the server resumes from the id sent', async () => {
    const { lists, streams, happen } = renderBoard([order('a')]);
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a']));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    // The first connection has nothing to resume from: what happened before it subscribed is read (the three lists).
    let reads = lists.length;
    act(() => FakeEventSource.current().emit('ready', { lastEventId: 7 }));
    await waitFor(() => expect(lists.length).toBe(reads + 3));
    reads = lists.length;
    happen('order.created', order('b', { placedAt: '2026-11-25T01:05:00Z' }));
    await waitFor(() => expect(cardIds('new-order')).toEqual(['a', 'b']));

    // The stream drops; the next one asks to resume from the last id seen, and the server does.
    act(() => FakeEventSource.current().onerror?.());
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(2), { timeout: 10_000 });
    expect(streams[1]).toBe('2');
    act(() => FakeEventSource.current().emit('ready', { lastEventId: 2 }));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(lists.length).toBe(reads);

    // Dropped again; this time the server starts elsewhere (it cannot replay that far back): read again.
    act(() => FakeEventSource.current().onerror?.());
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(3), { timeout: 10_000 });
    act(() => FakeEventSource.current().emit('ready', { lastEventId: 40 }));
    await waitFor(() => expect(lists.length).toBe(reads + 3));
  });
});
