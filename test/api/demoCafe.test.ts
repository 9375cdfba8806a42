import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers/app';
import { login } from '../helpers/users';
import { DEMO_PASSWORD, loadAccountsDemo } from '../../server/areas/accounts/demo';
import { loadShopsDemo } from '../../server/areas/shops/demo';
import { demoTimings, loadSettingsDemo } from '../../server/areas/settings/demo';
import { loadCatalogDemo } from '../../server/areas/catalog/demo';
import { loadStripeDemo } from '../../server/areas/stripe/demo';
import { startOrdersDemo } from '../../server/areas/orders/demo';
import { driftedDays } from '../../server/areas/reports/repo';
import { loadShopHours, shopHours } from '../../server/areas/timings';
import { addDays, localDate, zonedInstant } from '../../domain/hours';
import { openState } from '../../domain/openState';
import { shops } from '../../server/infra/db/tables';

/**
 * The demo looks like a real cafe: believable hours that include the moment the demo starts, a picture on every item,
 * and eight weeks of past orders behind its reports, numbers and loyalty cards.
 */
const ZONE = 'Australia/Sydney';
let ctx: TestContext;
let cafe: string;
let headers: Record<string, string>;
const get = async (url: string, h: Record<string, string> = headers) => ctx.app.inject({ method: 'GET', url, headers: h });
/** Moves the clock to `minutes` past midnight of the cafe's day `days` from today, and signs the owner in then. */
const moveTo = async (days: number, minutes: number) => {
  const at = zonedInstant(addDays(localDate(ctx.clock.now(), ZONE), days), minutes, ZONE);
  ctx.clock.advance(at.getTime() - ctx.clock.now().getTime());
  headers = (await login(ctx, 'owner@servery.demo', DEMO_PASSWORD)).headers;
};
const openNow = async () => openState(await loadShopHours(cafe, ctx.db, ZONE, localDate(ctx.clock.now(), ZONE), 8), ctx.clock.now()).open;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.freeze();
  await loadAccountsDemo(ctx.services);
  await loadShopsDemo(ctx.services);
  [{ id: cafe }] = await ctx.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.name, 'Cappuccino Corner'), eq(shops.demo, true)));
});
afterAll(async () => {
  ctx.clock.reset();
  await ctx.close();
});

