import { and, asc, between, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Readable } from 'node:stream';
import QueryStream from 'pg-query-stream';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client';
import { orderFilterWhere } from '../orders';
import type { DayRange } from '../../../domain/shopRanges';
import { reportDaily, reportDailyItems } from './tables';

// The casing db/client.ts uses, so the orders area's filter compiles to the columns it names.
const dialect = new PgDialect({ casing: 'snake_case' });

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

/** The history's filter, as the order history list takes it. */
export interface HistoryFilter {
  q?: string;
  orderStatusRestaurant?: string[];
  paymentType?: string;
  collectionType?: string;
}

// The instant as epoch milliseconds (a float, parsed at once) rather than a timestamp (parsed to a Date per row).
const ORDER_COLUMNS = `date_part('epoch', placed_at) * 1000 AS "placedAt", customer_name AS "customerName", mobile,
  collection_type AS "collectionType", payment_type AS "paymentType", payment_status AS "paymentStatus",
  delivery_charges AS "deliveryCharges",
  grand_total AS "grandTotal", coupon, previous_order_count AS "previousOrderCount", application_fee AS "applicationFee"`;

/**
 * The orders of an instant range, oldest first, as a stream read through a server-side cursor (pg-query-stream), so an
 * export of any size holds one batch in memory. Without a history filter: the counted orders (ACCEPTED, completed or
 * not); with one: what the order history shows for it. The stream holds a pool client until it ends or is destroyed.
 */
export async function streamOrders(
  pool: pg.Pool,
  shopId: string,
  range: { gte: Date; lt: Date },
  history: HistoryFilter | null,
): Promise<OrderStream> {
  // The history's filter is the orders area's own, so the export holds exactly the rows order history lists.
  const where = history
    ? orderFilterWhere(shopId, {
        q: history.q,
        orderStatusRestaurant: history.orderStatusRestaurant?.length ? history.orderStatusRestaurant : undefined,
        paymentType: history.paymentType,
        collectionType: history.collectionType,
      })
    : sql`shop_id = ${shopId} AND order_status_restaurant = 'ACCEPTED'`;
  const query = dialect.sqlToQuery(
    sql`SELECT ${sql.raw(ORDER_COLUMNS)} FROM orders WHERE ${where} AND placed_at >= ${range.gte} AND placed_at < ${range.lt}
        ORDER BY placed_at, id`,
  );
  const [text, params] = [query.sql, query.params];
  const client = await pool.connect();
  // 500 rows a fetch: a million-row export holds about 30 MB more than an idle server (2,000 held 120-170 MB, as rows
  // waiting in the stream's buffer outlive young-generation collections) at the same rows per second.
  const stream = client.query(new QueryStream(text, params, { batchSize: 500 }));
  let released = false;
  const release = (e?: Error) => {
    if (released) return;
    released = true;
    // A client whose cursor was cut off mid-read is not fit for reuse: the pool closes it.
    client.release(e);
  };
  stream.on('end', () => release());
  stream.on('error', (e) => release(e));
  stream.on('close', () => release(new Error('export stopped')));
  return stream;
}

/** Orders of the reports' shape (ReportOrder), read batch by batch. */
export type OrderStream = Readable;
