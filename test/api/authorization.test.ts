import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app';
import { createUser, type TestUser } from '../helpers/users';
import { buildApp, type RouteEntry } from '../../server/app';
import type { Shop } from '../../domain/shop';
import { addSeller, createShop, setStaffPermissions, validShop, type ShopWorld } from '../helpers/shopWorld';
import { SETTINGS, type SettingsKind } from '../../domain/settings';
import { STAFF_PERMISSIONS, staffPermissionDenied, type StaffPermission } from '../../domain/staffPermissions';
import { stripeCalls } from './stripe/support';

/**
 * Tenant isolation and roles, for EVERY route the app has.
 * Each route in app.routeTable needs a case below saying who may call it; a route without one fails
 * the first test, so a new route cannot skip these checks. The case must also agree with the route's
 * own config (auth, shopRole), so the map documents the access rules in one place.
 */

interface Ids {
  shop: Shop;
  userUid: string;
  inviteId: string;
}
type Request = (ids: Ids) => { url?: string; payload?: Record<string, unknown> };
type Case =
  /** Anyone may call it; `why` says why that is intended. */
  | { access: 'public'; why: string }
  /** Any signed-in user, verified or not. */
  | { access: 'session'; request?: Request }
  /** Any signed-in user with a verified e-mail; not about one shop. */
  | { access: 'verified'; request?: Request }
  /** Platform staff only; not about one shop. */
  | { access: 'superAdmin'; request?: Request }
  /**
   * Users of the shop in the URL with at least this role (super admins act as ADMIN); a USER also needs the staff
   * permission, when one is named.
   */
  | { access: 'shop'; role: 'USER' | 'ADMIN'; permission?: StaffPermission; request?: Request }
  /** Platform staff only, about the shop in the URL (which must exist). */
  | { access: 'shopSuperAdmin'; request?: Request };

// An order id for the order routes (refused before it is looked up).
const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';
const ENDPOINT_ID = '00000000-0000-4000-8000-0000000000ee';
// A booking id for the booking routes (refused before it is looked up).
const BOOKING_ID = '00000000-0000-4000-8000-0000000000bb';
const fee = { applicable: true, microLimit: 1000, microAmount: 10, microPercentage: 1, normalAmount: 50, normalPercentage: 1 };
// What a refused request would have written.
const planted = {
  post: { title: 'Planted post title', description: 'A post that no refused caller may ever get into the shop.' },
  postUrl: (shopId: string) => `/api/shops/${shopId}/posts/00000000-0000-4000-8000-000000000000`,
};
const coupon = {
  coupon: 'SNEAKY',
  description: 'Sneaky coupon',
  startDate: '2030-01-01',
  endDate: '2030-01-02',
  type: 'FREE_DELIVERY',
  freeDelivery: { applicableOverAmount: 0 },
};
const REPORT_RANGE = 'from=2026-01-01T00:00:00%2B11:00&to=2026-01-02T00:00:00%2B11:00';
const NO_ITEM = '00000000-0000-4000-8000-00000000feed';
const shopEdit = {
  name: 'Hijacked Name',
  description: 'Hijacked description',
  locality: 'Hijacked',
  logo: { path: 'img/x.png' },
  timezone: 'Australia/Sydney',
};

