/** Every console link into a shop: shopUrl(id) → /shops/{id}, shopUrl(id, 'users') → /shops/{id}/users. */
export function shopUrl(shopId: string, ...path: string[]): string {
  return ['/shops', encodeURIComponent(shopId), ...path.filter(Boolean)].join('/');
}

/** Where a shop opens from any list (spec 1 §2): its New Orders page. */
export const shopHome = (shopId: string) => shopUrl(shopId, 'orders', 'dashboard');
