import { expect } from 'vitest';
import type { TestContext } from '../../helpers/app';
import type { TestUser } from '../../helpers/users';
import type { Shop } from '../../../domain/shop';
import { storedImage } from '../../helpers/images';

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
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shops', headers: owner.headers, payload: await ownShop(ctx, owner, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Shop;
}

/** Puts a user in a shop with a role, straight in the database (the invitation flow has its own tests). */
export async function addSeller(ctx: TestContext, shopId: string, user: { id: string }, role: 'ADMIN' | 'USER') {
  await ctx.pool.query('INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, $3)', [shopId, user.id, role]);
}

