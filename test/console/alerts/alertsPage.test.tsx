import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, Notification, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../../src/providers';
import { ShopContext } from '../../../src/contracts/shopContext';
import { AlertsPage } from '../../../resources/alerts/AlertsPage';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import type { Alert as AlertRow } from '../../../domain/alerts';
import type { ShopPreferences } from '../../../domain/preferences';
import type { Shop } from '../../../domain/shop';

/**
 * The alerts page: the member's own mails and sound at this shop (defaults, save, a refused save), and for ADMINs
 * only, the shop's alert lists and the last 50 alerts.
 */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const signedIn: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
  getIdentity: async () => ({ id: 'u1', fullName: 'Kitchen Kim' }),
};
const DEFAULTS: ShopPreferences = { orderPlaced: true, newBooking: true, sound: 'default', soundOn: true };

const sent: AlertRow = {
  id: 'a1',
  kind: 'ORDER_PLACED',
  to: 'owner@example.com',
  subject: 'New order from Ada',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  createdAt: '2026-03-02T01:00:00.000Z',
  sentAt: '2026-03-02T01:00:05.000Z',
  orderId: 'o1',
  bookingId: null,
};

function renderPage(role: 'USER' | 'ADMIN', api: Record<string, unknown>) {
  const getList = vi.fn(async () => ({ data: [sent], total: 1 }));
  const dataProvider = {
    ...testDataProvider(),
    getList,
    getSetting: async () => defaultOrderProcess,
    ...api,
  } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={signedIn} store={memoryStore()}>
        <ShopContext.Provider value={{ shop, role, access: role, refetch: () => undefined }}>
          <AlertsPage />
        </ShopContext.Provider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { getList };
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

afterEach(cleanup);

describe('the alerts page', () => {
  it("shows a member's defaults (every mail on, the default sound ringing) and saves their changes for this shop", async () => {
    const getShopPreferences = vi.fn(async () => DEFAULTS);
    const updateShopPreferences = vi.fn(async (_shopId: string, doc: ShopPreferences) => doc);
    renderPage('USER', { getShopPreferences, updateShopPreferences });
    await screen.findByTestId('preferences-form');
    expect(toggle('Each new order').checked).toBe(true);
    expect(toggle('Each new booking').checked).toBe(true);
    expect(toggle('Ring for new orders and bookings').checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Default' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(toggle('Each new booking'));
    fireEvent.click(screen.getByRole('radio', { name: 'Bell' }));
    expect(screen.getByRole('button', { name: 'Play the Bell sound' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updateShopPreferences).toHaveBeenCalledTimes(1));
    expect(updateShopPreferences).toHaveBeenCalledWith('shop-1', { ...DEFAULTS, newBooking: false, sound: 'bell' });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(toggle('Each new booking').checked).toBe(false);
    expect(getShopPreferences).toHaveBeenCalledWith('shop-1');
  });

  it("keeps the member's choices and shows the server's message when saving is refused", async () => {
    const updateShopPreferences = vi.fn(async () =>
      Promise.reject(
        new HttpError('Order placed must be true or false', 400, {
          message: 'Order placed must be true or false',
          errors: { orderPlaced: 'Order placed must be true or false' },
        }),
      ),
    );
    renderPage('USER', { getShopPreferences: async () => DEFAULTS, updateShopPreferences });
    await screen.findByTestId('preferences-form');
    fireEvent.click(toggle('Each new order'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Order placed must be true or false')).length).toBeGreaterThan(0);
    expect(toggle('Each new order').checked).toBe(false);
  });

  it("shows a USER only their own preferences: no shop alert lists, no shop's alerts", async () => {
    const { getList } = renderPage('USER', { getShopPreferences: async () => DEFAULTS });
    await screen.findByTestId('preferences-form');
    expect(screen.queryByTestId('shop-alerts')).toBeNull();
    expect(screen.queryByTestId('recent-alerts')).toBeNull();
    expect(screen.queryByText('Shop alert lists')).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it("shows an ADMIN the shop's alert lists and its last 50 alerts with their status", async () => {
    const { getList } = renderPage('ADMIN', { getShopPreferences: async () => DEFAULTS });
    const lists = await screen.findByTestId('shop-alerts');
    expect(await within(lists).findByLabelText('New order alert emails')).toBeTruthy();
    expect(within(lists).getByRole('switch', { name: 'Unprocessed order monitor' })).toBeTruthy();
    const recent = screen.getByTestId('recent-alerts');
    const row = await within(recent).findByTestId('recent-alert');
    expect(within(row).getByText('New order')).toBeTruthy();
    expect(within(row).getByText('owner@example.com')).toBeTruthy();
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'New order from Ada' }).getAttribute('href')).toBe('/shops/shop-1/orders/o1');
    expect(getList).toHaveBeenCalledWith(
      'alerts',
      expect.objectContaining({ pagination: { page: 1, perPage: 50 }, meta: { shopId: 'shop-1' } }),
    );
  });
});
