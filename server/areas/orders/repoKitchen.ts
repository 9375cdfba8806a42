import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { SlotLoad } from '../../../domain/kitchen';
import type { CollectionType } from '../../../domain/order';

/**
 * Takes the lock that lets one placement at a time pick a slot of the shop's kitchen for one collection type, until
 * the transaction ends. Every process meets on it: the next holder counts the orders its predecessor committed. Its
 * own prefix keeps it apart from the Idempotency-Key locks (which start with the shop id).
 */
export async function lockKitchen(shopId: string, tx: Pick<Db, 'execute'>, type: CollectionType): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`kitchen:${shopId}:${type}`}, 0))`);
}

/**
 * What each slot from `from` (inclusive) to `to` (exclusive) holds: NEW and ACCEPTED orders that went through (a
 * declined card, a rejected or cancelled order frees its place). Keyed by the slot's start in milliseconds.
 */
export async function slotLoads(
  shopId: string,
  db: Pick<Db, 'execute'>,
  type: CollectionType,
  from: Date,
  to: Date,
): Promise<Map<number, SlotLoad>> {
  const res = await db.execute<{ slot: string | Date; orders: number; sales: string | number }>(sql`
    SELECT kitchen_slot AS slot, count(*)::int AS orders, coalesce(sum(grand_total), 0)::bigint AS sales FROM orders
    WHERE shop_id = ${shopId} AND collection_type = ${type} AND kitchen_slot >= ${from.toISOString()}::timestamptz
      AND kitchen_slot < ${to.toISOString()}::timestamptz AND status = 'OK' AND order_status_restaurant IN ('NEW', 'ACCEPTED')
    GROUP BY kitchen_slot`);
  return new Map(res.rows.map((r) => [new Date(r.slot).getTime(), { orders: Number(r.orders), salesCents: Number(r.sales) }]));
}
