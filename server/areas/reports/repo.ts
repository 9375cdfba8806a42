import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { DayRange } from '../../../domain/shopRanges';
import { reportDaily, reportDailyItems } from './tables';

export type DailyRow = typeof reportDaily.$inferSelect;

/** The kept totals of each day of a range that has any, in day order. */
export async function dailyTotals(shopId: string, db: Db, days: DayRange): Promise<DailyRow[]> {
  return db
    .select()
    .from(reportDaily)
    .where(and(eq(reportDaily.shopId, shopId), between(reportDaily.day, days.from, days.to)))
    .orderBy(asc(reportDaily.day));
}

/** What each item sold over a range (accepted orders), by name. */
export async function itemTotals(shopId: string, db: Db, days: DayRange): Promise<{ name: string; quantity: number; revenue: number }[]> {
  return db
    .select({
      name: reportDailyItems.name,
      quantity: sql<number>`sum(${reportDailyItems.quantity})::integer`,
      revenue: sql<number>`sum(${reportDailyItems.revenue})::bigint`,
    })
    .from(reportDailyItems)
    .where(and(eq(reportDailyItems.shopId, shopId), between(reportDailyItems.day, days.from, days.to)))
    .groupBy(reportDailyItems.name);
}

/**
 * Orders and bookings waiting for the shop (NEW), for the home page. Both read through their partial indexes on NEW;
 * an order whose payment failed is not waiting.
 */
export async function waitingCounts(shopId: string, db: Db): Promise<{ newOrders: number; newBookings: number }> {
  const { rows } = await db.execute<{ new_orders: number; new_bookings: number }>(sql`
    SELECT (SELECT count(*) FROM orders
            WHERE shop_id = ${shopId} AND order_status_restaurant = 'NEW' AND status = 'OK')::integer AS new_orders,
           (SELECT count(*) FROM bookings WHERE shop_id = ${shopId} AND status = 'NEW')::integer AS new_bookings`);
  return { newOrders: rows[0]?.new_orders ?? 0, newBookings: rows[0]?.new_bookings ?? 0 };
}

/** Days of a range where the kept totals and the ones recomputed from the orders differ (none when all is right). */
export async function driftedDays(shopId: string, db: Db, days: DayRange): Promise<{ day: string; kept: unknown; recomputed: unknown }[]> {
  const { rows } = await db.execute<{ day: string; kept: unknown; recomputed: unknown }>(sql`
    WITH kept AS (
      SELECT * FROM report_daily
      WHERE shop_id = ${shopId} AND day BETWEEN ${days.from}::date AND ${days.to}::date
        AND (orders, refunded_orders, card_charges) <> (0, 0, 0)
    ),
    fresh AS (SELECT * FROM report_daily_from_orders(${shopId}::uuid, ${days.from}::date, ${days.to}::date))
    SELECT coalesce(kept.day, fresh.day)::text AS day, to_jsonb(kept) AS kept, to_jsonb(fresh) AS recomputed
    FROM kept FULL JOIN fresh ON kept.day = fresh.day
    WHERE to_jsonb(kept) IS DISTINCT FROM to_jsonb(fresh)
    ORDER BY 1`);
  return rows;
}

/** Rewrites a range's kept totals from the orders (after a bulk load that went around the trigger). */
export async function rebuildTotals(shopId: string, db: Db, days: DayRange): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM report_daily WHERE shop_id = ${shopId} AND day BETWEEN ${days.from}::date AND ${days.to}::date`);
    await tx.execute(sql`DELETE FROM report_daily_items WHERE shop_id = ${shopId} AND day BETWEEN ${days.from}::date AND ${days.to}::date`);
    await tx.execute(
      sql`INSERT INTO report_daily SELECT * FROM report_daily_from_orders(${shopId}::uuid, ${days.from}::date, ${days.to}::date)`,
    );
    await tx.execute(sql`
      INSERT INTO report_daily_items (shop_id, day, name, quantity, revenue)
      SELECT o.shop_id, (o.placed_at AT TIME ZONE s.timezone)::date, line ->> 'name',
             sum((line ->> 'quantity')::integer), sum((line ->> 'total')::bigint)
      FROM orders o JOIN shops s ON s.id = o.shop_id, jsonb_array_elements(o.cart -> 'items') AS line
      WHERE o.shop_id = ${shopId} AND o.order_status_restaurant = 'ACCEPTED'
        AND o.placed_at >= (${days.from}::date::timestamp AT TIME ZONE s.timezone)
        AND o.placed_at < ((${days.to}::date + 1)::timestamp AT TIME ZONE s.timezone)
      GROUP BY 1, 2, 3`);
  });
}
