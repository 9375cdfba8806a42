import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { DownloadsPage } from '../../resources/downloads/DownloadsPage';
import type { Shop } from '../../domain/shop';

/** The Downloads screen's states (spec 2 §8): not in any app, no downloads yet, a failed load, and the figures. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney' } as Shop;

function renderPage(api: Partial<Record<string, (...args: never[]) => Promise<unknown>>>) {
  const dataProvider = { ...testDataProvider(), ...api } as DataProvider;
  renderInShop(<DownloadsPage />, { shop, dataProvider: dataProvider });
}

const apps = async () => [{ bundle_id: 'com.servery.cafe', bundle_name: 'Cafe App' }];
const daily = async () => ({ days: [{ date: '2026-11-23', ios: 2, android: 1 }] });

afterEach(cleanup);

describe('DownloadsPage', () => {
  it("says 'This shop is not part of any app' when no app lists the shop", async () => {
    renderPage({ getShopApps: async () => [] });
    expect(await screen.findByText('This shop is not part of any app', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("says 'No downloads yet' for an app without installs", async () => {
    renderPage({
      getShopApps: apps,
      getDownloadStats: async () => ({ totalDownloads: 0, iosDownloads: 0, androidDownloads: 0 }),
      getDailyDownloads: daily,
      getDownloadDevices: async () => ({ list: [], hasMore: false }),
    });
    expect(await screen.findByText('No downloads yet', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it("says 'Error loading downloads' when a load fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({
      getShopApps: apps,
      getDownloadStats: async () => Promise.reject(new HttpError('boom', 500, { message: 'boom' })),
      getDailyDownloads: daily,
      getDownloadDevices: async () => ({ list: [], hasMore: false }),
    });
    expect(await screen.findByText('Error loading downloads', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the tiles and asks for the first page of 25 devices', async () => {
    const getDownloadDevices = vi.fn(async () => ({
      list: [
        {
          device_id: 'iphone-1',
          uid: null,
          updated_at: '2026-11-23T01:00:00.000Z',
          os: 'ios',
          manufacturer: 'Apple',
          brand: 'Apple',
          model: 'iPhone 15',
          carrier: null,
          device_country: 'AU',
          timezone: null,
          version: '1.0',
          build_number: '1',
          api_level: null,
        },
      ],
      hasMore: true,
    }));
    renderPage({
      getShopApps: apps,
      getDownloadStats: async () => ({ totalDownloads: 3, iosDownloads: 2, androidDownloads: 1 }),
      getDailyDownloads: daily,
      getDownloadDevices,
    });
    expect((await screen.findByTestId('tile-totalDownloads', undefined, { timeout: 5000 })).textContent).toContain('3');
    expect(screen.getByTestId('tile-iosDownloads').textContent).toContain('2');
    expect(screen.getByTestId('tile-androidDownloads').textContent).toContain('1');
    expect(getDownloadDevices).toHaveBeenCalledWith('com.servery.cafe', 1, 25);
    expect((await screen.findAllByText('iphone-1')).length).toBeGreaterThan(0);
  });

  it("shows 'Last seen' on the shop's clock, the OS on one line, and the chart's days as dates", async () => {
    renderInShop(<DownloadsPage />, {
      shop: { ...shop, timezone: 'Australia/Sydney' },
      dataProvider: {
        ...testDataProvider(),
        getShopApps: apps,
        getDownloadStats: async () => ({ totalDownloads: 1234, iosDownloads: 1000, androidDownloads: 234 }),
        getDailyDownloads: async () => ({ days: [{ date: '2026-11-23', ios: 2, android: 1 }] }),
        getDownloadDevices: async () => ({
          list: [{ device_id: 'pixel-1', updated_at: '2026-11-23T01:00:00.000Z', os: 'android', brand: 'Google', model: 'Pixel 8' }],
          hasMore: false,
        }),
      } as DataProvider,
    });
    expect((await screen.findByTestId('tile-totalDownloads', undefined, { timeout: 5000 })).textContent).toContain('1,234');
    const row = (await screen.findAllByTestId('device-row', undefined, { timeout: 5000 }))[0]!;
    // 01:00 UTC is noon in Sydney (daylight saving time).
    expect(row.textContent).toContain('Mon, Nov 23rd 12:00 pm');
    expect(within(row).getByText('Android').style.whiteSpace).toBe('nowrap');
    expect(screen.getByText(/new devices from/).textContent).toBe('3 new devices from Mon, Nov 23rd 2026 to Mon, Nov 23rd 2026');
  });
});
