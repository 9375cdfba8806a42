import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { OverdueMarker } from '../../../src/components/live/OverdueMarker';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import type { Shop } from '../../../domain/shop';

/** The board card's overdue marker: a NEW order still waiting past the shop's monitor delay, on the driven clock. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const PLACED = '2026-03-02T01:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(PLACED) + minutes * 60_000);

function renderMarker(settings: Record<string, unknown>, status = 'NEW') {
  const dataProvider = {
    ...testDataProvider(),
    getSetting: async () => ({ ...defaultOrderProcess, ...settings }),
  } as unknown as DataProvider;
  renderInShop(<OverdueMarker order={{ placedAt: PLACED, orderStatusRestaurant: status }} shopId={shop.id} />, { shop, dataProvider });
}

/** Lets the settings read resolve under fake timers. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the overdue marker', () => {
  it('appears once the delay has passed, and counts the minutes as the clock moves', async () => {
    vi.useFakeTimers({ now: at(6), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderMarker({ hasUnprocessedOrderMonitor: true, unprocessedOrderAlertMinutes: 10 });
    await settle();
    expect(screen.queryByTestId('order-overdue')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(4 * 60_000)));
    expect(screen.getByTestId('order-overdue').textContent).toBe('Overdue · 10 min');
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(screen.getByTestId('order-overdue').textContent).toBe('Overdue · 11 min');
  });

  it('is not shown with the monitor off', async () => {
    vi.useFakeTimers({ now: at(30), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderMarker({ hasUnprocessedOrderMonitor: false, unprocessedOrderAlertMinutes: 5 });
    await settle();
    expect(screen.queryByTestId('order-overdue')).toBeNull();
  });

  it('is not shown once the order has been answered', async () => {
    vi.useFakeTimers({ now: at(30), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderMarker({ hasUnprocessedOrderMonitor: true, unprocessedOrderAlertMinutes: 5 }, 'ACCEPTED');
    await settle();
    expect(screen.queryByTestId('order-overdue')).toBeNull();
  });

  it('uses 5 minutes for a shop whose settings predate the delay', async () => {
    vi.useFakeTimers({ now: at(5), toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    renderMarker({ hasUnprocessedOrderMonitor: true });
    await settle();
    expect(screen.getByTestId('order-overdue').textContent).toBe('Overdue · 5 min');
  });
});
