import type { AvailabilityBody, Item } from '../../domain/catalog/item';
import type { ItemCsvImportAnswer, ItemCsvImportBody } from '../../domain/catalog/itemCsv';
import type { Menu } from '../../domain/catalog/menu';
import type { SoldOutEntry } from '../../domain/catalog/soldOutList';
import type { ShopToppingAvailabilityBody } from '../../domain/catalog/pizzaSettings';
import type { SettingKinds } from '../../providers/dataProvider';
import { call, seg, shop } from '../../providers/call';
import { saveDownload } from '../../providers/files';

/**
 * The catalog beyond CRUD (spec 2 §3): copies and what is sold out, and the menu document, read and replaced whole.
 * The delivery info is a settings kind, read and written through the dataProvider's getSetting/putSetting.
 */
export const api = {
  copyItem: (shopId: string, itemId: string) => call<Item>(`${shop(shopId)}/items/${seg(itemId)}/copy`, { method: 'POST' }),
  setItemAvailability: (shopId: string, itemId: string, body: AvailabilityBody) =>
    call<Item>(`${shop(shopId)}/items/${seg(itemId)}/availability`, { method: 'PUT', body }),
  /** One of the shop's pizza toppings (every pizza without its own) sold out or back; answers the pizza settings. */
  setShopToppingAvailability: (shopId: string, body: ShopToppingAvailabilityBody) =>
    call<SettingKinds['pizza']>(`${shop(shopId)}/settings/pizza/toppings/availability`, { method: 'PUT', body }),
  /** What is sold out now, for the board's panel (soonest back first). */
  getSoldOut: (shopId: string) => call<SoldOutEntry[]>(`${shop(shopId)}/sold_out`),
  getMenu: (shopId: string) => call<Menu>(`${shop(shopId)}/menu`),
  putMenu: (shopId: string, menu: Menu) => call<Menu>(`${shop(shopId)}/menu`, { method: 'PUT', body: menu }),
  /** Every item as a CSV file the browser saves (items.csv). */
  exportItemsCsv: (shopId: string) => saveDownload(`${shop(shopId)}/items/export.csv`, 'items.csv'),
  /** The rows of an edited file: a dry run says what each does; without it all are applied, or none. */
  importItemsCsv: (shopId: string, body: ItemCsvImportBody) =>
    call<ItemCsvImportAnswer>(`${shop(shopId)}/items/import`, { method: 'POST', body }),
};

export type CatalogApi = typeof api;
