import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ApiKeysPage } from '../../resources/apikeys/ApiKeysPage';
import type { ApiKey, CreatedApiKey } from '../../domain/apiKeys';
import type { Shop } from '../../domain/shop';

/** The API keys page: the list in words, creating a key (checked before it is sent, shown once), revoking one. */
const shop = { id: 'shop-1', type: 'CAFE', name: 'Harbour Beans', timezone: 'Australia/Sydney', role: 'ADMIN' } as unknown as Shop;
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'Kitchen screen',
  prefix: 'AbCdEfGh',
  scopes: ['orders:read', 'orders:write'],
  createdBy: { id: 'u1', name: 'Olive Owner' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  status: 'ACTIVE',
  ...over,
});

function renderPage(start: ApiKey[], create?: (shopId: string, body: object) => Promise<CreatedApiKey>) {
  let list = start;
  const dataProvider = {
    ...testDataProvider(),
    getApiKeys: vi.fn(async () => list),
    createApiKey: vi.fn(
      create ??
        (async (_s: string, body: { name: string; scopes: ApiKey['scopes'] }) => {
          const made = key({ id: 'key-2', name: body.name, scopes: body.scopes, prefix: 'ZyXwVuTs' });
          list = [made, ...list];
          return { key: 'srv_ZyXwVuTs0123456789012345678901234567890123', apiKey: made };
        }),
    ),
    revokeApiKey: vi.fn(async (_s: string, id: string) => {
      list = list.map((k) => (k.id === id ? { ...k, status: 'REVOKED' as const, revokedAt: '2026-02-01T00:00:00.000Z' } : k));
      return list.find((k) => k.id === id);
    }),
  } as unknown as DataProvider & Record<'getApiKeys' | 'createApiKey' | 'revokeApiKey', ReturnType<typeof vi.fn>>;
  renderInShop(
    <>
      <ApiKeysPage />
      <Notification />
    </>,
    { shop, dataProvider, role: 'ADMIN' },
  );
  return dataProvider;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the API keys page', () => {
  it('lists each key with its prefix, its scopes in words, when it was last used, its expiry and its status', async () => {
    renderPage([key(), key({ id: 'key-0', name: 'Old printer', status: 'REVOKED', revokedAt: '2026-01-02T00:00:00.000Z' })]);
    const rows = await screen.findAllByTestId('api-key-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('Kitchen screen')).toBeTruthy();
    expect(first.getByText('srv_AbCdEfGh…')).toBeTruthy();
    expect(first.getByText('See orders, Accept, reject and complete orders')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getAllByText('Never').length).toBeGreaterThan(0);
    expect(within(rows[1]).getByText('Revoked')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says so when the shop has no keys', async () => {
    renderPage([]);
    expect(await screen.findByText('No API keys yet.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('checks the form before sending it, then shows the new key once with a copy button and a warning', async () => {
    const provider = renderPage([]);
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '2020-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The expiry should be in the future')).toBeTruthy();
    expect(provider.createApiKey).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Kitchen screen' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'See orders' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Change the menu and mark items sold out' }));
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(provider.createApiKey).toHaveBeenCalledWith('shop-1', {
      name: 'Kitchen screen',
      scopes: ['orders:read', 'menu:write'],
      expiresAt: null,
    });
    expect(within(shown).getByTestId('new-api-key').textContent).toBe('srv_ZyXwVuTs0123456789012345678901234567890123');
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('srv_ZyXwVuTs0123456789012345678901234567890123'));
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-key')).toBeNull());
    expect(await screen.findByText('srv_ZyXwVuTs…')).toBeTruthy();
  });

  it("sends a chosen last day as that day's end, and shows the server's field message when it refuses", async () => {
    const provider = renderPage([], async () => {
      throw new HttpError('The expiry should be in the future', 400, {
        message: 'The expiry should be in the future',
        errors: { expiresAt: 'The expiry should be in the future' },
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'POS' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Read reports' }));
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '2099-06-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(provider.createApiKey).toHaveBeenCalled());
    expect(provider.createApiKey.mock.calls[0][1]).toEqual({
      name: 'POS',
      scopes: ['reports:read'],
      expiresAt: new Date('2099-06-30T23:59:59.999').toISOString(),
    });
    expect(await within(dialog).findByText('The expiry should be in the future')).toBeTruthy();
  });

  it('revokes a key only after confirmation', async () => {
    const provider = renderPage([key()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Kitchen screen' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/will be refused from now on/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(provider.revokeApiKey).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Kitchen screen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(provider.revokeApiKey).toHaveBeenCalledWith('shop-1', 'key-1'));
    expect(await screen.findByText('API key revoked')).toBeTruthy();
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });
});
