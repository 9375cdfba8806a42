import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { orders } from './tables';

/**
 * Every shop's scheduled orders whose time to reach the kitchen has come and that no sweep has released yet, earliest
 * first (the orders_held index holds exactly the waiting ones). Across shops on purpose: one sweep serves them all,
 * and each order is then claimed under its own shop's row lock (schedule.ts).
 */
export async function scheduledDue(db: Pick<Db, 'select'>, now: Date, limit: number): Promise<{ shopId: string; id: string }[]> {
  return db
    .select({ shopId: orders.shopId, id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.holdUntil), isNull(orders.releasedAt), lte(orders.holdUntil, now)))
    .orderBy(asc(orders.holdUntil))
    .limit(limit);
}

/** Marks a scheduled order released without an event (one rejected, cancelled or completed while it waited). */
export async function markReleased(shopId: string, db: Pick<Db, 'update'>, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ releasedAt: now })
    .where(and(eq(orders.shopId, shopId), eq(orders.id, orderId)));
}