describe('the demo cafe', () => {
  it('is open at whatever hour the demo starts, and for two hours after, on otherwise regular hours', () => {
    const day = localDate(ctx.clock.now(), ZONE);
    for (let minutes = 0; minutes < 24 * 60; minutes += 20) {
      const at = zonedInstant(day, minutes, ZONE);
      const hours = shopHours(ZONE, demoTimings(at, ZONE), []);
      expect(openState(hours, at).open, `${minutes} minutes`).toBe(true);
      expect(openState(hours, new Date(at.getTime() + 2 * 3_600_000)).open, `${minutes} minutes + 2 h`).toBe(true);
    }
    // At lunchtime nothing needs stretching: 6:30 am to 9 pm on weekdays, 8 am to 9 pm at weekends.
    const week = demoTimings(zonedInstant(day, 13 * 60, ZONE), ZONE);
    expect(week.tuesday.pickup).toEqual({ open: '06:30', duration: 14.5, available: true });
    expect(week.sunday.pickup).toEqual({ open: '08:00', duration: 13, available: true });
    expect(Object.values(week).every((d) => !d.pickupExt.available)).toBe(true);
  });

  it('started at 3 am, opens at 3:00 that day and takes the demo order; its menu has a picture on every item', async () => {
    await moveTo(1, 3 * 60 + 5);
    await loadSettingsDemo(ctx.services);
    await loadCatalogDemo(ctx.services);
    await loadStripeDemo(ctx.services);
    expect(await openNow()).toBe(true);
    const timings = (await get(`/api/shops/${cafe}/settings/timings`)).json();
    const opensAt = Object.values(timings as Record<string, { pickup: { open: string } }>).map((d) => d.pickup.open);
    expect(opensAt.filter((o) => o === '03:00')).toHaveLength(1);

    const lines: string[] = [];
    (await startOrdersDemo(ctx.services, (l) => lines.push(l)))();
    expect(lines[0]).toMatch(/^Demo orders: \d+ past orders over the last 8 weeks at Cappuccino Corner$/);
    expect(lines[1]).toMatch(/now: Open until /);
    const placedNow = await ctx.pool.query(`SELECT status FROM orders WHERE shop_id = $1 AND placed_at >= $2`, [
      cafe,
      new Date(ctx.clock.now().getTime() - 60_000),
    ]);
    expect(placedNow.rows).toEqual([{ status: 'OK' }]);

    const items = (await get(`/api/shops/${cafe}/items?range=[0,49]`)).json() as { name: string; image: { image: string } | null }[];
    expect(items).toHaveLength(19);
    for (const item of items) {
      expect(item.image, item.name).not.toBeNull();
      const media = await get(`/api/media/${item.image!.image}?w=300`, {});
      expect(media.statusCode, item.name).toBe(200);
      expect(media.headers['content-type']).toMatch(/^image\//);
    }
    // Each dish its own drawing.
    expect(new Set(items.map((i) => i.image!.image)).size).toBe(items.length);
    const menu = (await get(`/api/storefront/shops/${cafe}/menu`, {})).json();
    const shown = menu.categories.flatMap((c: { items: { image: unknown }[] }) => c.items);
    expect(shown.every((i: { image: unknown }) => i.image)).toBe(true);
  });

  it('started again at 2 pm, keeps its regular hours and is open', async () => {
    await moveTo(0, 14 * 60);
    await loadSettingsDemo(ctx.services);
    expect(await openNow()).toBe(true);
    const timings = (await get(`/api/shops/${cafe}/settings/timings`)).json() as Record<string, { pickup: { open: string } }>;
    expect(new Set(Object.values(timings).map((d) => d.pickup.open))).toEqual(new Set(['06:30', '08:00']));
  });

  it('has eight weeks of past orders: in every week of the orders report, numbered in sequence, with rollups that match', async () => {
    const today = localDate(ctx.clock.now(), ZONE);
    const from = addDays(today, -56);
    const range = `from=${zonedInstant(from, 0, ZONE).toISOString()}&to=${zonedInstant(today, 0, ZONE).toISOString()}`;
    const report = (await get(`/api/reports/shops/${cafe}/orders/summary?${range}`)).json();
    const weeks = Array.from({ length: 8 }, () => 0);
    for (const d of report.days as { date: string; orders: number }[]) {
      const back = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${d.date}T00:00:00Z`)) / 86_400_000);
      weeks[Math.floor((back - 1) / 7)] += d.orders;
    }
    expect(
      weeks.every((n) => n > 100),
      JSON.stringify(weeks),
    ).toBe(true);
    expect(report.byPaymentType.CASH.orders).toBeGreaterThan(0);
    expect(report.byPaymentType.CREDIT_CARD.orders).toBeGreaterThan(report.byPaymentType.CASH.orders);
    expect(report.byCollectionType.DELIVERY.orders).toBeGreaterThan(0);
    expect(report.loyaltyDiscounts).toBeGreaterThan(0);
    // Busier at breakfast than mid-afternoon.
    const hour = (h: number) => report.hours.find((x: { hour: number }) => x.hour === h)?.orders ?? 0;
    expect(hour(8)).toBeGreaterThan(hour(15));
    expect(report.topItems.byQuantity.length).toBeGreaterThan(5);
    // The kept daily totals are what the orders add up to.
    expect(await driftedDays(cafe, ctx.db, { from, to: today })).toEqual([]);

    const { rows: statuses } = await ctx.pool.query(
      `SELECT order_status_restaurant AS s, count(*)::int AS n FROM orders WHERE shop_id = $1 GROUP BY 1`,
      [cafe],
    );
    const counts = Object.fromEntries(statuses.map((r) => [r.s, r.n]));
    expect(counts.DECLINED).toBeGreaterThan(0);
    expect(counts.NA).toBeGreaterThan(0);
    const { rows: numbers } = await ctx.pool.query(
      `SELECT min(number)::int AS first, max(number)::int AS last, count(*)::int AS n,
         bool_and(number_in_time) AS in_time
       FROM (SELECT number, number > coalesce(lag(number) OVER (ORDER BY placed_at, number), 0) AS number_in_time
             FROM orders WHERE shop_id = $1) o`,
      [cafe],
    );
    expect(numbers[0]).toMatchObject({ first: 1001, in_time: true });
    expect(numbers[0].last - numbers[0].first + 1).toBe(numbers[0].n);
    const counter = await ctx.pool.query(`SELECT last FROM order_number_counters WHERE shop_id = $1`, [cafe]);
    expect(counter.rows[0].last).toBe(numbers[0].last);
  });

  it("has loyalty cards that add up: every accepted order stamped or redeemed, every reward made of its card's stamps", async () => {
    const { rows } = await ctx.pool.query(
      `SELECT
         (SELECT count(*)::int FROM orders o WHERE o.shop_id = $1 AND o.order_status_restaurant = 'ACCEPTED'
            AND NOT EXISTS (SELECT 1 FROM loyalty_ledger l WHERE l.shop_id = o.shop_id AND l.order_id = o.id
                            AND l.kind IN ('STAMP', 'REDEEM'))) AS unstamped,
         (SELECT count(*)::int FROM loyalty_ledger r WHERE r.shop_id = $1 AND r.kind = 'RESERVE') AS rewards,
         (SELECT count(*)::int FROM loyalty_ledger r WHERE r.shop_id = $1 AND r.kind = 'RESERVE'
            AND cardinality(r.stamp_ids) = 5
            AND r.amount = (SELECT sum(s.amount) FROM loyalty_ledger s WHERE s.shop_id = r.shop_id AND s.id = ANY(r.stamp_ids)
                              AND s.kind = 'STAMP' AND s.mobile = r.mobile AND s.id < r.id)) AS whole_rewards`,
      [cafe],
    );
    expect(rows[0].unstamped).toBe(0);
    expect(rows[0].rewards).toBeGreaterThan(0);
    expect(rows[0].whole_rewards).toBe(rows[0].rewards);
    const summary = (await get(`/api/shops/${cafe}/loyalty_cards/redeemed?range=[0,4]`)).json();
    expect(summary.length).toBeGreaterThan(0);
  });
});
