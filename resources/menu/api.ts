import type { Menu } from '../../domain/catalog/menu';
import { call, shop } from '../../providers/call';

/** The menu document (spec 2 §3), read and replaced whole. */
export const api = {
  getMenu: (shopId: string) => call<Menu>(`${shop(shopId)}/menu`),
  putMenu: (shopId: string, menu: Menu) => call<Menu>(`${shop(shopId)}/menu`, { method: 'PUT', body: menu }),
};

export type MenuApi = typeof api;
