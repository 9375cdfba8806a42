import { expect } from 'vitest';
import type { TestContext } from '../../helpers/app';
import type { TestUser } from '../../helpers/users';
import type { Shop } from '../../../domain/shop';

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

/** Creates a shop through the API; the owner becomes its ADMIN. */
export async function createShop(ctx: TestContext, owner: TestUser, overrides: Record<string, unknown> = {}): Promise<Shop> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shops', headers: owner.headers, payload: validShop(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Shop;
}

/** Puts a user in a shop with a role, straight in the database (the invitation flow has its own tests). */
export async function addSeller(ctx: TestContext, shopId: string, user: { id: string }, role: 'ADMIN' | 'USER') {
  await ctx.pool.query('INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, $3)', [shopId, user.id, role]);
}

