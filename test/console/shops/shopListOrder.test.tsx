import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import { i18nProvider } from '../../../src/providers';
import { ShopList } from '../../../resources/shops/ShopList';

/** The owner's shops list asks the server for what needs attention first, and shows the rows in the server's order. */
const owner: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ isSuperAdmin: false }),
  getIdentity: async () => ({ id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true }),
};

const shop = (id: string, name: string, status: string) => ({
  id,
  type: 'CAFE',
  name,
  description: 'Coffee',
  locality: 'Newtown',
  logo: null,
  timezone: 'Australia/Sydney',
  country: 'AU',
  countries: null,
  demo: false,
  updatedBy: null,
  listing: { status, rejectReason: status === 'REJECTED' ? 'Blurry logo' : null },
  role: 'ADMIN',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

afterEach(cleanup);

describe('Shops list order', () => {
  it('asks the server for the attention order and shows the rows as it orders them', async () => {
    // As the server answers the second of two pages: the waiting shops carried over, then the listed ones.
    const page = [
      shop('s1', 'Zebra Waiting', 'WAITING_FOR_REVIEW'),
      shop('s2', 'Alpha Listed', 'PUBLISHED'),
      shop('s3', 'Beta Listed', 'PUBLISHED'),
    ];
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: page, total: 3 }));
    const dataProvider = { ...testDataProvider(), getList } as unknown as DataProvider;
    render(
      <MemoryRouter initialEntries={['/shops']}>
        <AdminContext i18nProvider={i18nProvider} authProvider={owner} dataProvider={dataProvider} store={memoryStore()}>
          <ShopList />
        </AdminContext>
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Shops' }, { timeout: 5000 });
    expect(getList).toHaveBeenCalledWith('shops', expect.objectContaining({ sort: { field: 'attention', order: 'ASC' } }));
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => ['Zebra Waiting', 'Alpha Listed', 'Beta Listed'].find((n) => r.textContent?.includes(n)));
    expect(names).toEqual(['Zebra Waiting', 'Alpha Listed', 'Beta Listed']);
  }, 60_000);
});
