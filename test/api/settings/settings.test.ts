import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shopSettings } from '../../../server/infra/db/tables';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const defaults = { applicable: false, microLimit: 2000, microAmount: 20, microPercentage: 0, normalAmount: 80, normalPercentage: 0 };
const fee = { applicable: true, microLimit: 1500, microAmount: 25, microPercentage: 1.5, normalAmount: 90, normalPercentage: 2 };
const url = (shopId: string, kind = 'transaction_fee') => `/api/shops/${shopId}/settings/${kind}`;
const get = (u: string, user: TestUser | null = w.superAdmin) => w.ctx.app.inject({ method: 'GET', url: u, headers: user?.headers });
const put = (u: string, payload: unknown, user: TestUser | null = w.superAdmin) =>
  w.ctx.app.inject({ method: 'PUT', url: u, headers: user?.headers, payload: payload as Record<string, unknown> });
const stored = async (shopId: string) =>
  (
    await w.ctx.db
      .select()
      .from(shopSettings)
      .where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.kind, 'transaction_fee')))
  )[0];

describe('GET|PUT /api/shops/:shopId/settings/:kind', () => {
  it('reads a kind never saved as its defaults', async () => {
    const fresh = await createShop(w.ctx, w.owner);
    const res = await get(url(fresh.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaults);
    expect(await stored(fresh.id)).toBeUndefined();
  });

  it('saves the whole document and reads it back through both the settings URL and the old alias', async () => {
    const shop = await createShop(w.ctx, w.owner);
    const saved = await put(url(shop.id), fee);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(fee);
    expect((await get(url(shop.id))).json()).toEqual(fee);
    expect((await get(`/api/shops/${shop.id}/transaction_fee`)).json()).toEqual(fee);
    expect(await stored(shop.id)).toMatchObject({ value: fee, updatedBy: w.superAdmin.id });
    // And the other way round: written through the alias, read through settings/.
    const changed = { ...fee, applicable: false, normalAmount: 120 };
    expect((await put(`/api/shops/${shop.id}/transaction_fee`, changed)).json()).toEqual(changed);
    expect((await get(url(shop.id))).json()).toEqual(changed);
  });

  it('fills fields a document stored in an older shape lacks from the defaults, and reads a broken one as the defaults', async () => {
    const shop = await createShop(w.ctx, w.owner);
    await w.ctx.db.insert(shopSettings).values({ shopId: shop.id, kind: 'transaction_fee', value: { applicable: true, normalAmount: 99 } });
    expect((await get(url(shop.id))).json()).toEqual({ ...defaults, applicable: true, normalAmount: 99 });
    await w.ctx.db
      .update(shopSettings)
      .set({ value: { normalAmount: 'lots' } })
      .where(eq(shopSettings.shopId, shop.id));
    expect((await get(url(shop.id))).json()).toEqual(defaults);
  });

  it.each([
    [{ ...fee, applicable: undefined }, 'applicable', 'Applicable is required'],
    [{ ...fee, normalAmount: 1.5 }, 'normalAmount', 'Normal amount should be a whole number of cents'],
    [{ ...fee, normalPercentage: 101 }, 'normalPercentage', 'should not be larger than 100'],
  ])('refuses %j with 400 and the field error on %s, saving nothing', async (payload, field, message) => {
    const shop = await createShop(w.ctx, w.owner);
    const res = await put(url(shop.id), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', errors: { [field]: message } });
    expect(await stored(shop.id)).toBeUndefined();
  });

  it('answers 404 with a clear message for a kind it does not know', async () => {
    for (const kind of ['pizza_sizes', '__proto__', 'constructor']) {
      const res = await get(url(w.shop.id, kind));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Unknown settings kind ${kind}`, code: 'NOT_FOUND' });
      expect((await put(url(w.shop.id, kind), fee)).statusCode).toBe(404);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await get(url(w.shop.id), null)).statusCode).toBe(401);
    expect((await put(url(w.shop.id), fee, null)).statusCode).toBe(401);
  });

  it('answers a member of another shop 404, naming only the id they sent', async () => {
    for (const res of [await get(url(w.shop.id), w.outsider), await put(url(w.shop.id), fee, w.outsider)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' });
    }
    // Unknown kinds reveal nothing either: the shop check comes first.
    expect((await get(url(w.shop.id, 'pizza_sizes'), w.outsider)).json().message).toBe(`Cannot find shop with id ${w.shop.id}`);
  });

  it("refuses the shop's own sellers (ADMIN and USER) with 403 where the kind is for super admins, saving nothing", async () => {
    for (const seller of [w.owner, w.staff]) {
      expect((await get(url(w.shop.id), seller)).json()).toEqual({ message: 'You are not allowed to do this.', code: 'FORBIDDEN' });
      const res = await put(url(w.shop.id), fee, seller);
      expect(res.statusCode).toBe(403);
    }
    expect(await stored(w.shop.id)).toBeUndefined();
  });
});