export const CASES: Record<string, Case> = {
  // Documentation and health: nothing private, needed before anyone signs in.
  'GET /api/openapi.json': { access: 'public', why: 'the API description' },
  'GET /api/docs': { access: 'public', why: 'Swagger UI entry' },
  'GET /api/docs/json': { access: 'public', why: 'the API description (Swagger UI)' },
  'GET /api/docs/yaml': { access: 'public', why: 'the API description (Swagger UI)' },
  'GET /api/docs/static/index.html': { access: 'public', why: 'Swagger UI page' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', why: 'Swagger UI script' },
  'GET /api/docs/static/*': { access: 'public', why: 'Swagger UI assets' },
  'GET /api/health': { access: 'public', why: 'liveness probe for load balancers' },
  // Accounts: the ways in, before there is a session (rate-limited by the accounts area).
  'POST /api/auth/register': { access: 'public', why: 'sign-up' },
  'POST /api/auth/login': { access: 'public', why: 'sign-in' },
  'POST /api/auth/login/two-factor': {
    access: 'public',
    why: "sign-in's second step: the signed challenge and the code are the credential",
  },
  'POST /api/auth/refresh': { access: 'public', why: 'the httpOnly refresh cookie is the credential' },
  'POST /api/auth/logout': { access: 'public', why: 'ends the session of the refresh cookie, if any' },
  'POST /api/auth/reset': { access: 'public', why: 'forgotten password' },
  'GET /api/auth/action': { access: 'public', why: 'the mailed one-time code is the credential' },
  'POST /api/auth/action': { access: 'public', why: 'the mailed one-time code is the credential' },
  'POST /api/auth/verify/resend': { access: 'session' },
  'GET /api/me': { access: 'session' },
  'GET /api/me/preferences': { access: 'session' },
  'PATCH /api/me/preferences': { access: 'session', request: () => ({ payload: { orderSound: false } }) },
  'GET /api/me/two-factor': { access: 'session' },
  'POST /api/me/two-factor/setup': { access: 'session' },
  'POST /api/me/two-factor/enable': { access: 'session', request: () => ({ payload: { code: '123456' } }) },
  'POST /api/me/two-factor/disable': { access: 'session', request: () => ({ payload: { code: '123456' } }) },
  'GET /api/me/sessions': { access: 'session' },
  'DELETE /api/me/sessions': { access: 'session' },
  'DELETE /api/me/sessions/:sessionId': {
    access: 'session',
    request: () => ({ url: '/api/me/sessions/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/me/password': {
    access: 'session',
    request: () => ({ payload: { currentPassword: 'not-the-password', newPassword: 'another-password-1' } }),
  },
  'GET /api/users/is_super_admin': { access: 'session' },
  'GET /api/me/step-up': { access: 'session' },
  'POST /api/me/step-up': { access: 'session', request: () => ({ payload: { password: 'not-the-password' } }) },
  // Files: uploaded images are public by design (logos, posts), served from unguessable keys.
  'POST /api/uploads': { access: 'verified' },
  'GET /api/media/*': { access: 'public', why: 'images shown to customers; keys are random' },
  // Shops.
  'GET /api/shops': { access: 'verified' },
  'POST /api/shops': { access: 'verified', request: () => ({ payload: validShop({ name: 'Sneaky Shop' }) }) },
  'GET /api/shops/:shopId': { access: 'shop', role: 'USER' },
  'PUT /api/shops/:shopId': { access: 'shop', role: 'ADMIN', request: () => ({ payload: shopEdit }) },
  'GET /api/shops/:shopId/setup': { access: 'shop', role: 'ADMIN' },
  'POST /api/shops/:shopId/setup/shared': { access: 'shop', role: 'ADMIN' },
  'GET /api/shops/review': { access: 'superAdmin' },
  'GET /api/shops/browse': { access: 'superAdmin' },
  'GET /api/shops/search': { access: 'superAdmin', request: () => ({ url: '/api/shops/search?q=target' }) },
  'POST /api/shops/:shopId/approve': { access: 'shopSuperAdmin' },
  'POST /api/shops/:shopId/reject': { access: 'shopSuperAdmin', request: () => ({ payload: { rejectReason: 'No' } }) },
  // Staff and invitations.
  'GET /api/shops/:shopId/sellers': { access: 'shop', role: 'USER' },
  'DELETE /api/shops/:shopId/sellers/:uid': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/invites': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/invites': {
    access: 'shop',
    role: 'USER',
    request: () => ({ payload: { to: 'intruder-pick@example.com', role: 'USER' } }),
  },
  'POST /api/shops/:shopId/invites/:inviteId/resend': { access: 'shop', role: 'USER' },
  'DELETE /api/shops/:shopId/invites/:inviteId': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/invites/:inviteId/preview': { access: 'public', why: "the invitation link's token is the credential" },
  'PUT /api/shops/:shopId/invites/:inviteId': {
    access: 'public',
    why: "the invitation link's token is the credential; accepting also needs the invited account",
  },
  'POST /api/shops/:shopId/add_user': {
    access: 'shopSuperAdmin',
    request: () => ({ payload: { email: 'planted@example.com', password: 'a fine password' } }),
  },
  // Settings: members reach the endpoint; each kind's own read/write role is checked by test/api/shops/settings.test.ts.
  'GET /api/shops/:shopId/settings/:kind': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/settings/transaction_fee` }),
  },
  'PUT /api/shops/:shopId/settings/:kind': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/settings/transaction_fee`, payload: fee }),
  },
  // Platform.
  'GET /api/shops/:shopId/transaction_fee': { access: 'shopSuperAdmin' },
  'PUT /api/shops/:shopId/transaction_fee': { access: 'shopSuperAdmin', request: () => ({ payload: fee }) },
  'GET /api/platform/remote-config': { access: 'superAdmin' },
  'PUT /api/platform/remote-config': {
    access: 'superAdmin',
    request: () => ({ payload: { switchToCustomConnect: true, stripePk: 'pk_evil' } }),
  },
  'GET /api/platform/security': { access: 'superAdmin' },
  'PUT /api/platform/security': { access: 'superAdmin', request: () => ({ payload: { requireTwoFactorForSuperAdmins: true } }) },
  'GET /api/platform/stripe-key': { access: 'verified' },
  // Posts and billboards: every member reads them; staff edit them with the posts permission.
  'GET /api/shops/:shopId/posts': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/posts': { access: 'shop', role: 'USER', permission: 'posts', request: () => ({ payload: planted.post }) },
  'GET /api/shops/:shopId/posts/:postId': { access: 'shop', role: 'USER', request: ({ shop }) => ({ url: planted.postUrl(shop.id) }) },
  'PUT /api/shops/:shopId/posts/:postId': {
    access: 'shop',
    role: 'USER',
    permission: 'posts',
    request: ({ shop }) => ({ url: planted.postUrl(shop.id), payload: planted.post }),
  },
  'DELETE /api/shops/:shopId/posts/:postId': {
    access: 'shop',
    role: 'USER',
    permission: 'posts',
    request: ({ shop }) => ({ url: planted.postUrl(shop.id) }),
  },
  'GET /api/shops/:shopId/billboards': { access: 'shop', role: 'USER' },
  'PUT /api/shops/:shopId/billboards': { access: 'shop', role: 'USER', permission: 'posts', request: () => ({ payload: { images: [] } }) },
  'GET /api/storefront/shops/:shopId/posts': { access: 'public', why: "customers' apps read a PUBLISHED shop's live posts" },
  'GET /api/storefront/shops/:shopId/billboards': { access: 'public', why: "customers' apps read a PUBLISHED shop's billboards" },
  // Timings and promotions: closures, coupons, and the customers' hours.
  'GET /api/shops/:shopId/closures': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/closures': {
    access: 'shop',
    role: 'ADMIN',
    request: () => ({ payload: { date: '2030-01-01', note: 'Sneaky' } }),
  },
  'PUT /api/shops/:shopId/closures/:closureId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({
      url: `/api/shops/${shop.id}/closures/00000000-0000-4000-8000-000000000000`,
      payload: { date: '2030-01-01', note: 'Sneaky' },
    }),
  },
  'DELETE /api/shops/:shopId/closures/:closureId': { access: 'shop', role: 'ADMIN' },
  'GET /api/shops/:shopId/promotions': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/promotions/:id': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/promotions': { access: 'shop', role: 'ADMIN', request: () => ({ payload: coupon }) },
  'PUT /api/shops/:shopId/promotions/:id': { access: 'shop', role: 'ADMIN', request: () => ({ payload: coupon }) },
  'DELETE /api/shops/:shopId/promotions/:id': { access: 'shop', role: 'ADMIN' },
  'GET /api/storefront/shops/:shopId/hours': { access: 'public', why: "customers' apps show when a published shop is open" },
  // Catalog: items, menu, storefront menu (a made-up item id: the shop check answers before the item is looked up).
  // Every member reads it and marks items sold out; staff change it with the catalog permission.
  'GET /api/shops/:shopId/items': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/items': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: () => ({ payload: { type: 'BASIC', name: 'Planted', price: 1 } }),
  },
  'GET /api/shops/:shopId/items/export.csv': { access: 'shop', role: 'USER', permission: 'catalog' },
  'POST /api/shops/:shopId/items/import': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: () => ({ payload: { rows: [{ type: 'BASIC', name: 'Planted', price: '1' }], dryRun: false } }),
  },
  'GET /api/shops/:shopId/items/:itemId': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/items/${NO_ITEM}` }),
  },
  'PUT /api/shops/:shopId/items/:itemId': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/items/${NO_ITEM}`, payload: { type: 'BASIC', name: 'Planted', price: 1 } }),
  },
  'DELETE /api/shops/:shopId/items/:itemId': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/items/${NO_ITEM}` }),
  },
  'POST /api/shops/:shopId/items/:itemId/copy': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/items/${NO_ITEM}/copy` }),
  },
  'PUT /api/shops/:shopId/items/:itemId/availability': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/items/${NO_ITEM}/availability`, payload: { soldOut: true } }),
  },
  'PUT /api/shops/:shopId/settings/pizza/toppings/availability': {
    access: 'shop',
    role: 'USER',
    request: () => ({ payload: { topping: 'Olives', soldOut: true } }),
  },
  'GET /api/shops/:shopId/sold_out': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/menu': { access: 'shop', role: 'USER' },
  'PUT /api/shops/:shopId/menu': {
    access: 'shop',
    role: 'USER',
    permission: 'catalog',
    request: () => ({ payload: { categories: [{ name: 'Hijacked' }] } }),
  },
  'GET /api/storefront/shops/:shopId/menu': {
    access: 'public',
    why: "customers' apps load the menu of a PUBLISHED shop without a console login",
  },
  // Apps: white-label apps (super admins), the build runner (its own bearer token), downloads.
  'GET /api/whitelabel/apps': { access: 'superAdmin' },
  'POST /api/whitelabel/apps': {
    access: 'superAdmin',
    request: () => ({
      payload: {
        bundleId: 'com.evil.app',
        name: 'Evil App',
        logo: { path: 'img/x.png' },
        outlets: [{ name: 'Evil', shopId: '00000000-0000-4000-8000-000000000000' }],
      },
    }),
  },
  'GET /api/whitelabel/apps/:bundleId': { access: 'superAdmin', request: () => ({ url: '/api/whitelabel/apps/com.target.app' }) },
  'PUT /api/whitelabel/apps/:bundleId': {
    access: 'superAdmin',
    request: () => ({
      url: '/api/whitelabel/apps/com.target.app',
      payload: {
        name: 'Evil App',
        logo: { path: 'img/x.png' },
        outlets: [{ name: 'Evil', shopId: '00000000-0000-4000-8000-000000000000' }],
      },
    }),
  },
  'GET /api/whitelabel/apps/:bundleId/appstore': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/appstore' }),
  },
  'PUT /api/whitelabel/apps/:bundleId/appstore': {
    access: 'superAdmin',
    request: () => ({
      url: '/api/whitelabel/apps/com.target.app/appstore',
      payload: { bundleName: 'a', appleId: 'a', teamId: 'a', itcTeamId: 'a', itcTeamName: 'a' },
    }),
  },
  'GET /api/whitelabel/apps/:bundleId/playstore': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/playstore' }),
  },
  'PUT /api/whitelabel/apps/:bundleId/playstore': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/playstore', payload: { bundleName: 'Evil' } }),
  },
  'PUT /api/whitelabel/apps/:bundleId/files/:kind': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/files/apnsCert' }),
  },
  'GET /api/whitelabel/apps/:bundleId/files/:kind': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/files/apnsCert' }),
  },
  'GET /api/whitelabel/apps/:bundleId/builds': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/builds' }),
  },
  'POST /api/whitelabel/apps/:bundleId/builds': {
    access: 'superAdmin',
    request: () => ({ url: '/api/whitelabel/apps/com.target.app/builds', payload: { store: 'PLAYSTORE' } }),
  },
  'GET /api/build-runner/tokens': { access: 'superAdmin' },
  'POST /api/build-runner/tokens': { access: 'superAdmin', request: () => ({ payload: { name: 'Evil runner' } }) },
  'DELETE /api/build-runner/tokens/:id': {
    access: 'superAdmin',
    request: () => ({ url: '/api/build-runner/tokens/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/build-runner/claim': {
    access: 'public',
    why: "a CI build runner's own bearer token (created and revoked by super admins) is the credential, checked in the handler",
  },
  'POST /api/build-runner/builds/:buildId/status': {
    access: 'public',
    why: 'the build runner token that claimed the build is the credential, checked in the handler',
  },
  'POST /api/storefront/apps/:bundleId/devices': {
    access: 'public',
    why: "customers' apps register their install without an account; limited per IP",
  },
  'GET /api/reports/shops/:shopId/apps': { access: 'shop', role: 'USER' },
  // Reports: members with the reports permission read them (the apps that list the shop are no report: every member).
  'GET /api/reports/shops/:shopId/orders/summary': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: ({ shop }) => ({ url: `/api/reports/shops/${shop.id}/orders/summary?${REPORT_RANGE}` }),
  },
  'GET /api/reports/shops/:shopId/orders.csv': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: ({ shop }) => ({ url: `/api/reports/shops/${shop.id}/orders.csv?${REPORT_RANGE}` }),
  },
  'GET /api/reports/shops/:shopId/history.csv': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: ({ shop }) => ({ url: `/api/reports/shops/${shop.id}/history.csv?${REPORT_RANGE}` }),
  },
  'POST /api/reports/shops/:shopId/sales/summary': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: () => ({ payload: { range: 'WEEK' } }),
  },
  'GET /api/reports/shops/:shopId/sales.csv': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: ({ shop }) => ({ url: `/api/reports/shops/${shop.id}/sales.csv?range=WEEK` }),
  },
  'GET /api/reports/shops/:shopId/today': { access: 'shop', role: 'USER', permission: 'reports' },
  'GET /api/reports/shops/:shopId/payouts': {
    access: 'shop',
    role: 'USER',
    permission: 'reports',
    request: ({ shop }) => ({ url: `/api/reports/shops/${shop.id}/payouts?from=2026-01-01&to=2026-01-31` }),
  },
  'GET /api/reports/apps/:bundleId/downloads/stats': {
    access: 'verified',
    request: () => ({ url: '/api/reports/apps/com.target.app/downloads/stats' }),
  },
  'GET /api/reports/apps/:bundleId/downloads/devices': {
    access: 'verified',
    request: () => ({ url: '/api/reports/apps/com.target.app/downloads/devices' }),
  },
  'GET /api/reports/apps/:bundleId/downloads/daily': {
    access: 'verified',
    request: () => ({ url: '/api/reports/apps/com.target.app/downloads/daily' }),
  },
  'GET /api/reports/apps/:bundleId/downloads/devices.csv': {
    access: 'verified',
    request: () => ({ url: '/api/reports/apps/com.target.app/downloads/devices.csv' }),
  },
  // Stripe: the shop's connected account, in the shop scope under /api/stripe/shops/:shopId. Staff see the account,
  // payouts and balance with the reports permission, and change the bank account and payout schedule (and open the
  // provider's account forms) only with the bankAccount permission.
  'GET /api/stripe/shops/:shopId/active_account': { access: 'shop', role: 'USER' },
  // Connecting, finishing a connection and disconnecting choose where the shop's card revenue goes: admins only.
  'POST /api/stripe/shops/:shopId/authorize/url': { access: 'shop', role: 'ADMIN' },
  'POST /api/stripe/shops/:shopId/authorize/return': {
    access: 'shop',
    role: 'ADMIN',
    request: () => ({ payload: { code: 'sim_code_0123456789abcdef', state: 'forged' } }),
  },
  'GET /api/stripe/shops/:shopId/account': { access: 'shop', role: 'USER', permission: 'reports' },
  'DELETE /api/stripe/shops/:shopId/account': { access: 'shop', role: 'ADMIN' },
  'POST /api/stripe/shops/:shopId/links/verification': { access: 'shop', role: 'USER', permission: 'bankAccount' },
  'POST /api/stripe/shops/:shopId/links/update': { access: 'shop', role: 'USER', permission: 'bankAccount' },
  'POST /api/stripe/shops/:shopId/archive': { access: 'shopSuperAdmin' },
  'POST /api/stripe/shops/:shopId/external_account/:token': {
    access: 'shop',
    role: 'USER',
    permission: 'bankAccount',
    request: ({ shop }) => ({ url: `/api/stripe/shops/${shop.id}/external_account/btok_sim_planted` }),
  },
  'POST /api/stripe/shops/:shopId/payout_schedule': {
    access: 'shop',
    role: 'USER',
    permission: 'bankAccount',
    request: () => ({ payload: { interval: 'daily' } }),
  },
  'GET /api/stripe/shops/:shopId/payouts': { access: 'shop', role: 'USER', permission: 'reports' },
  'GET /api/stripe/shops/:shopId/balance': { access: 'shop', role: 'USER', permission: 'reports' },
  'GET /api/stripe/shops/:shopId/balance_transactions': { access: 'shop', role: 'USER', permission: 'reports' },
  'POST /api/stripe/reconcile': { access: 'superAdmin' },
  'POST /api/stripe/webhooks': { access: 'public', why: "Stripe calls it; the body's Stripe-Signature is the credential" },
  'GET /api/stripe/oauth/return': {
    access: 'public',
    why: "Stripe's OAuth redirect; only forwards its signed state to the console, which finishes signed in",
  },
  'GET /api/stripe/simulated/oauth': {
    access: 'public',
    why: "the simulated provider's stand-in for Stripe's OAuth page; its signed state is the credential",
  },
  'GET /api/stripe/simulated/onboard': {
    access: 'public',
    why: "the simulated provider's stand-in for Stripe's onboarding page; its signed token is the credential",
  },
  // Orders: the console's orders, busy mode and event stream; the spec's actions under /api/cafes share the shop scope.
  'GET /api/shops/:shopId/orders': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/orders/:orderId': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/orders/${ORDER_ID}` }),
  },
  'GET /api/shops/:shopId/orders/busy': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/orders/totals': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/orders/:orderId/acknowledge': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/orders/${ORDER_ID}/acknowledge` }),
  },
  'PUT /api/shops/:shopId/orders/busy': { access: 'shop', role: 'USER', request: () => ({ payload: { mode: 'PAUSE', minutes: null } }) },
  'GET /api/shops/:shopId/events': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/events/ticket': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/events/feed': { access: 'shop', role: 'USER' },
  'POST /api/cafes/:shopId/orders/:orderId/accept': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/cafes/${shop.id}/orders/${ORDER_ID}/accept`, payload: { eta: null } }),
  },
  'POST /api/cafes/:shopId/orders/:orderId/reject': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/cafes/${shop.id}/orders/${ORDER_ID}/reject`, payload: { reason: 'Hijacked' } }),
  },
  'POST /api/storefront/shops/:shopId/orders': {
    access: 'public',
    why: "customers' apps place orders without a console login (PUBLISHED shops only, rate-limited per IP and mobile)",
  },
  'POST /api/storefront/shops/:shopId/quote': {
    access: 'public',
    why: "customers' ordering pages price a cart before checkout (PUBLISHED shops only, rate-limited per IP, writes nothing)",
  },
  'GET /api/storefront/shops/:shopId/orders/:orderId': {
    access: 'public',
    why: "the customer follows their order; the order's status token (an HMAC of its id) is the credential",
  },
  'GET /api/storefront/shops/:shopId/orders/:orderId/events': {
    access: 'public',
    why: "the customer's order page follows the order live; the order's status token is the credential",
  },
  'POST /api/cafes/:shopId/orders/:orderId/complete': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/cafes/${shop.id}/orders/${ORDER_ID}/complete` }),
  },
  'POST /api/cafes/:shopId/orders/:orderId/ready': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/cafes/${shop.id}/orders/${ORDER_ID}/ready` }),
  },
  'POST /api/cafes/:shopId/orders/:orderId/refund/retry': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/cafes/${shop.id}/orders/${ORDER_ID}/refund/retry` }),
  },
  // Bookings: members of the shop (USER and ADMIN) read and act; customers book, check and cancel with the booking's token.
  'GET /api/shops/:shopId/bookings': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/bookings/:bookingId': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}` }),
  },
  'POST /api/shops/:shopId/bookings/:bookingId/accept': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}/accept` }),
  },
  'POST /api/shops/:shopId/bookings/:bookingId/reject': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}/reject`, payload: { reason: 'No Vacancy' } }),
  },
  'POST /api/shops/:shopId/bookings/:bookingId/no_show': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}/no_show` }),
  },
  'POST /api/shops/:shopId/bookings/:bookingId/acknowledge': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}/acknowledge` }),
  },
  'POST /api/storefront/shops/:shopId/bookings': {
    access: 'public',
    why: "customers' apps book a table without a console login (PUBLISHED shops only, rate-limited per IP and phone)",
  },
  'GET /api/storefront/shops/:shopId/bookings/:bookingId': {
    access: 'public',
    why: "the customer checks their booking's status; the booking's cancel token is the credential",
  },
  'GET /api/storefront/shops/:shopId/bookings/:bookingId/cancel': {
    access: 'public',
    why: "the customer checks their booking's status at its cancel path; the booking's cancel token is the credential",
  },
  'POST /api/storefront/shops/:shopId/bookings/:bookingId/cancel': {
    access: 'public',
    why: "the customer cancels their booking; the booking's cancel token is the credential",
  },
  // Loyalty: the redeemed cards list and the program at a glance, for every member of the shop.
  'GET /api/shops/:shopId/loyalty_cards/redeemed': { access: 'shop', role: 'USER' },
  'GET /api/shops/:shopId/loyalty_cards/summary': { access: 'shop', role: 'USER' },
  // Short link: members read it, admins create it and choose its code; the link itself is for anyone.
  'GET /api/shops/:shopId/shortlink': { access: 'shop', role: 'USER' },
  'POST /api/shops/:shopId/shortlink': { access: 'shop', role: 'ADMIN' },
  'PUT /api/shops/:shopId/shortlink': { access: 'shop', role: 'ADMIN', request: () => ({ payload: { code: 'hijacked' } }) },
  'GET /s/:code': {
    access: 'public',
    why: "a shop's short link, shared with customers; only redirects to a PUBLISHED shop's ordering page, limited per IP",
  },
  // The customers' ordering page: what it needs beyond the menu, and its HTML pages (PUBLISHED shops only, reads limited
  // per IP through the storefront answers they are rendered from).
  'GET /api/storefront/shops/:shopId/page': {
    access: 'public',
    why: "a PUBLISHED shop's ordering page details, as its customers see them",
  },
  'GET /order/:shopId': { access: 'public', why: "a PUBLISHED shop's ordering page, for its customers" },
  'GET /order/:shopId/checkout': { access: 'public', why: "the ordering page's checkout; the cart is the customer's own" },
  'GET /order/:shopId/orders/:orderId': { access: 'public', why: "an order's status page; the order's status token is the credential" },
  'GET /order/:shopId/book': { access: 'public', why: "the ordering page's table booking form, for a PUBLISHED shop's customers" },
  'GET /order/:shopId/bookings/:bookingId': { access: 'public', why: "a booking's page; the booking's cancel token is the credential" },
  // Alerts: each member's preferences and the alert logs for every member; the shop's list of alerts for ADMINs; the
  // queue's dead letters for platform staff.
  'GET /api/shops/:shopId/preferences': { access: 'shop', role: 'USER' },
  'PUT /api/shops/:shopId/preferences': { access: 'shop', role: 'USER', request: () => ({ payload: { orderPlaced: false } }) },
  'GET /api/shops/:shopId/orders/:orderId/alerts': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/orders/${ORDER_ID}/alerts` }),
  },
  'GET /api/shops/:shopId/bookings/:bookingId/alerts': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/bookings/${BOOKING_ID}/alerts` }),
  },
  'GET /api/shops/:shopId/alerts': { access: 'shop', role: 'ADMIN' },
  'POST /api/shops/:shopId/alerts/:alertId/resend': {
    access: 'shop',
    role: 'USER',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/alerts/${ORDER_ID}/resend` }),
  },
  // API keys: only the shop's ADMINs see and manage them (keys themselves are refused there: test/api/apikeys).
  'GET /api/shops/:shopId/api_keys': { access: 'shop', role: 'ADMIN' },
  'POST /api/shops/:shopId/api_keys': {
    access: 'shop',
    role: 'ADMIN',
    request: () => ({ payload: { name: 'Sneaky key', scopes: ['orders:read'] } }),
  },
  'DELETE /api/shops/:shopId/api_keys/:keyId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/api_keys/00000000-0000-4000-8000-000000000000` }),
  },
  // Webhooks: only the shop's ADMINs manage endpoints and read their delivery logs (test/api/webhooks).
  'GET /api/shops/:shopId/webhooks': { access: 'shop', role: 'ADMIN' },
  'GET /api/shops/:shopId/webhooks/event_types': { access: 'shop', role: 'ADMIN' },
  'POST /api/shops/:shopId/webhooks': {
    access: 'shop',
    role: 'ADMIN',
    request: () => ({ payload: { url: 'https://93.184.215.14/sneaky', eventTypes: ['order.placed'] } }),
  },
  'GET /api/shops/:shopId/webhooks/:endpointId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}` }),
  },
  'PUT /api/shops/:shopId/webhooks/:endpointId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}`, payload: { enabled: false } }),
  },
  'DELETE /api/shops/:shopId/webhooks/:endpointId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}` }),
  },
  'POST /api/shops/:shopId/webhooks/:endpointId/roll_secret': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}/roll_secret` }),
  },
  'POST /api/shops/:shopId/webhooks/:endpointId/test': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}/test` }),
  },
  'GET /api/shops/:shopId/webhooks/:endpointId/deliveries': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}/deliveries` }),
  },
  'GET /api/shops/:shopId/webhooks/:endpointId/deliveries/:deliveryId': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}/deliveries/${ENDPOINT_ID}` }),
  },
  'POST /api/shops/:shopId/webhooks/:endpointId/deliveries/:deliveryId/resend': {
    access: 'shop',
    role: 'ADMIN',
    request: ({ shop }) => ({ url: `/api/shops/${shop.id}/webhooks/${ENDPOINT_ID}/deliveries/${ENDPOINT_ID}/resend` }),
  },
  // The audit log: a shop's for its ADMINs, every shop's and the platform's own for super admins.
  'GET /api/shops/:shopId/audit': { access: 'shop', role: 'ADMIN' },
  'GET /api/shops/:shopId/audit.csv': { access: 'shop', role: 'ADMIN' },
  'GET /api/shops/:shopId/audit/actors': { access: 'shop', role: 'ADMIN' },
  'GET /api/platform/audit': { access: 'superAdmin' },
  'GET /api/platform/audit.csv': { access: 'superAdmin' },
  'GET /api/platform/audit/actors': { access: 'superAdmin' },
  'GET /api/platform/jobs/failed': { access: 'superAdmin' },
  'POST /api/platform/jobs/failed/:id/retry': {
    access: 'superAdmin',
    request: () => ({ url: `/api/platform/jobs/failed/${ORDER_ID}/retry` }),
  },
};

