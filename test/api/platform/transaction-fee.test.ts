import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../helpers/app';
import { createShop, shopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { shopSettings } from '../../../server/infra/db/tables';
import type { Shop } from '../../../domain/shop';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
let shop: Shop;
beforeAll(async () => {
  ({ ctx, owner, superAdmin: admin, shop } = await shopWorld());
});
afterAll(() => ctx.close());

const fee = { applicable: true, microLimit: 1500, microAmount: 25, microPercentage: 1.5, normalAmount: 90, normalPercentage: 2 };
const get = (user: TestUser | null = admin, shopId = shop.id) =>
  ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/transaction_fee`, headers: user?.headers });
const put = (payload: Record<string, unknown>, user: TestUser | null = admin, shopId = shop.id) =>
  ctx.app.inject({ method: 'PUT', url: `/api/shops/${shopId}/transaction_fee`, headers: user?.headers, payload });
const stored = async (shopId: string) =>
  (
    await ctx.db
      .select()
      .from(shopSettings)
      .where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.kind, 'transaction_fee')))
  )[0];

describe('/api/shops/:shopId/transaction_fee', () => {
  it('answers the defaults of spec 1 §9 when never set', async () => {
    const fresh = await createShop(ctx, owner);
    const res = await get(admin, fresh.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      applicable: false,
      microLimit: 2000,
      microAmount: 20,
      microPercentage: 0,
      normalAmount: 80,
      normalPercentage: 0,
    });
  });

  it('saves and reads back the fee, recording who set it', async () => {
    const res = await put(fee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(fee);
    expect((await get()).json()).toEqual(fee);
    const row = await stored(shop.id);
    expect(row.updatedBy).toBe(admin.id);
    expect((await put({ ...fee, applicable: false })).json().applicable).toBe(false);
  });

  it.each([
    [{ ...fee, applicable: undefined }, 'applicable', 'Applicable is required'],
    [{ ...fee, microLimit: undefined }, 'microLimit', 'Micro limit is required'],
    [{ ...fee, microAmount: -1 }, 'microAmount', 'should be at least 0'],
    [{ ...fee, normalAmount: 1.5 }, 'normalAmount', 'Normal amount should be a whole number of cents'],
    [{ ...fee, normalPercentage: 101 }, 'normalPercentage', 'should not be larger than 100'],
    [{ ...fee, microPercentage: 'x' }, 'microPercentage', 'Micro percentage is required'],
  ])('refuses %j with 400 on %s: %s', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('is for super admins only, even for the shop ADMIN', async () => {
    const other = await createShop(ctx, owner);
    expect((await get(null, other.id)).statusCode).toBe(401);
    expect((await get(owner, other.id)).statusCode).toBe(403);
    expect((await put(fee, null, other.id)).statusCode).toBe(401);
    expect((await put(fee, owner, other.id)).statusCode).toBe(403);
    expect(await stored(other.id)).toBeUndefined();
  });

  it('answers 404 for an unknown shop', async () => {
    const id = '0d7c3f7e-1111-4111-8111-111111111111';
    expect((await get(admin, id)).statusCode).toBe(404);
    expect((await put(fee, admin, id)).statusCode).toBe(404);
  });
});
