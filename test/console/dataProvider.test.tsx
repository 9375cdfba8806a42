import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { useApi, useApiMutation } from '../../src/components/api';
import type { ShopsApi } from '../../resources/shops/api';

/**
 * The console's one way to the API: CRUD scoped to a shop with meta.shopId, typed custom methods, and the one
 * error path (toast + field errors; a 401 is never a success and never this page's own toast).
 */
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function loadProvider(handler: (req: Request) => Response) {
  vi.resetModules();
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(req);
      if (new URL(req.url).pathname === '/api/auth/refresh') {
        return json(200, { accessToken: 't', expiresIn: 900, user: { id: 'u1', email: 'u1@example.com', name: 'U', emailVerified: true } });
      }
      return handler(req);
    }),
  );
  const { dataProvider } = await import('../../src/providers');
  const sent = () =>
    calls
      .filter((c) => !c.url.endsWith('/auth/refresh'))
      .map((c) => new URL(c.url))
      .map((u, i) => `${calls.filter((c) => !c.url.endsWith('/auth/refresh'))[i].method} ${u.pathname}${decodeURIComponent(u.search)}`);
  return { dataProvider, sent };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dataProvider', () => {
  it('puts every CRUD call with meta.shopId under /api/shops/{shopId}', async () => {
    const { dataProvider, sent } = await loadProvider((req) =>
      req.method === 'GET' && !/\/items\/\w+$/.test(new URL(req.url).pathname)
        ? json(200, [{ id: 'i1' }], { 'Content-Range': 'items 0-0/1' })
        : json(200, { id: 'i1' }),
    );
    const meta = { shopId: 's/1' };
    await dataProvider.getList('items', { meta, pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    await dataProvider.getOne('items', { id: 'i1', meta });
    await dataProvider.getMany('items', { ids: ['i1'], meta });
    await dataProvider.getManyReference('items', {
      target: 'menuId',
      id: 'm1',
      meta,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await dataProvider.create('items', { data: { name: 'Latte' }, meta });
    await dataProvider.update('items', { id: 'i1', data: { name: 'Mocha' }, previousData: { id: 'i1' }, meta });
    await dataProvider.updateMany('items', { ids: ['i1'], data: { name: 'Mocha' }, meta });
    await dataProvider.delete('items', { id: 'i1', previousData: { id: 'i1' }, meta });
    await dataProvider.deleteMany('items', { ids: ['i1'], meta });
    await dataProvider.getOne('shops', { id: 's1' });
    expect(sent().map((s) => s.replace(/\?.*/, ''))).toEqual([
      'GET /api/shops/s%2F1/items',
      'GET /api/shops/s%2F1/items/i1',
      'GET /api/shops/s%2F1/items',
      'GET /api/shops/s%2F1/items',
      'POST /api/shops/s%2F1/items',
      'PUT /api/shops/s%2F1/items/i1',
      'PUT /api/shops/s%2F1/items/i1',
      'DELETE /api/shops/s%2F1/items/i1',
      'DELETE /api/shops/s%2F1/items/i1',
      'GET /api/shops/s1',
    ]);
    expect(sent()[0]).toContain('range=[0,9]');
  });

  it('offers the non-CRUD calls as typed methods', async () => {
    const { dataProvider, sent } = await loadProvider(() => json(200, { message: 'ok' }));
    await dataProvider.approveShop('s1');
    await dataProvider.resendInvite('s1', 'inv1');
    await dataProvider.getSetting('s1', 'transaction_fee');
    await dataProvider.searchShops('latte bar', 20);
    expect(sent()).toEqual([
      'POST /api/shops/s1/approve',
      'POST /api/shops/s1/invites/inv1/resend',
      'GET /api/shops/s1/settings/transaction_fee',
      'GET /api/shops/search?q=latte+bar&limit=20',
    ]);
  });
});

describe('useApiMutation', () => {
  function Save({ onDone }: { onDone: (result: unknown) => void }) {
    const api = useApi<ShopsApi>();
    const save = useApiMutation({ mutationFn: () => api.approveShop('s1'), success: 'Shop approved' });
    return <button onClick={() => save.mutateAsync(undefined).then(onDone, onDone)}>save</button>;
  }

  function renderWith(approveShop: () => Promise<unknown>, checkError: (error: unknown) => Promise<void> = async () => undefined) {
    const done = vi.fn();
    const dataProvider = { ...testDataProvider(), approveShop } as DataProvider;
    render(
      <MemoryRouter>
        <AdminContext
          i18nProvider={i18nProvider}
          dataProvider={dataProvider}
          store={memoryStore()}
          authProvider={{
            login: async () => undefined,
            logout: async () => undefined,
            checkAuth: async () => undefined,
            checkError,
            getPermissions: async () => ({}),
          }}
        >
          <Save onDone={done} />
        </AdminContext>
      </MemoryRouter>,
    );
    return done;
  }

  it("toasts the server's message on failure and hands the field errors back", async () => {
    const error = new HttpError('Invalid form', 400, { message: 'Invalid form', errors: { name: 'Name is required' } });
    const done = renderWith(async () => Promise.reject(error));
    await act(async () => screen.getByText('save').click());
    await waitFor(() => expect(done).toHaveBeenCalledWith(error));
    expect(done.mock.calls[0][0].body.errors).toEqual({ name: 'Name is required' });
  });

  it("lets a 401 fail as a failure with the console's authProvider: no success toast, no empty result", async () => {
    const { authProvider } = await import('../../providers/authProvider');
    const error = new HttpError('Unauthorized', 401, { message: 'Unauthorized' });
    const done = renderWith(async () => Promise.reject(error), authProvider.checkError);
    await act(async () => screen.getByText('save').click());
    await waitFor(() => expect(done).toHaveBeenCalledWith(error));
    expect(screen.queryByText('Shop approved')).toBeNull();
  });
});
