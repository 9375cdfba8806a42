import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { Menu } from '../../src/layout/Menu';
import ShopArea from '../../src/layout/ShopArea';
import { safeNext } from '../../src/pages/account/next';
import { deploymentFor } from '../../providers/deployment';
import { mainPages } from '../../src/sections';

/** The signed-in shell: sidebar visibility rules, the shop area's checks and breadcrumb (spec 1 §6, spec 3 §2.3). */
const signedIn = (isSuperAdmin: boolean): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin }),
  getIdentity: async () => ({ id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true }),
});

const shop = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  type: 'CAFE',
  name: 'Cappuccino Corner',
  description: 'Coffee and cakes',
  locality: 'Newtown',
  logo: null,
  timezone: 'Australia/Sydney',
  country: 'AU',
  countries: null,
  demo: false,
  updatedBy: null,
  listing: { status: 'PUBLISHED', rejectReason: null },
  role: 'ADMIN',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...over,
});

function renderAt(url: string, element: ReactElement, opts: { superAdmin?: boolean; dataProvider?: DataProvider } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        i18nProvider={i18nProvider}
        authProvider={signedIn(opts.superAdmin ?? false)}
        dataProvider={opts.dataProvider ?? testDataProvider()}
        store={memoryStore()}
      >
        {element}
      </AdminContext>
    </MemoryRouter>,
  );
}

const shopsProvider = (getOne: DataProvider['getOne']) =>
  testDataProvider({ getOne, getList: (async () => ({ data: [], total: 0 })) as never });

afterEach(() => cleanup());

describe('sidebar', () => {
  it("shows the 'Super Admin' group only to super admins", async () => {
    renderAt('/', <Menu />, { superAdmin: true });
    expect(await screen.findByText('Super Admin')).toBeTruthy();
    const superAdminPages = mainPages.filter((p) => p.menu?.role === 'SUPER_ADMIN');
    expect(superAdminPages.map((p) => p.path)).toEqual([
      'shops/review',
      'shops/browse',
      'shops/search',
      'stripe/switch',
      'platform/security',
      'whitelabel/apps/list',
      'platform/failed_mails',
      'platform/audit',
    ]);
    for (const label of ['Review', 'Browse', 'Search', 'Stripe', 'Security', 'Apps', 'Failed mails', 'Audit log'])
      expect(screen.getByText(label).closest('a')).toBeTruthy();
    cleanup();

    renderAt('/', <Menu />, { superAdmin: false });
    await screen.findByText('Shops');
    expect(screen.queryByText('Super Admin')).toBeNull();
  });

  it('inside a shop lists the way back to all shops and the shop name', async () => {
    const dataProvider = shopsProvider(async () => ({ data: shop() }) as never);
    renderAt('/shops/s1/edit', <Menu />, { dataProvider });
    expect(await screen.findByTestId('sidebar-shop-name')).toBeTruthy();
    expect(screen.getByText('All shops').closest('a')?.getAttribute('href')).toBe('/shops');
    expect(screen.queryByText('Super Admin')).toBeNull();
  });

  it('lists the shop sections the caller may open, marks the current shop, and every entry is a Tab stop', async () => {
    renderAt('/shops/s1/users', <Menu />, { dataProvider: shopsProvider(async () => ({ data: shop({ role: 'USER' }) }) as never) });
    await screen.findByTestId('sidebar-shop-name');
    expect(screen.getByTestId('sidebar-current-shop').getAttribute('aria-current')).toBe('location');
    const links = screen.getAllByRole('menuitem');
    expect(links.map((l) => l.textContent)).toEqual([
      'All shops',
      'Overview',
      'New Orders',
      'New Bookings',
      'Order History',
      'Orders Report',
      'Booking History',
      'Items',
      'Menu',
      'Payments',
      'Stripe',
      'Payouts',
      'Transaction Report',
      'Posts',
      'Coupons',
      'Loyalty Cards',
      'Downloads',
      'Billboards',
      'Store Timings',
      'Customer Contact',
      'Delivery Info',
      'Settings',
      'Alerts',
      'Users',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/shops',
      '/shops/s1/overview',
      '/shops/s1/orders/dashboard',
      '/shops/s1/bookings/dashboard',
      '/shops/s1/orders/history',
      '/shops/s1/orders/report',
      '/shops/s1/bookings/history',
      '/shops/s1/items',
      '/shops/s1/menu',
      '/shops/s1/payments/gateway',
      '/shops/s1/payments/stripe',
      '/shops/s1/payments/stripe_payouts',
      '/shops/s1/transactions',
      '/shops/s1/posts',
      '/shops/s1/promotions',
      '/shops/s1/loyalty_cards/redeemed',
      '/shops/s1/downloads',
      '/shops/s1/billboards',
      '/shops/s1/timings',
      '/shops/s1/contact',
      '/shops/s1/delivery_suburbs',
      '/shops/s1/settings',
      '/shops/s1/alerts',
      '/shops/s1/users',
    ]);
    // Each heading names the group of entries under it.
    const grouped = (name: string) =>
      within(screen.getByRole('group', { name }))
        .getAllByRole('menuitem')
        .map((l) => l.textContent);
    expect(grouped('Orders and bookings')).toEqual(['New Orders', 'New Bookings', 'Order History', 'Orders Report', 'Booking History']);
    expect(grouped('Menu')).toEqual(['Items', 'Menu']);
    expect(grouped('Money')).toEqual(['Payments', 'Stripe', 'Payouts', 'Transaction Report']);
    expect(grouped('Customers and marketing')).toEqual(['Posts', 'Coupons', 'Loyalty Cards', 'Downloads', 'Billboards']);
    expect(grouped('Shop')).toEqual(['Store Timings', 'Customer Contact', 'Delivery Info', 'Settings', 'Alerts', 'Users']);
    for (const link of links) expect(link.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('Users').closest('a')?.getAttribute('aria-current')).toBe('page');
    cleanup();

    renderAt('/shops/s1', <Menu />, {
      superAdmin: true,
      dataProvider: shopsProvider(async () => ({ data: shop({ role: undefined }) }) as never),
    });
    await screen.findByTestId('sidebar-shop-name');
    expect(screen.getAllByRole('menuitem').map((l) => l.textContent)).toEqual([
      'All shops',
      'Overview',
      'New Orders',
      'New Bookings',
      'Order History',
      'Orders Report',
      'Booking History',
      'Items',
      'Menu',
      'Payments',
      'Stripe',
      'Payouts',
      'Transaction Report',
      'Transaction Fee',
      'Posts',
      'Coupons',
      'Loyalty Cards',
      'Downloads',
      'Billboards',
      'Store Timings',
      'Customer Contact',
      'Delivery Info',
      'Settings',
      'Alerts',
      'Users',
      'API keys',
      'Webhooks',
      'Audit log',
      'Edit Shop',
    ]);
  });

  it('shows the main sidebar, not the shop sidebar, for a shop that cannot be found', async () => {
    const dataProvider = shopsProvider(async () => {
      throw new HttpError('Cannot find shop with id s9', 404, { message: 'Cannot find shop with id s9', code: 'NOT_FOUND' });
    });
    renderAt('/shops/s9/users', <Menu />, { dataProvider });
    await screen.findByText('Shops');
    expect(screen.queryByText('All shops')).toBeNull();
    expect(screen.queryByTestId('sidebar-current-shop')).toBeNull();
  });
});

