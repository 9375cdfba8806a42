import type { ApiKeyScope } from '../../../domain/apiKeys';
import type { StaffPermissions } from '../../../domain/staffPermissions';

/** A route's scope, or for a route shared by several kinds of document (settings/:kind), the scope of each. */
type Rule = ApiKeyScope | ((params: Record<string, string>) => ApiKeyScope | null);

const pizzaOnly =
  (scope: ApiKeyScope): Rule =>
  (params) =>
    params.kind === 'pizza' ? scope : null;

/**
 * Every route an API key may call, by method and route pattern, with the scope it needs. A route not named here is
 * refused to keys: the accounts, platform and key-management routes, the live stream (it follows a session), and the
 * money, bank, payout and staff routes (refund retry, payouts, the connected account, sellers and invitations), so a
 * route added later stays closed to keys until someone decides its scope here.
 */
export const API_KEY_ROUTES: Readonly<Record<string, Rule>> = {
  // Orders, the busy switch, and the shop's event log (what an integration follows instead of the stream).
  'GET /api/shops/:shopId/orders': 'orders:read',
  'GET /api/shops/:shopId/orders/:orderId': 'orders:read',
  'GET /api/shops/:shopId/orders/busy': 'orders:read',
  'GET /api/shops/:shopId/orders/totals': 'orders:read',
  'GET /api/shops/:shopId/orders/:orderId/alerts': 'orders:read',
  'GET /api/shops/:shopId/events/feed': 'orders:read',
  'POST /api/shops/:shopId/orders/:orderId/acknowledge': 'orders:write',
  'PUT /api/shops/:shopId/orders/busy': 'orders:write',
  'POST /api/cafes/:shopId/orders/:orderId/accept': 'orders:write',
  'POST /api/cafes/:shopId/orders/:orderId/reject': 'orders:write',
  'POST /api/cafes/:shopId/orders/:orderId/complete': 'orders:write',
  'POST /api/cafes/:shopId/orders/:orderId/ready': 'orders:write',
  // Bookings.
  'GET /api/shops/:shopId/bookings': 'bookings:read',
  'GET /api/shops/:shopId/bookings/:bookingId': 'bookings:read',
  'GET /api/shops/:shopId/bookings/:bookingId/alerts': 'bookings:read',
  'POST /api/shops/:shopId/bookings/:bookingId/accept': 'bookings:write',
  'POST /api/shops/:shopId/bookings/:bookingId/reject': 'bookings:write',
  'POST /api/shops/:shopId/bookings/:bookingId/no_show': 'bookings:write',
  'POST /api/shops/:shopId/bookings/:bookingId/acknowledge': 'bookings:write',
  // The menu: items, categories, sold out, and the pizza settings.
  'GET /api/shops/:shopId/items': 'menu:read',
  'GET /api/shops/:shopId/items/:itemId': 'menu:read',
  'GET /api/shops/:shopId/menu': 'menu:read',
  'GET /api/shops/:shopId/settings/:kind': pizzaOnly('menu:read'),
  'POST /api/shops/:shopId/items': 'menu:write',
  'PUT /api/shops/:shopId/items/:itemId': 'menu:write',
  'DELETE /api/shops/:shopId/items/:itemId': 'menu:write',
  'POST /api/shops/:shopId/items/:itemId/copy': 'menu:write',
  'PUT /api/shops/:shopId/items/:itemId/availability': 'menu:write',
  'PUT /api/shops/:shopId/menu': 'menu:write',
  'PUT /api/shops/:shopId/settings/:kind': pizzaOnly('menu:write'),
  'PUT /api/shops/:shopId/settings/pizza/toppings/availability': 'menu:write',
  // Reports (not payouts: money).
  'GET /api/reports/shops/:shopId/orders/summary': 'reports:read',
  'GET /api/reports/shops/:shopId/orders.csv': 'reports:read',
  'POST /api/reports/shops/:shopId/sales/summary': 'reports:read',
  'GET /api/reports/shops/:shopId/sales.csv': 'reports:read',
  'GET /api/reports/shops/:shopId/today': 'reports:read',
  'GET /api/reports/shops/:shopId/apps': 'reports:read',
};

/** The scope a key needs for this route, or null when keys may not call it at all. HEAD is its GET. */
export function apiKeyScopeFor(method: string, url: string | undefined, params: unknown): ApiKeyScope | null {
  if (!url) return null;
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  if (!Object.hasOwn(API_KEY_ROUTES, key)) return null;
  const rule = API_KEY_ROUTES[key];
  return typeof rule === 'function' ? rule((params ?? {}) as Record<string, string>) : rule;
}

/**
 * What a key may do where a route also asks for a staff permission: exactly what its scopes give (changing the menu
 * is the catalog permission, reading reports the reports one); never posts or the bank account.
 */
export function apiKeyPermissions(scopes: readonly ApiKeyScope[]): StaffPermissions {
  return { catalog: scopes.includes('menu:write'), posts: false, reports: scopes.includes('reports:read'), bankAccount: false };
}