/** What a case says the route's own config must be. */
function expectedConfig(c: Case): Pick<RouteEntry, 'auth' | 'shopRole' | 'staffPermission'> {
  switch (c.access) {
    case 'public':
      return { auth: 'public', shopRole: null, staffPermission: null };
    case 'session':
      return { auth: 'session', shopRole: null, staffPermission: null };
    case 'verified':
      return { auth: 'verified', shopRole: null, staffPermission: null };
    case 'superAdmin':
      return { auth: 'superAdmin', shopRole: null, staffPermission: null };
    case 'shop':
      return { auth: 'verified', shopRole: c.role, staffPermission: c.permission ?? null };
    case 'shopSuperAdmin':
      return { auth: 'superAdmin', shopRole: 'ADMIN', staffPermission: null };
  }
}

const FORBIDDEN = { message: 'You are not allowed to do this.', code: 'FORBIDDEN' };
/** Every table a request could change; a refused request must leave all of them as they were. */
const WATCHED = [
  'users',
  'sessions',
  'action_codes',
  'shops',
  'shop_sellers',
  'invites',
  'shop_settings',
  'platform_config',
  'images',
  'search_words',
  'posts',
  'billboards',
];
WATCHED.push('shop_closures', 'promotions');
WATCHED.push('items', 'catalog_versions');
WATCHED.push('stripe_accounts', 'stripe_events', 'stripe_oauth_tokens');
WATCHED.push('orders', 'refunds', 'refund_attempts', 'shop_events', 'shop_event_counters');
WATCHED.push('shop_shortlinks');
WATCHED.push('loyalty_ledger');
WATCHED.push('bookings');
WATCHED.push('api_keys');
WATCHED.push('webhook_endpoints', 'webhook_deliveries', 'webhook_attempts');
WATCHED.push('audit_entries');

