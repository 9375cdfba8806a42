import { expect } from 'vitest';
import type { FastifyServerOptions } from 'fastify';
import type { Shop } from '../../domain/shop';
import { defaultStaffPermissions, type StaffPermissions } from '../../domain/staffPermissions';
import { createTestContext, type TestContext } from './app';
import { storedImage } from './images';
import { createUser, type TestUser } from './users';

/** The cast every shop-area test needs: one shop, each kind of caller, and their sessions. */
export interface ShopWorld {
  ctx: TestContext;
  /** Created the shop: its ADMIN. owner@example.com, 'Olive Owner'. */
  owner: TestUser;
  /** A USER of the shop. staff@example.com, 'Sam Staff'. */
  staff: TestUser;
  /** ADMIN of another shop and nothing of this one. outsider@example.com. */
  outsider: TestUser;
  /** Platform staff, a seller nowhere. root@example.com, 'Sue Super'. */
  superAdmin: TestUser;
  shop: Shop;
  /** The outsider's shop. */
  otherShop: Shop;
}

export interface ShopWorldOptions {
  /** The shop's name (mails quote it). Default 'Staffed Cafe'. */
  shopName?: string;
  /** Settings for the app, as createTestContext takes them. */
  env?: Record<string, string>;
  /** The app's logger, as createTestContext takes it (default: none). */
  logger?: FastifyServerOptions['logger'];
  /** The app's pool size, as createTestContext takes it. */
  poolMax?: number;
}

/** Builds a ShopWorld on a fresh app and database; the caller closes `ctx`. */
export async function shopWorld(opts: ShopWorldOptions = {}): Promise<ShopWorld> {
  const ctx = await createTestContext({ env: opts.env, logger: opts.logger, poolMax: opts.poolMax });
  const owner = await createUser(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  const staff = await createUser(ctx, { email: 'staff@example.com', name: 'Sam Staff' });
  const outsider = await createUser(ctx, { email: 'outsider@example.com', name: 'Oscar Outsider' });
  const superAdmin = await createUser(ctx, { email: 'root@example.com', name: 'Sue Super', superAdmin: true });
  const shop = await createShop(ctx, owner, { name: opts.shopName ?? 'Staffed Cafe' });
  await addSeller(ctx, shop.id, staff, 'USER');
  const otherShop = await createShop(ctx, outsider, { name: 'Outsider Shop' });
  return { ctx, owner, staff, outsider, superAdmin, shop, otherShop };
}

/** A new-shop body; its logo path names no stored image, so only requests refused before that check may send it as is. */
export const validShop = (overrides: Record<string, unknown> = {}) => ({
  type: 'CAFE',
  name: 'Cappuccino Corner',
  description: 'Coffee and cakes all day',
  locality: 'Surry Hills',
  logo: { path: 'img/00000000-0000-4000-8000-000000000000.png' },
  timezone: 'Australia/Sydney',
  country: 'AU',
  ...overrides,
});

/** A valid new-shop body whose logo is an image `owner` uploaded (the server refuses any other). */
export async function ownShop(ctx: TestContext, owner: { id: string }, overrides: Record<string, unknown> = {}) {
  return validShop({ logo: { path: await storedImage(ctx, owner) }, ...overrides });
}

/** Creates a shop through the API, with a logo the owner uploaded; the owner becomes its ADMIN. */
export async function createShop(ctx: TestContext, owner: TestUser, overrides: Record<string, unknown> = {}): Promise<Shop> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shops',
    headers: owner.headers,
    payload: await ownShop(ctx, owner, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Shop;
}

/** Puts a user in a shop with a role, straight in the database (the invitation flow has its own tests). */
export async function addSeller(ctx: TestContext, shopId: string, user: { id: string }, role: 'ADMIN' | 'USER') {
  await ctx.pool.query('INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, $3)', [shopId, user.id, role]);
}

/** Sets what the shop's staff may do, as its ADMIN `admin` does on the Users page (unnamed permissions: the defaults). */
export async function setStaffPermissions(ctx: TestContext, shopId: string, admin: TestUser, permissions: Partial<StaffPermissions>) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/shops/${shopId}/settings/staff_permissions`,
    headers: admin.headers,
    payload: { ...defaultStaffPermissions, ...permissions },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Lists the shop for customers (PUBLISHED) straight in the database, as a platform review would. */
export async function publish(ctx: TestContext, shopId: string) {
  await ctx.pool.query(`UPDATE shops SET listing_status = 'PUBLISHED' WHERE id = $1`, [shopId]);
}
