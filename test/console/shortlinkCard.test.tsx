import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, Notification, testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ShortlinkCard } from '../../resources/shortlink/ShortlinkCard';
import { ShopOverview } from '../../resources/shops/ShopOverview';
import { MountsContext } from '../../src/contracts/mounts';
import type { Shortlink } from '../../domain/shortlink';
import type { Shop } from '../../domain/shop';

/** The short link card of the shop overview: none yet, created, copied, its code changed (and refused), read-only for staff. */
const shop = {
  id: 'shop-1',
  type: 'CAFE',
  name: 'Harbour Beans',
  description: 'Coffee by the water',
  locality: 'Manly',
  country: 'AU',
  timezone: 'Australia/Sydney',
  logo: { path: 'img/logo.png' },
  listing: { status: 'PUBLISHED' },
  role: 'ADMIN',
} as unknown as Shop;
const link = (code: string): Shortlink => ({ code, url: `https://admin.example.com/s/${code}`, updatedAt: '2026-01-01T00:00:00.000Z' });

function renderCard(
  start: Shortlink | null,
  role: 'USER' | 'ADMIN',
  updateShortlink: (shopId: string, code: string) => Promise<Shortlink> = async (_s, code) => link(code),
) {
  const dataProvider = {
    ...testDataProvider(),
    getShortlink: vi.fn(async () => start),
    createShortlink: vi.fn(async () => link('k7mq2xr')),
    updateShortlink: vi.fn(updateShortlink),
  } as unknown as DataProvider & Record<'getShortlink' | 'createShortlink' | 'updateShortlink', ReturnType<typeof vi.fn>>;
  renderInShop(
    <>
      <ShortlinkCard shopId={shop.id} />
      <Notification />
    </>,
    { shop, dataProvider, role },
  );
  return dataProvider;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the short link card', () => {
  it('lets an ADMIN create the link, then shows it whole with Change code', async () => {
    const provider = renderCard(null, 'ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Create short link' }, { timeout: 5000 }));
    expect(await screen.findByText('https://admin.example.com/s/k7mq2xr')).toBeTruthy();
    expect(provider.createShortlink).toHaveBeenCalledWith('shop-1');
    expect(screen.getByRole('button', { name: 'Change code' })).toBeTruthy();
  });

  it('checks the code with the domain schema before sending it, and saves a valid one', async () => {
    const provider = renderCard(link('k7mq2xr'), 'ADMIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Change code' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Code' });
    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The code should be at least 4 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'with space' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The code may only hold letters, digits, - and _')).toBeTruthy();
    expect(provider.updateShortlink).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'harbour' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('https://admin.example.com/s/harbour')).toBeTruthy();
    expect(provider.updateShortlink).toHaveBeenCalledWith('shop-1', 'harbour');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's 409 under the code field and keeps the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const taken = 'This short link is taken. Try another.';
    renderCard(link('k7mq2xr'), 'ADMIN', () => Promise.reject(new HttpError(taken, 409, { message: taken, code: 'SHORTLINK_TAKEN' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Change code' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'Outsider' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows staff the link read-only with Copy (toast), and says an admin creates it when there is none', async () => {
    renderCard(link('k7mq2xr'), 'USER');
    expect(await screen.findByText('https://admin.example.com/s/k7mq2xr', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change code' })).toBeNull();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Short link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://admin.example.com/s/k7mq2xr');

    cleanup();
    renderCard(null, 'USER');
    expect(await screen.findByText('An admin of the shop can create it.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create short link' })).toBeNull();
  });
});

describe('the shop overview', () => {
  it("shows the areas' overview cards below the shop", async () => {
    const Card = ({ shopId }: { shopId: string }) => <p>Card for {shopId}</p>;
    renderInShop(
      <MountsContext.Provider value={{ 'shop.overview': [Card] }}>
        <ShopOverview />
      </MountsContext.Provider>,
      { shop, role: 'ADMIN' },
    );
    expect(await screen.findByText('Card for shop-1')).toBeTruthy();
  });
});
