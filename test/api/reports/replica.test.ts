import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { act } from '../../helpers/loyalty';
import { localDate, startOfDay, addDays } from '../../../domain/hours';

/*
 * The reports read services.replica: a streaming replica when DATABASE_REPLICA_URL is set (CI runs this file against
 * one), else the primary. An order accepted on the primary shows in the report once replayed, and the report says as
 * of when its figures are.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

describe('reports on the read replica', () => {
  it('show an order accepted on the primary once it is replayed, with how fresh the figures are', async () => {
    const zone = w.shop.timezone ?? 'Australia/Sydney';
    const today = localDate(w.ctx.clock.now(), zone);
    const range = new URLSearchParams({
      from: startOfDay(today, zone).toISOString(),
      to: startOfDay(addDays(today, 1), zone).toISOString(),
    });
    const summary = async () => {
      const res = await w.ctx.app.inject({ url: `/api/reports/shops/${w.shop.id}/orders/summary?${range}`, headers: w.staff.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { orders: number; gross: number; asOf: string };
    };
    expect((await summary()).orders).toBe(0);
    const order = await seedOrder(w.ctx, w.shop.id, { grandTotal: 1250 });
    expect((await act(w, order.id, 'accept')).statusCode).toBe(200);
    const acceptedAt = Date.now();
    await expect.poll(async () => (await summary()).gross, { timeout: 15_000 }).toBe(12.5);
    const { asOf, orders } = await summary();
    expect(orders).toBe(1);
    // Figures as of the moment read: not before the accept was committed (less a second of clock granularity).
    expect(new Date(asOf).getTime()).toBeGreaterThanOrEqual(acceptedAt - 1000);
    expect(w.ctx.services.replica.isReplica).toBe(Boolean(process.env.TEST_REPLICA_URL));
  });
});
