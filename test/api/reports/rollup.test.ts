import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import { act } from '../../helpers/loyalty';
import { addDays, localDate, zonedInstant } from '../../../domain/hours';
import { checkDrift, driftedDays, rebuildTotals } from '../../../server/areas/reports';
import { replayed } from '../../helpers/replica';

/*
 * The daily totals the orders' trigger keeps: right under concurrent accepts and rejects, on the shop's day across a
 * DST change, and checked against the orders (the drift check finds a wrong day; a rebuild puts it right).
 */
let w: ShopWorld;
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const summary = async (from: string, to: string) => {
  await replayed(w.ctx);
  const res = await w.ctx.app.inject({
    url: `/api/reports/shops/${w.shop.id}/orders/summary?${new URLSearchParams({
      from: zonedInstant(from, 0, ZONE).toISOString(),
      to: zonedInstant(addDays(to, 1), 0, ZONE).toISOString(),
    })}`,
    headers: w.owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the daily totals', () => {
  it('add up under concurrent accepts and rejects, and match the orders', async () => {
    const today = localDate(w.ctx.clock.now(), ZONE);
    const placed = [];
    for (let i = 0; i < 24; i++) {
      const card = i % 3 === 0;
      const cart = storedCart({ grandTotal: 1000 + i, paymentType: card ? 'CREDIT_CARD' : 'CASH' });
      placed.push(await seedOrder(w.ctx, w.shop.id, { grandTotal: 1000 + i, cart, ...(card ? { card: 'tok_visa' as const } : {}) }));
    }
    // Every order accepted at once (each write lands on the same day's row), then half of them rejected at once while
    // the other half are completed; two devices race on the first order.
    const [first, ...rest] = placed;
    await Promise.all([act(w, first!.id, 'accept'), act(w, first!.id, 'reject'), ...rest.map((o) => act(w, o.id, 'accept'))]);
    const states = await w.ctx.db.execute<{ id: string; order_status_restaurant: string }>(
      sql`SELECT id, order_status_restaurant FROM orders WHERE shop_id = ${w.shop.id} ORDER BY placed_at, id`,
    );
    const accepted = states.rows.filter((r) => r.order_status_restaurant === 'ACCEPTED').map((r) => r.id);
    expect(accepted.length).toBeGreaterThanOrEqual(23);
    await Promise.all(
      accepted.map((id, i) =>
        i % 2 === 0
          ? act(w, id, 'reject')
          : w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${id}/complete`, headers: w.staff.headers }),
      ),
    );

    expect(await driftedDays(w.shop.id, w.ctx.db, { from: today, to: today })).toEqual([]);
    const { rows } = await w.ctx.db.execute<{ n: number; total: number }>(
      sql`SELECT count(*)::integer AS n, coalesce(sum(grand_total), 0)::integer AS total FROM orders
          WHERE shop_id = ${w.shop.id} AND order_status_restaurant = 'ACCEPTED'`,
    );
    const s = await summary(today, today);
    expect(s.orders).toBe(rows[0]!.n);
    expect(s.net).toBe(rows[0]!.total / 100);
    expect(s.orders).toBe(Math.floor(accepted.length / 2));
    expect(s.refundedOrders).toBeGreaterThan(0);
  });

  it('puts each order on its day in the shop’s zone across the DST change', async () => {
    // Sydney went to daylight time at 02:00 on 2026-10-04: 00:30 and 23:30 that day are 22.5 hours apart.
    const orders = [
      { day: '2026-10-03', minutes: 23 * 60 + 30 },
      { day: '2026-10-04', minutes: 30 },
      { day: '2026-10-04', minutes: 23 * 60 + 30 },
      { day: '2026-10-05', minutes: 10 },
    ];
    for (const o of orders) {
      const placedAt = zonedInstant(o.day, o.minutes, ZONE);
      await seedOrder(w.ctx, w.shop.id, { orderStatusRestaurant: 'ACCEPTED', acceptedAt: placedAt, placedAt, grandTotal: 500 });
    }
    const s = await summary('2026-10-03', '2026-10-05');
    expect(s.days.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([
      ['2026-10-03', 1],
      ['2026-10-04', 2],
      ['2026-10-05', 1],
    ]);
    const oct4 = await summary('2026-10-04', '2026-10-04');
    expect(oct4.hours.filter((h: { orders: number }) => h.orders > 0).map((h: { hour: number }) => h.hour)).toEqual([0, 23]);
    expect(await driftedDays(w.shop.id, w.ctx.db, { from: '2026-10-03', to: '2026-10-05' })).toEqual([]);
  });

  it('the drift check finds a day that no longer matches its orders, and a rebuild puts it right', async () => {
    await w.ctx.db.execute(sql`UPDATE report_daily SET sales = sales + 1 WHERE shop_id = ${w.shop.id} AND day = '2026-10-04'`);
    const drifted = await driftedDays(w.shop.id, w.ctx.db, { from: '2026-10-01', to: '2026-10-31' });
    expect(drifted.map((d) => d.day)).toEqual(['2026-10-04']);
    await rebuildTotals(w.shop.id, w.ctx.db, { from: '2026-10-01', to: '2026-10-31' });
    expect(await driftedDays(w.shop.id, w.ctx.db, { from: '2026-10-01', to: '2026-10-31' })).toEqual([]);
    expect((await summary('2026-10-04', '2026-10-04')).net).toBe(10);
  });

  it('the daily job checks the shops with recent orders', async () => {
    const today = localDate(w.ctx.clock.now(), ZONE);
    expect(await checkDrift(w.ctx.services, w.ctx.clock.now())).toEqual([]);
    await w.ctx.db.execute(sql`UPDATE report_daily SET orders = orders + 1 WHERE shop_id = ${w.shop.id} AND day = ${today}`);
    expect(await checkDrift(w.ctx.services, w.ctx.clock.now())).toEqual([{ shopId: w.shop.id, days: [today] }]);
    await rebuildTotals(w.shop.id, w.ctx.db, { from: today, to: today });
  });

  it('goes with a deleted shop and its orders', async () => {
    const placedAt = w.ctx.clock.now();
    await seedOrder(w.ctx, w.otherShop.id, { orderStatusRestaurant: 'ACCEPTED', acceptedAt: placedAt, placedAt, grandTotal: 500 });
    await w.ctx.db.execute(sql`DELETE FROM shops WHERE id = ${w.otherShop.id}`);
    const { rows } = await w.ctx.db.execute(sql`SELECT 1 FROM report_daily WHERE shop_id = ${w.otherShop.id}`);
    expect(rows).toEqual([]);
  });
});
