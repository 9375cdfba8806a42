import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, testDataProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { ShopContext } from '../../src/contracts/shopContext';
import { ItemList } from '../../resources/items/ItemList';
import type { Shop } from '../../domain/shop';

/** The items list's Options dialog: one switch per attribute value and topping, sold out through the availability route. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const on = { soldOut: false, until: null };
const stamps = { created: '2026-11-01T00:00:00.000Z', updated: '2026-11-01T00:00:00.000Z' };
const latte = {
  id: 'latte', type: 'BASIC', name: 'Latte', price: 4.5, availability: on, ...stamps,
  attributes: [{ name: 'Milk', multiple: false, optional: true, values: [{ name: 'Full cream', extraCharge: 0, availability: on }, { name: 'Oat milk', extraCharge: 0.5, availability: { soldOut: true, until: null } }] }],
};
const pizza = {
  id: 'marg', type: 'PIZZA', name: 'Margherita', price: 12, availability: on, ...stamps, attributes: [],
  sizes: { Large: { price: 12, hasHalfAndHalf: false } }, addToppings: [{ name: 'Olives', prices: { Large: 1 }, availability: on }],
};
const muffin = { id: 'muffin', type: 'BASIC', name: 'Muffin', price: 3, availability: on, ...stamps, attributes: [] };

function renderList(setItemAvailability: (...args: unknown[]) => Promise<unknown>) {
  const dataProvider = {
    ...testDataProvider(),
    getList: async () => ({ data: [latte, muffin, pizza], total: 3 }),
    setItemAvailability,
  } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} store={memoryStore()}>
        <ShopContext.Provider value={{ shop, role: 'USER', access: 'USER', refetch: () => undefined }}>
          <ItemList />
        </ShopContext.Provider>
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('Item options dialog', () => {
  it('offers Options only for items with attribute values or toppings', async () => {
    renderList(vi.fn());
    expect(await screen.findByRole('button', { name: 'Options of Latte' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Options of Margherita' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Options of Muffin' })).toBeNull();
  });

  it('sells out one attribute value until put back, and puts a sold-out one back on sale', async () => {
    const setItemAvailability = vi.fn(async () => latte);
    renderList(setItemAvailability);
    fireEvent.click(await screen.findByRole('button', { name: 'Options of Latte' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Options of Latte' });
    const oat = within(dialog).getByRole('switch', { name: 'Oat milk on sale' }) as HTMLInputElement;
    expect(oat.checked).toBe(false);
    expect(within(dialog).getByText('Until put back')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Full cream on sale' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sold out until put back' }));
    await waitFor(() => expect(setItemAvailability).toHaveBeenCalledTimes(1));
    expect(setItemAvailability).toHaveBeenLastCalledWith('shop-1', 'latte', { soldOut: true, attribute: 'Milk', value: 'Full cream' });

    fireEvent.click(oat);
    await waitFor(() => expect(setItemAvailability).toHaveBeenCalledTimes(2));
    expect(setItemAvailability).toHaveBeenLastCalledWith('shop-1', 'latte', { soldOut: false, attribute: 'Milk', value: 'Oat milk' });
  });

  it('sells out a pizza topping for the rest of today', async () => {
    const setItemAvailability = vi.fn(async () => pizza);
    renderList(setItemAvailability);
    fireEvent.click(await screen.findByRole('button', { name: 'Options of Margherita' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Options of Margherita' });
    expect(within(dialog).getByRole('heading', { name: 'Toppings' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Olives on sale' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sold out for today' }));
    await waitFor(() => expect(setItemAvailability).toHaveBeenCalledTimes(1));
    // The server turns `today` into the shop's next opening (it knows the shop's hours).
    expect(setItemAvailability.mock.calls[0]).toEqual(['shop-1', 'marg', { soldOut: true, today: true, topping: 'Olives' }]);
  });
});
