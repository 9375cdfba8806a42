import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { login } from '../../helpers/users';
import { promotions } from '../../../server/areas/promotions/tables';
import { shopClosures } from '../../../server/areas/timings/tables';
import { shops } from '../../../server/infra/db/tables';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { loadSettingsDemo } from '../../../server/areas/settings/demo';
import { DEMO_PASSWORD } from '../../../server/areas/accounts/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadSettingsDemo', () => {
  it('sets the demo cafe up as a real cafe, once', async () => {
    expect(await loadSettingsDemo(ctx.services)).toEqual([]); // no demo cafe yet: nothing to do
    await loadShopsDemo(ctx.services);
    expect(await loadSettingsDemo(ctx.services)).toHaveLength(1);
    const [cafe] = await ctx.db.select().from(shops).where(eq(shops.name, 'Cappuccino Corner'));
    const counts = async () => [await ctx.db.$count(promotions, eq(promotions.shopId, cafe!.id)), await ctx.db.$count(shopClosures, eq(shopClosures.shopId, cafe!.id))];
    const before = await counts();
    expect(before[0]).toBe(3);
    expect(before[1]).toBeGreaterThan(0);
    await loadSettingsDemo(ctx.services);
    expect(await counts()).toEqual(before);

    const owner = await login(ctx, 'owner@servery.demo', DEMO_PASSWORD);
    const get = async (kind: string) => (await ctx.app.inject({ method: 'GET', url: `/api/shops/${cafe!.id}/settings/${kind}`, headers: owner.headers })).json();
    expect(await get('checkout')).toMatchObject({ creditCardSurchargeEnabled: true, creditCardSurchargePercentage: 1.2, creditCardSurchargeMinimumOrderValue: 10 });
    expect((await get('timings')).friday.pickupExt).toEqual({ open: '20:00', duration: 5, available: true });
    expect((await get('contact')).phone).toBe('+61293310000');
    expect((await get('booking')).on).toBe(true);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/shops/${cafe!.id}/promotions`, headers: owner.headers });
    expect(list.json().map((p: { coupon: string }) => p.coupon).sort()).toEqual(['FREEDEL', 'MORNING2', 'WELCOME']);
  });
});
