import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { getOrder, isScheduled, updated, type OrderRow } from './repo';
import { markReleased, scheduledDue } from './repoSchedule';

/** How often every process looks for scheduled orders whose time has come (on the app's clock). */
export const SCHEDULE_SWEEP_MS = 15_000;
const BATCH = 100;

/** Still in the kitchen's hands when its time comes: released with an event the boards ring, chime and print on. */
const live = (o: OrderRow) =>
  o.status === 'OK' && (o.orderStatusRestaurant === 'NEW' || o.orderStatusRestaurant === 'ACCEPTED') && !o.completedAt;

/**
 * Releases one scheduled order to the kitchen, exactly once whichever process runs it: under the order's row lock,
 * releasedAt is the claim, and a second sweep (another process) waiting on the lock finds it set and does nothing. An
 * order still open gets its order.updated event in the same statement (scheduled false: the boards move it to New
 * Orders, where it rings, or to In progress, where an accepted one chimes and prints); one rejected, cancelled or
 * completed meanwhile is only marked, quietly.
 */
export async function releaseScheduled(shopId: string, db: Db, orderId: string, now: Date): Promise<OrderRow | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    if (!isScheduled(o) || o.holdUntil! > now) return null;
    if (live(o)) return updated(shopId, tx, o, { releasedAt: now, updatedAt: now });
    await markReleased(shopId, tx, o.id, now);
    return null;
  });
}

/** The schedule sweep: every scheduled order whose time has come reaches the kitchen, in the order they are due. */
export const scheduleSweep = (services: Pick<Services, 'db' | 'clock'>) => async () => {
  const { db, clock } = services;
  const now = clock.now();
  for (;;) {
    const due = await scheduledDue(db, now, BATCH);
    for (const o of due) await releaseScheduled(o.shopId, db, o.id, now);
    if (due.length < BATCH) return;
  }
};
