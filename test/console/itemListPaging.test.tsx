import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ItemList } from '../../resources/catalog/items/ItemList';
import type { Shop } from '../../domain/shop';

/** A menu larger than one page is paged, never cut off; a new search starts at its first page. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const on = { soldOut: false, until: null };
const items = Array.from({ length: 230 }, (_, i) => ({
  id: `item-${i}`,
  type: 'BASIC',
  name: `Item ${String(i + 1).padStart(3, '0')}`,
  price: 4,
  availability: on,
  attributes: [],
  created: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
}));

afterEach(cleanup);

describe('Items list paging', () => {
  it('shows 100 items a page with the total from the server, and a search from its first page', async () => {
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      const q = (params.filter as { q?: string }).q;
      const matching = q ? items.filter((i) => i.name.includes(q)) : items;
      const { page, perPage } = params.pagination!;
      return { data: matching.slice((page - 1) * perPage, page * perPage), total: matching.length };
    });
    const dataProvider = { ...testDataProvider(), getList, getSetting: async () => ({}) } as unknown as DataProvider;
    renderInShop(<ItemList />, { shop, dataProvider: dataProvider });
    expect(await screen.findByText('Item 001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Item 100')).toBeTruthy();
    expect(screen.queryByText('Item 101')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Items page 3' }));
    expect(await screen.findByText('Item 230')).toBeTruthy();
    expect(screen.getByText('Item 201')).toBeTruthy();
    expect(screen.queryByText('Item 001')).toBeNull();

    // Searching from page 3 shows the first page of the answer.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search items' }), { target: { value: 'Item 1' } });
    await waitFor(
      () =>
        expect(getList).toHaveBeenLastCalledWith(
          'items',
          expect.objectContaining({ filter: { q: 'Item 1' }, pagination: { page: 1, perPage: 100 } }),
        ),
      { timeout: 3000 },
    );
    expect(await screen.findByText('Item 100')).toBeTruthy();
    // Item 100–199: exactly one page, so no pager.
    expect(screen.queryByRole('button', { name: 'Items page 1' })).toBeNull();
    // Three renders of 100 MUI rows in jsdom: tens of seconds on a busy 2-core machine.
  }, 90_000);

  it("an empty shop's list says it has no items yet; only a search that finds nothing says 'No matching items.'", async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    const dataProvider = { ...testDataProvider(), getList, getSetting: async () => ({}) } as unknown as DataProvider;
    renderInShop(<ItemList />, { shop, dataProvider });
    expect(await screen.findByText('No items yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('No matching items.')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search items' }), { target: { value: 'latte' } });
    expect(await screen.findByText('No matching items.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('No items yet')).toBeNull();
  });
});