let ctx: TestContext;
let ownerA: TestUser;
let userA: TestUser;
let ownerB: TestUser;
let superAdmin: TestUser;
let plain: TestUser;
let unverified: TestUser;
let ids: Ids;
let apiRoutes: RouteEntry[];

beforeAll(async () => {
  ctx = await createTestContext();
  ownerA = await createUser(ctx, { email: 'owner-a@example.com', name: 'Owner A' });
  userA = await createUser(ctx, { email: 'user-a@example.com', name: 'User A' });
  ownerB = await createUser(ctx, { email: 'owner-b@example.com', name: 'Owner B' });
  superAdmin = await createUser(ctx, { email: 'staff@example.com', superAdmin: true });
  plain = await createUser(ctx, { email: 'plain@example.com' });
  unverified = await createUser(ctx, { email: 'unverified@example.com', verified: false });
  const shopA = await createShop(ctx, ownerA, { name: 'Target Tearoom', description: 'Secret recipes inside', locality: 'Hiddenville' });
  await createShop(ctx, ownerB, { name: 'Bystander Bistro' });
  await addSeller(ctx, shopA.id, userA, 'USER');
  const invite = await ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${shopA.id}/invites`,
    headers: ownerA.headers,
    payload: { to: 'pending@example.com' },
  });
  ids = { shop: shopA, userUid: userA.id, inviteId: invite.json().invite.id };
  // Every route, the site's pages outside /api (a short link) included.
  apiRoutes = ctx.app.routeTable;
});
afterAll(() => ctx.close());

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of WATCHED) {
    const { rows } = await ctx.pool.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${t} t`,
    );
    out[t] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

function requestFor(route: RouteEntry, c: Case) {
  const custom = c.access === 'public' ? {} : (c.request?.(ids) ?? {});
  const url =
    custom.url ??
    route.url
      .replace(':shopId', ids.shop.id)
      .replace(':uid', ids.userUid)
      .replace(':inviteId', ids.inviteId)
      .replace('*', 'img/00000000-0000-4000-8000-000000000000.png');
  return { method: route.method as 'GET', url, payload: custom.payload };
}

/** Nothing of shop A beyond the id the caller put in the URL. */
function expectNothingOfShopA(body: string) {
  for (const secret of [
    'Target Tearoom',
    'Secret recipes inside',
    'Hiddenville',
    'owner-a@example.com',
    'user-a@example.com',
    'pending@example.com',
    ids.userUid,
    ids.inviteId,
  ]) {
    expect(body).not.toContain(secret);
  }
}

describe('every route', () => {
  it('has a case, and the case agrees with the route config', () => {
    const missing = apiRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !(k in CASES));
    expect(missing, 'routes without an authorization case: add them to CASES in test/api/authorization.test.ts').toEqual([]);
    const stale = Object.keys(CASES).filter((k) => !apiRoutes.some((r) => `${r.method} ${r.url}` === k));
    expect(stale, 'cases for routes that no longer exist').toEqual([]);
    for (const r of apiRoutes) {
      expect({ route: `${r.method} ${r.url}`, auth: r.auth, shopRole: r.shopRole, staffPermission: r.staffPermission }).toEqual({
        route: `${r.method} ${r.url}`,
        ...expectedConfig(CASES[`${r.method} ${r.url}`]),
      });
    }
  });

  it('is public only where intended, each for a stated reason', () => {
    const publicRoutes = apiRoutes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.url}`);
    for (const k of publicRoutes) {
      const c = CASES[k];
      expect(c?.access, k).toBe('public');
      expect(c?.access === 'public' && c.why.length > 3, k).toBe(true);
    }
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/openapi.json',
        'GET /api/docs',
        'GET /api/docs/json',
        'GET /api/docs/yaml',
        'GET /api/docs/static/index.html',
        'GET /api/docs/static/swagger-initializer.js',
        'GET /api/docs/static/*',
        'GET /api/health',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/auth/login/two-factor',
        'POST /api/auth/refresh',
        'POST /api/auth/logout',
        'POST /api/auth/reset',
        'GET /api/auth/action',
        'POST /api/auth/action',
        'GET /api/media/*',
        'GET /api/shops/:shopId/invites/:inviteId/preview',
        'PUT /api/shops/:shopId/invites/:inviteId',
        'GET /api/storefront/shops/:shopId/posts',
        'GET /api/storefront/shops/:shopId/billboards',
        'GET /api/storefront/shops/:shopId/hours',
        'GET /api/storefront/shops/:shopId/menu',
        'POST /api/build-runner/claim',
        'POST /api/build-runner/builds/:buildId/status',
        'POST /api/storefront/apps/:bundleId/devices',
        'POST /api/stripe/webhooks',
        'GET /api/stripe/oauth/return',
        'GET /api/stripe/simulated/oauth',
        'GET /api/stripe/simulated/onboard',
        'POST /api/storefront/shops/:shopId/orders',
        'POST /api/storefront/shops/:shopId/quote',
        'GET /api/storefront/shops/:shopId/orders/:orderId',
        'GET /api/storefront/shops/:shopId/orders/:orderId/events',
        'POST /api/storefront/shops/:shopId/bookings',
        'GET /api/storefront/shops/:shopId/bookings/:bookingId',
        'GET /api/storefront/shops/:shopId/bookings/:bookingId/cancel',
        'POST /api/storefront/shops/:shopId/bookings/:bookingId/cancel',
        'GET /s/:code',
        'GET /api/storefront/shops/:shopId/page',
        'GET /order/:shopId',
        'GET /order/:shopId/checkout',
        'GET /order/:shopId/orders/:orderId',
        'GET /order/:shopId/book',
        'GET /order/:shopId/bookings/:bookingId',
      ].sort(),
    );
  });

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const before = await snapshot();
    for (const route of apiRoutes) {
      const c = CASES[`${route.method} ${route.url}`];
      if (!c || c.access === 'public') continue;
      const res = await ctx.app.inject(requestFor(route, c));
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
      expectNothingOfShopA(res.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a user of another shop 404 with nothing of the target shop, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of apiRoutes) {
      const c = CASES[`${route.method} ${route.url}`];
      if (!c || (c.access !== 'shop' && c.access !== 'shopSuperAdmin')) continue;
      const res = await ctx.app.inject({ ...requestFor(route, c), headers: ownerB.headers });
      const name = `${route.method} ${route.url}`;
      if (c.access === 'shop') {
        // The message names the id the caller sent, as every "Cannot find" message does; nothing else.
        expect({ route: name, status: res.statusCode, body: res.json() }).toEqual({
          route: name,
          status: 404,
          body: { message: `Cannot find shop with id ${ids.shop.id}`, code: 'NOT_FOUND' },
        });
      } else {
        expect({ route: name, status: res.statusCode, body: res.json() }).toEqual({ route: name, status: 403, body: FORBIDDEN });
      }
      expectNothingOfShopA(res.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a USER of the shop where ADMIN is needed with 403, changing nothing', async () => {
    const before = await snapshot();
    for (const route of apiRoutes) {
      const c = CASES[`${route.method} ${route.url}`];
      if (!c || !((c.access === 'shop' && c.role === 'ADMIN') || c.access === 'shopSuperAdmin')) continue;
      const res = await ctx.app.inject({ ...requestFor(route, c), headers: userA.headers });
      const name = `${route.method} ${route.url}`;
      expect({ route: name, status: res.statusCode, body: res.json() }).toEqual({ route: name, status: 403, body: FORBIDDEN });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a USER of the shop without a route's staff permission with 403 naming it, changing nothing", async () => {
    await setStaffPermissions(ctx, ids.shop.id, ownerA, { catalog: false, posts: false, reports: false, bankAccount: false });
    try {
      const before = await snapshot();
      const tried = new Set<StaffPermission>();
      for (const route of apiRoutes) {
        const c = CASES[`${route.method} ${route.url}`];
        if (c?.access !== 'shop' || !c.permission) continue;
        tried.add(c.permission);
        const res = await ctx.app.inject({ ...requestFor(route, c), headers: userA.headers });
        const name = `${route.method} ${route.url}`;
        expect({ route: name, status: res.statusCode, body: res.json() }).toEqual({
          route: name,
          status: 403,
          body: { message: staffPermissionDenied(c.permission), code: 'FORBIDDEN' },
        });
      }
      // The documents staff write through the settings route (delivery, pizza) ask for their permission there.
      for (const [kind, k] of Object.entries(SETTINGS) as [string, SettingsKind][]) {
        if (!k.writePermission) continue;
        tried.add(k.writePermission);
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/shops/${ids.shop.id}/settings/${kind}`,
          headers: userA.headers,
          payload: k.defaults,
        });
        expect({ kind, status: res.statusCode, body: res.json() }).toEqual({
          kind,
          status: 403,
          body: { message: staffPermissionDenied(k.writePermission), code: 'FORBIDDEN' },
        });
      }
      expect([...tried].sort()).toEqual([...STAFF_PERMISSIONS].sort());
      expect(await snapshot()).toEqual(before);
    } finally {
      await ctx.pool.query(`DELETE FROM shop_settings WHERE shop_id = $1 AND kind = 'staff_permissions'`, [ids.shop.id]);
    }
  });

  it("refuses super-admin-only routes to normal verified users (even the shop's own ADMIN) with 403, changing nothing", async () => {
    const before = await snapshot();
    for (const route of apiRoutes) {
      const c = CASES[`${route.method} ${route.url}`];
      if (!c || (c.access !== 'superAdmin' && c.access !== 'shopSuperAdmin')) continue;
      for (const user of [plain, ownerA]) {
        const res = await ctx.app.inject({ ...requestFor(route, c), headers: user.headers });
        const name = `${route.method} ${route.url} as ${user.email}`;
        expect({ route: name, status: res.statusCode, body: res.json() }).toEqual({ route: name, status: 403, body: FORBIDDEN });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses users with an unverified e-mail everywhere but the session routes, changing nothing', async () => {
    const before = await snapshot();
    for (const route of apiRoutes) {
      const c = CASES[`${route.method} ${route.url}`];
      if (!c || c.access === 'public' || c.access === 'session') continue;
      const res = await ctx.app.inject({ ...requestFor(route, c), headers: unverified.headers });
      const name = `${route.method} ${route.url}`;
      expect({ route: name, status: res.statusCode, message: res.json().message }).toEqual({
        route: name,
        status: 403,
        message: 'Email Not Verified',
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a USER with the staff permission', () => {
  /** One route per permission, called by the shop's USER once granted it: the control for the refusals above. */
  const granted: Record<StaffPermission, (shopId: string) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }> = {
    catalog: (shopId) => ({ method: 'PUT', url: `/api/shops/${shopId}/menu`, payload: { categories: [{ name: 'Granted' }] } }),
    posts: (shopId) => ({ method: 'POST', url: `/api/shops/${shopId}/posts`, payload: planted.post }),
    reports: (shopId) => ({ method: 'GET', url: `/api/reports/shops/${shopId}/today` }),
    bankAccount: (shopId) => ({ method: 'POST', url: `/api/stripe/shops/${shopId}/payout_schedule`, payload: { interval: 'daily' } }),
  };

  it('gets through, one route of each permission', async () => {
    const shop = await createShop(ctx, ownerA, { name: 'Granted Grill' });
    await addSeller(ctx, shop.id, userA, 'USER');
    await stripeCalls({ ctx, owner: ownerA } as ShopWorld).connectStandard(shop.id, ownerA);
    await setStaffPermissions(ctx, shop.id, ownerA, { catalog: true, posts: true, reports: true, bankAccount: true });
    for (const permission of STAFF_PERMISSIONS) {
      const { payload, ...request } = granted[permission](shop.id);
      const route = `${request.method} ${request.url.replace(shop.id, ':shopId')}`;
      const c = CASES[route];
      expect(c?.access === 'shop' && c.permission, route).toBe(permission);
      const res = await ctx.app.inject({ ...request, payload: payload as Record<string, unknown>, headers: userA.headers });
      expect({ permission, passed: res.statusCode >= 200 && res.statusCode < 300 }, res.body).toEqual({ permission, passed: true });
    }
  });
});

describe('the shop scope', () => {
  it('refuses to start an app where a route asks for a shop role outside it (nothing would enforce it)', async () => {
    const app = await buildApp({ services: ctx.services, serveConsole: false });
    app.get('/api/stray/:shopId', { config: { shopRole: 'USER' } }, async () => 'secret');
    await expect(app.ready()).rejects.toThrow('/api/stray/:shopId asks for shopRole USER outside the shop scope');
  });
});

describe('changes of access take effect on the very next request', () => {
  it('a removed seller gets 404 from their shop at once', async () => {
    const shop = await createShop(ctx, ownerA, { name: 'Revolving Door' });
    const leaver = await createUser(ctx);
    await addSeller(ctx, shop.id, leaver, 'USER');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: leaver.headers })).statusCode).toBe(200);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/shops/${shop.id}/sellers/${leaver.id}`, headers: ownerA.headers });
    expect(removed.statusCode).toBe(200);
    for (const url of [`/api/shops/${shop.id}`, `/api/shops/${shop.id}/sellers`, `/api/shops/${shop.id}/invites`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: leaver.headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Revolving Door');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shops', headers: leaver.headers })).json()).toEqual([]);
  });

  it('a demoted super admin gets 403 from super-admin routes at once', async () => {
    const staff = await createUser(ctx, { email: 'soon-demoted@example.com', superAdmin: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shops/review', headers: staff.headers })).statusCode).toBe(200);
    await ctx.pool.query('UPDATE users SET is_super_admin = false WHERE id = $1', [staff.id]);
    for (const url of [
      '/api/shops/review',
      '/api/shops/browse',
      `/api/shops/${ids.shop.id}/transaction_fee`,
      '/api/platform/remote-config',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: staff.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    // No longer acting as ADMIN in shops they were never part of.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${ids.shop.id}`, headers: staff.headers })).statusCode).toBe(404);
  });

  it('the super admin passes every shop check as ADMIN (the control for the refusals above)', async () => {
    for (const url of [`/api/shops/${ids.shop.id}`, `/api/shops/${ids.shop.id}/sellers`, `/api/shops/${ids.shop.id}/transaction_fee`]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: superAdmin.headers })).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${ids.shop.id}`, headers: userA.headers })).statusCode).toBe(200);
  });
});
