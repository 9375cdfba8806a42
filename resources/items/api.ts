import type { AvailabilityBody, Item } from '../../domain/catalog/item';
import type { ShopToppingAvailabilityBody } from '../../domain/catalog/pizzaSettings';
import type { SettingKinds } from '../../providers/dataProvider';
import { call, seg, shop } from '../../providers/call';

/** Items beyond CRUD (spec 2 §3): copies and what is sold out. */
export const api = {
  copyItem: (shopId: string, itemId: string) => call<Item>(`${shop(shopId)}/items/${seg(itemId)}/copy`, { method: 'POST' }),
  setItemAvailability: (shopId: string, itemId: string, body: AvailabilityBody) =>
    call<Item>(`${shop(shopId)}/items/${seg(itemId)}/availability`, { method: 'PUT', body }),
  /** One of the shop's pizza toppings (every pizza without its own) sold out or back; answers the pizza settings. */
  setShopToppingAvailability: (shopId: string, body: ShopToppingAvailabilityBody) =>
    call<SettingKinds['pizza']>(`${shop(shopId)}/settings/pizza/toppings/availability`, { method: 'PUT', body }),
};

export type ItemsApi = typeof api;
