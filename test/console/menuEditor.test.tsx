import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { MenuEditor } from '../../resources/catalog/menu/MenuEditor';
import { dragAnnouncements } from '../../resources/catalog/menu/Sortable';
import type { Shop } from '../../domain/shop';

/** The menu editor: categories collapse (one open at a time, Collapse all), and dragging is announced in words. */
const shop = { id: 'shop-1', name: 'Bean There', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
afterEach(cleanup);

const items = [
  { id: 'i-latte', name: 'Latte' },
  { id: 'i-flat', name: 'Flat White' },
  { id: 'i-marg', name: 'Margherita' },
];
const menu = {
  categories: [
    { name: 'Coffee', description: '', itemIds: ['i-latte', 'i-flat'], image: null },
    { name: 'Pizza', description: '', itemIds: ['i-marg'], image: null },
  ],
};

describe('dragAnnouncements', () => {
  it('names the row and its list, never an id', () => {
    const names: Record<string, string> = { 'row-1': 'Latte', 'row-2': 'Flat White' };
    const say = dragAnnouncements(['row-1', 'row-2'], (id) => names[id]!, 'Coffee');
    const active = { id: 'row-2' } as never;
    expect(say.onDragStart({ active })).toBe('Picked up Flat White, 2 of 2 in Coffee.');
    expect(say.onDragOver({ active, over: { id: 'row-1' } } as never)).toBe('Flat White moved to 1 of 2 in Coffee.');
    expect(say.onDragEnd({ active, over: { id: 'row-1' } } as never)).toBe('Flat White dropped at 1 of 2 in Coffee.');
    expect(say.onDragCancel({ active, over: null } as never)).toBe('Moving Flat White was cancelled; it stays at 2 of 2 in Coffee.');
  });
});

describe('MenuEditor', () => {
  it('shows the categories collapsed with their item counts, opens one at a time, and collapses all', async () => {
    renderInShop(<MenuEditor />, {
      shop,
      role: 'ADMIN',
      dataProvider: {
        ...testDataProvider(),
        getMenu: async () => menu,
        getList: async () => ({ data: items, total: items.length }),
      } as unknown as DataProvider,
    });
    const cards = await screen.findAllByTestId('category', undefined, { timeout: 5000 });
    expect(cards.map((c) => c.dataset.open)).toEqual(['false', 'false']);
    expect(cards.map((c) => within(c).getByTestId('category-count').textContent)).toEqual(['2 items', '1 item']);

    fireEvent.click(screen.getByRole('button', { name: 'Show Coffee' }));
    await waitFor(() => expect(screen.getAllByTestId('category').map((c) => c.dataset.open)).toEqual(['true', 'false']));
    expect(screen.getByRole('button', { name: 'Hide Coffee' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show Pizza' }));
    await waitFor(() => expect(screen.getAllByTestId('category').map((c) => c.dataset.open)).toEqual(['false', 'true']));
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.getAllByTestId('category').map((c) => c.dataset.open)).toEqual(['false', 'false']));

    // Rows are named for people: the drag handles and move buttons name the category and the item.
    screen.getByRole('button', { name: 'Move category Pizza up' });
    fireEvent.click(screen.getByRole('button', { name: 'Show Coffee' }));
    await screen.findByRole('button', { name: 'Drag Flat White' });

    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(screen.getAllByTestId('category').map((c) => c.dataset.open)).toEqual(['false', 'false', 'true']));
  }, 60_000);
});
