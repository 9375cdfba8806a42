/** Every console link into a shop: shopUrl(id) → /shops/{id}, shopUrl(id, 'users') → /shops/{id}/users. */
export function shopUrl(shopId: string, ...path: string[]): string {
  return ['/shops', encodeURIComponent(shopId), ...path.filter(Boolean)].join('/');
}

/** Where /shops/{shopId} leads (spec 1 §2): the shop's home, the orders area's New Orders page. */
export const SHOP_HOME_PATH = 'orders/dashboard';

/** Where a shop opens from any list: its home. */
export const shopHome = (shopId: string) => shopUrl(shopId, SHOP_HOME_PATH);
