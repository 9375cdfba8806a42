import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { ItemList } from '../../resources/catalog/items/ItemList';
import type { Shop } from '../../domain/shop';

/** The items list's Options dialog: one switch per attribute value and topping, sold out through the availability route. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const on = { soldOut: false, until: null };
const stamps = { created: '2026-11-01T00:00:00.000Z', updated: '2026-11-01T00:00:00.000Z' };
const latte = {
  id: 'latte',
  type: 'BASIC',
  name: 'Latte',
  price: 4.5,
  availability: on,
  ...stamps,
  attributes: [
    {
      name: 'Milk',
      multiple: false,
      optional: true,
      values: [
        { name: 'Full cream', extraCharge: 0, availability: on },
        { name: 'Oat milk', extraCharge: 0.5, availability: { soldOut: true, until: null } },
      ],
    },
  ],
};
const pizza = {
  id: 'marg',
  type: 'PIZZA',
  name: 'Margherita',
  price: 12,
  availability: on,
  ...stamps,
  attributes: [],
  sizes: { Large: { price: 12, hasHalfAndHalf: false } },
  addToppings: [{ name: 'Olives', prices: { Large: 1 }, availability: on }],
};
const muffin = { id: 'muffin', type: 'BASIC', name: 'Muffin', price: 3, availability: on, ...stamps, attributes: [] };
/** A pizza without add-toppings of its own: it uses the shop's toppings from Pizza Settings. */
const funghi = { ...pizza, id: 'funghi', name: 'Funghi', addToppings: [] };
const pizzaSettings = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [{ name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 }],
  toppings: [
    { name: 'Anchovies', prices: { Large: 1 }, availability: on },
    { name: 'Ham', prices: { Large: 2 }, availability: { soldOut: true, until: null } },
  ],
};
const withTopping = (name: string, availability: object) => ({
  ...pizzaSettings,
  toppings: pizzaSettings.toppings.map((t) => (t.name === name ? { ...t, availability } : t)),
});

function renderList(
  setItemAvailability: (...args: never[]) => Promise<unknown>,
  setShopToppingAvailability: (...args: never[]) => Promise<unknown> = vi.fn(),
) {
  const dataProvider = {
    ...testDataProvider(),
    getList: async () => ({ data: [latte, muffin, pizza, funghi], total: 4 }),
    getSetting: async (_shopId: string, kind: string) => (kind === 'pizza' ? pizzaSettings : {}),
    setItemAvailability,
    setShopToppingAvailability,
  } as unknown as DataProvider;
  renderInShop(<ItemList />, { shop, dataProvider: dataProvider });
}

afterEach(cleanup);

describe('Item options dialog', () => {
  it('offers Options only for items with attribute values or toppings', async () => {
    renderList(vi.fn());
    expect(await screen.findByRole('button', { name: 'Options of Latte' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Options of Margherita' })).toBeTruthy();
    // Funghi lists no toppings of its own: its options are the shop's toppings.
    expect(await screen.findByRole('button', { name: 'Options of Funghi' })).toBeTruthy();
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

  it("shows the shop's toppings only for a pizza that uses them, labelled as applying to every pizza; sells one out for today and puts one back", async () => {
    const setShopToppingAvailability = vi.fn(async (_shopId: string, body: { topping: string; soldOut: boolean }) =>
      withTopping(body.topping, body.soldOut ? { soldOut: true, until: '2099-01-01T00:00:00.000Z' } : on),
    );
    const setItemAvailability = vi.fn();
    renderList(setItemAvailability, setShopToppingAvailability);
    fireEvent.click(await screen.findByRole('button', { name: 'Options of Margherita' }, { timeout: 5000 }));
    const own = await screen.findByRole('dialog', { name: 'Options of Margherita' });
    expect(within(own).queryByRole('heading', { name: 'Shop toppings (all pizzas)' })).toBeNull();
    fireEvent.click(within(own).getByRole('button', { name: 'Close' }));
    // The list is reachable again once the closing dialog has gone.
    fireEvent.click(await screen.findByRole('button', { name: 'Options of Funghi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Options of Funghi' });
    const section = within(dialog).getByRole('region', { name: 'Shop toppings (all pizzas)' });
    expect(
      within(section).getByText('From Pizza Settings: selling one out here applies to every pizza that uses the shop toppings.'),
    ).toBeTruthy();
    expect((within(section).getByRole('switch', { name: 'Ham on sale' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(within(section).getByRole('switch', { name: 'Anchovies on sale' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sold out for today' }));
    await waitFor(() => expect(setShopToppingAvailability).toHaveBeenCalledTimes(1));
    expect(setShopToppingAvailability).toHaveBeenLastCalledWith('shop-1', { soldOut: true, today: true, topping: 'Anchovies' });
    // The answer (the pizza settings document) is what the dialog shows next.
    await waitFor(() =>
      expect((within(section).getByRole('switch', { name: 'Anchovies on sale' }) as HTMLInputElement).checked).toBe(false),
    );

    fireEvent.click(within(section).getByRole('switch', { name: 'Ham on sale' }));
    await waitFor(() => expect(setShopToppingAvailability).toHaveBeenCalledTimes(2));
    expect(setShopToppingAvailability).toHaveBeenLastCalledWith('shop-1', { soldOut: false, topping: 'Ham' });
    expect(setItemAvailability).not.toHaveBeenCalled();
  });

  it("sells a shop topping out until a chosen shop time, or until put back, from the list's Shop toppings button", async () => {
    const setShopToppingAvailability = vi.fn(async () => pizzaSettings);
    renderList(vi.fn(), setShopToppingAvailability);
    fireEvent.click(await screen.findByRole('button', { name: 'Shop toppings' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Shop toppings (all pizzas)' });
    expect(
      within(dialog).getByText('From Pizza Settings: selling one out here applies to every pizza that uses the shop toppings.'),
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Anchovies on sale' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sold out until…' }));
    const until = await screen.findByRole('dialog', { name: 'Sold out until' });
    // 10:00 on 1 January 2099 in Sydney (AEDT, UTC+11), whatever the browser's zone.
    fireEvent.change(within(until).getByLabelText('Back on sale at'), { target: { value: '2099-01-01T10:00' } });
    fireEvent.click(within(until).getByRole('button', { name: 'Sold out' }));
    await waitFor(() => expect(setShopToppingAvailability).toHaveBeenCalledTimes(1));
    expect(setShopToppingAvailability).toHaveBeenLastCalledWith('shop-1', {
      soldOut: true,
      until: '2098-12-31T23:00:00.000Z',
      topping: 'Anchovies',
    });

    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Anchovies on sale' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sold out until put back' }));
    await waitFor(() => expect(setShopToppingAvailability).toHaveBeenCalledTimes(2));
    expect(setShopToppingAvailability).toHaveBeenLastCalledWith('shop-1', { soldOut: true, topping: 'Anchovies' });
  });
});
