import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { loadAccountsDemo } from '../../../server/areas/accounts/demo';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { loadStripeDemo } from '../../../server/areas/stripe/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await loadAccountsDemo(ctx.services);
  await loadShopsDemo(ctx.services);
});
afterAll(() => ctx.close());

describe('loadStripeDemo', () => {
  it('connects simulated accounts to two demo shops, once', async () => {
    const lines = await loadStripeDemo(ctx.services);
    expect(lines).toHaveLength(2);
    const { rows } = await ctx.pool.query(`SELECT s.name, a.mode, a.simulated IS NOT NULL AS has_doc FROM stripe_accounts a JOIN shops s ON s.id = a.shop_id WHERE a.status = 'active' ORDER BY s.name`);
    expect(rows).toEqual([
      { name: 'Brooklyn Bagel Co', mode: 'standard', has_doc: true },
      { name: 'Cappuccino Corner', mode: 'standard', has_doc: true },
    ]);
    expect(await loadStripeDemo(ctx.services)).toEqual([]);
  });
});
