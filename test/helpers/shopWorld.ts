import type { FastifyServerOptions } from 'fastify';
import type { Shop } from '../../domain/shop';
import { addSeller, createShop } from '../api/shops/fixtures';
import { createTestContext, type TestContext } from './app';
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
}

/** Builds a ShopWorld on a fresh app and database; the caller closes `ctx`. */
export async function shopWorld(opts: ShopWorldOptions = {}): Promise<ShopWorld> {
  const ctx = await createTestContext({ env: opts.env, logger: opts.logger });
  const owner = await createUser(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  const staff = await createUser(ctx, { email: 'staff@example.com', name: 'Sam Staff' });
  const outsider = await createUser(ctx, { email: 'outsider@example.com', name: 'Oscar Outsider' });
  const superAdmin = await createUser(ctx, { email: 'root@example.com', name: 'Sue Super', superAdmin: true });
  const shop = await createShop(ctx, owner, { name: opts.shopName ?? 'Staffed Cafe' });
  await addSeller(ctx, shop.id, staff, 'USER');
  const otherShop = await createShop(ctx, outsider, { name: 'Outsider Shop' });
  return { ctx, owner, staff, outsider, superAdmin, shop, otherShop };
}
