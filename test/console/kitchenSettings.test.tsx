import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { KitchenTab } from '../../resources/settings/tabs/KitchenTab';
import { defaultKitchen, kitchenMessages, type KitchenSettings } from '../../domain/kitchen';
import type { Shop } from '../../domain/shop';
import { renderInShop } from '../helpers/renderInShop';

/** The Kitchen tab of the Settings page: accept automatically and the capacity per slot, for pickup and delivery. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

function renderTab(stored: KitchenSettings, role: 'ADMIN' | 'USER' = 'ADMIN') {
  const putSetting = vi.fn(async (_shopId: string, _kind: string, value: KitchenSettings) => value);
  const dataProvider = { ...testDataProvider(), getSetting: async () => stored, putSetting } as unknown as DataProvider;
  renderInShop(<KitchenTab />, { shop, dataProvider, role });
  return putSetting;
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

afterEach(cleanup);

describe('the Kitchen settings tab', () => {
  it(
    'shows the ready time once pickup accepts automatically, checks it as typed, and saves limits per slot',
    { timeout: 60_000 },
    async () => {
      const putSetting = renderTab(defaultKitchen);
      const [pickupAuto, deliveryAuto] = await screen.findAllByRole('switch', { name: 'Accept orders automatically' });
      expect((deliveryAuto as HTMLInputElement).checked).toBe(false);
      expect(screen.queryByRole('spinbutton', { name: 'Ready in (minutes)' })).toBeNull();
      fireEvent.click(pickupAuto!);
      const readyIn = (await screen.findByRole('spinbutton', { name: 'Ready in (minutes)' })) as HTMLInputElement;
      expect(readyIn.value).toBe('20');
      fireEvent.change(readyIn, { target: { value: '3' } });
      expect(await screen.findByText(kitchenMessages.readyIn)).toBeTruthy();
      await waitFor(() => expect(save().disabled).toBe(true));
      fireEvent.change(readyIn, { target: { value: '25' } });
      const [pickupOrders] = screen.getAllByRole('spinbutton', { name: 'Orders per 15-minute slot' });
      fireEvent.change(pickupOrders!, { target: { value: '4' } });
      const [, deliverySales] = screen.getAllByRole('spinbutton', { name: 'Sales per 15-minute slot' });
      fireEvent.change(deliverySales!, { target: { value: '150' } });
      await waitFor(() => expect(save().disabled).toBe(false));
      fireEvent.click(save());
      await waitFor(() => expect(putSetting).toHaveBeenCalledTimes(1));
      expect(putSetting).toHaveBeenCalledWith('shop-1', 'kitchen', {
        pickup: { autoAccept: true, readyInMinutes: 25, maxOrders: 4, maxSales: null },
        delivery: { ...defaultKitchen.delivery, maxSales: 150 },
        inProgressLimit: null,
      });
    },
  );

  it('checks the orders-in-progress limit of the whole kitchen as typed, and saves it', { timeout: 60_000 }, async () => {
    const putSetting = renderTab(defaultKitchen);
    const limit = (await screen.findByRole('spinbutton', { name: 'Orders in progress limit' })) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Pickup and delivery together' })).toBeTruthy();
    expect(limit.value).toBe('');
    fireEvent.change(limit, { target: { value: '201' } });
    expect(await screen.findByText(kitchenMessages.inProgressLimit)).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(limit, { target: { value: '6' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(putSetting).toHaveBeenCalledTimes(1));
    expect(putSetting).toHaveBeenCalledWith('shop-1', 'kitchen', { ...defaultKitchen, inProgressLimit: 6 });
  });

  it('is read-only for staff', { timeout: 60_000 }, async () => {
    renderTab(defaultKitchen, 'USER');
    await screen.findAllByRole('switch', { name: 'Accept orders automatically' });
    expect(save().disabled).toBe(true);
  });
});
