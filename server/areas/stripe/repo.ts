import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { stripeEvents } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Stores a webhook event and applies it, once: the insert and `apply` share a transaction, so an event whose
 * handling failed is not kept (Stripe sends it again), and a replayed event finds its row and changes nothing.
 * Returns false for a replay.
 */
export async function recordEventOnce(
  db: Db,
  event: { id: string; type: string; accountId: string | null; shopId: string | null; object: Record<string, unknown> },
  now: Date,
  apply: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, accountId: event.accountId, shopId: event.shopId, object: event.object, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return false;
    await apply(tx);
    await tx.execute(sql`UPDATE stripe_events SET applied_at = ${now} WHERE id = ${event.id}`);
    return true;
  });
}