describe('shop area', () => {
  const area = (
    <Routes>
      <Route path="/shops/:shopId/*" element={<ShopArea />} />
    </Routes>
  );

  it('shows the breadcrumb Shops › name and No match for a page no area registered', async () => {
    renderAt('/shops/s1/no-such-page', area, { dataProvider: shopsProvider(async () => ({ data: shop() }) as never) });
    expect(await screen.findByText('No match')).toBeTruthy();
    expect(screen.getByText('Shops').closest('a')?.getAttribute('href')).toBe('/shops');
    expect(screen.getAllByText('Cappuccino Corner').length).toBeGreaterThan(0);
  });

  it("opens /shops/{id} at the shop's home section, titled from the section list", async () => {
    renderAt('/shops/s1', area, { dataProvider: shopsProvider(async () => ({ data: shop() }) as never) });
    expect(await screen.findByRole('heading', { level: 1, name: 'New Orders' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('New Orders · Cappuccino Corner · Servery');
  });

  it("refuses a shop that is not a cafe: 'Unknown shop type {type}'", async () => {
    renderAt('/shops/s1/no-such-page', area, { dataProvider: shopsProvider(async () => ({ data: shop({ type: 'BAKERY' }) }) as never) });
    expect(await screen.findByText('Unknown shop type BAKERY')).toBeTruthy();
  });

  it("says 'Cannot find shop with id {id}' for a 404 on one not-found page with one h1", async () => {
    const dataProvider = shopsProvider(async () => {
      throw new HttpError('Cannot find shop with id s9', 404, { message: 'Cannot find shop with id s9', code: 'NOT_FOUND' });
    });
    renderAt('/shops/s9', area, { dataProvider });
    expect((await screen.findAllByText('Cannot find shop with id s9')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Shop not found']);
    expect(document.title).toBe('Shop not found · Servery');
  });

  it("titles the tab '<page> · <shop> · Servery' from the section list and gates each section by its minimum role", async () => {
    const dataProvider = shopsProvider(async () => ({ data: shop({ role: 'USER' }) }) as never);
    renderAt('/shops/s1/edit', area, { dataProvider });
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Edit Shop']);
    expect(document.title).toBe('Edit Shop · Cappuccino Corner · Servery');
    expect(screen.getByRole('navigation', { name: 'breadcrumb' }).textContent).toContain('Edit Shop');
    cleanup();

    renderAt('/shops/s1/transaction_fee', area, { dataProvider });
    expect(await screen.findByText('You are not allowed to do this.')).toBeTruthy();
    expect(document.title).toBe('Transaction Fee · Cappuccino Corner · Servery');
  });
});

describe('routing helpers', () => {
  it('accepts only same-site paths for ?next=', () => {
    expect(safeNext('/invites/a/shops/b?action=accept&token=t')).toBe('/invites/a/shops/b?action=accept&token=t');
    expect(safeNext('//evil.example.com/x')).toBeNull();
    expect(safeNext('/\\evil.example.com')).toBeNull();
    expect(safeNext('https://evil.example.com')).toBeNull();
    expect(safeNext('/login')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });

  it('picks the deployment by host name and falls back to development', () => {
    expect(deploymentFor('batch3.servery.app')).toEqual({
      apiBaseUrl: '/api',
      mediaBaseUrl: '/api/media',
      stripePublishableKey: '',
      searchIndex: 'shops',
    });
    expect(deploymentFor('unknown.example.com')).toBe(deploymentFor('development'));
    expect(deploymentFor('localhost').apiBaseUrl).toBe('/api');
  });
});
