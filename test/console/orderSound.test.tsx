import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, Notification, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { ShopContext } from '../../src/contracts/shopContext';
import { DashboardPage } from '../../resources/orders/DashboardPage';
import type { ShopPreferences } from '../../domain/preferences';
import type { Shop } from '../../domain/shop';

/**
 * The New Orders dashboard's 'Ring for new orders' switch: the member's preference at this shop, read from and saved to
 * the server (GET|PUT /api/shops/{shopId}/preferences).
 */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const signedInAs = (id: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
  getIdentity: async () => ({ id, fullName: 'Kitchen Kim' }),
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function renderDashboard(
  api: {
    getShopPreferences: (shopId: string) => Promise<ShopPreferences>;
    updateShopPreferences: (shopId: string, patch: Partial<ShopPreferences>) => Promise<ShopPreferences>;
  },
  userId = 'u1',
) {
  const dataProvider = {
    ...testDataProvider(),
    getList: async () => ({ data: [], total: 0 }),
    getBusy: async () => ({ paused: false, pausedUntil: null, extraMinutes: 0, extraUntil: null }),
    // The event stream is not under test: its ticket never comes, so no EventSource opens.
    eventStreamUrl: () => new Promise(() => undefined),
    ...api,
  } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={signedInAs(userId)} store={memoryStore()}>
        <ShopContext.Provider value={{ shop, role: 'USER', access: 'USER', refetch: () => undefined }}>
          <DashboardPage />
        </ShopContext.Provider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const prefs = (soundOn: boolean): ShopPreferences => ({ orderPlaced: true, newBooking: true, sound: 'default', soundOn });

const soundSwitch = () => screen.getByRole('switch', { name: 'Ring for new orders' }) as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the sound switch of New Orders', () => {
  it("shows the user's choice from the server and saves a change for this shop, showing it at once", async () => {
    const getShopPreferences = vi.fn(async () => prefs(false));
    const saving = deferred<ShopPreferences>();
    const updateShopPreferences = vi.fn(() => saving.promise);
    renderDashboard({ getShopPreferences, updateShopPreferences });
    await screen.findByTestId('orders-dashboard');
    await waitFor(() => expect(getShopPreferences).toHaveBeenCalled());
    await waitFor(() => expect(soundSwitch().checked).toBe(false));

    fireEvent.click(soundSwitch());
    // Optimistic: on before the server has answered.
    await waitFor(() => expect(soundSwitch().checked).toBe(true));
    expect(updateShopPreferences).toHaveBeenCalledTimes(1);
    expect(updateShopPreferences).toHaveBeenCalledWith('shop-1', { soundOn: true });

    getShopPreferences.mockImplementation(async () => prefs(true));
    await act(async () => saving.resolve(prefs(true)));
    // The document is read back once the change is saved, and the switch stays on.
    await waitFor(() => expect(getShopPreferences).toHaveBeenCalledTimes(2));
    expect(soundSwitch().checked).toBe(true);
    expect(localStorage.getItem('servery.orders.sound.shop-1.u1')).toBe('on');
  });

  it('puts the switch back and toasts the reason when saving fails', async () => {
    const getShopPreferences = vi.fn(async () => prefs(true));
    const updateShopPreferences = vi.fn(async () =>
      Promise.reject(new HttpError('Could not reach the server', 503, { message: 'Could not reach the server' })),
    );
    renderDashboard({ getShopPreferences, updateShopPreferences });
    await waitFor(() => expect(getShopPreferences).toHaveBeenCalled());
    await waitFor(() => expect(soundSwitch().checked).toBe(true));

    fireEvent.click(soundSwitch());
    expect(await screen.findByText('Could not reach the server')).toBeTruthy();
    expect(updateShopPreferences).toHaveBeenCalledWith('shop-1', { soundOn: false });
    await waitFor(() => expect(soundSwitch().checked).toBe(true));
  });

  it("shows this device's last known choice only until the server answers, and the server wins", async () => {
    localStorage.setItem('servery.orders.sound.shop-1.u2', 'off');
    // Another user's copy on this tablet does not count.
    localStorage.setItem('servery.orders.sound.shop-1.u1', 'on');
    const answer = deferred<ShopPreferences>();
    const getShopPreferences = vi.fn(() => answer.promise);
    renderDashboard({ getShopPreferences, updateShopPreferences: vi.fn() }, 'u2');
    await waitFor(() => expect(getShopPreferences).toHaveBeenCalled());
    expect(soundSwitch().checked).toBe(false);
    await act(async () => answer.resolve(prefs(true)));
    await waitFor(() => expect(soundSwitch().checked).toBe(true));
    expect(localStorage.getItem('servery.orders.sound.shop-1.u2')).toBe('on');
  });

  it('is on for a user who never chose, with nothing on this device', async () => {
    const getShopPreferences = vi.fn(async () => prefs(true));
    renderDashboard({ getShopPreferences, updateShopPreferences: vi.fn() }, 'u3');
    await waitFor(() => expect(getShopPreferences).toHaveBeenCalled());
    expect(soundSwitch().checked).toBe(true);
  });
});
