import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { EVENTS_CHANNEL } from '../services/events';

/** A transaction or the pool: events are written by the transaction that makes the change they announce. */
type Tx = Pick<Db, 'execute'>;

export type ShopEventType = 'order.created' | 'order.updated' | 'busy.updated';

/**
 * Appends one event to the shop's stream inside the caller's transaction. The counter row's lock makes ids follow
 * commit order within a shop, so a reader never sees id n+1 before id n. NOTIFY is sent on commit and carries only the
 * shop id: it wakes listeners, who then read the rows themselves.
 */
export async function appendEvent(tx: Tx, shopId: string, type: ShopEventType, data: Record<string, unknown>): Promise<number> {
  const res = await tx.execute<{ seq: number }>(sql`
    WITH c AS (
      INSERT INTO shop_event_counters (shop_id, last_seq) VALUES (${shopId}, 1)
      ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1
      RETURNING last_seq
    )
    , e AS (INSERT INTO shop_events (shop_id, seq, type, data) SELECT ${shopId}, last_seq, ${type}, ${JSON.stringify(data)}::jsonb FROM c RETURNING seq)
    SELECT seq, pg_notify(${EVENTS_CHANNEL}, ${shopId}) FROM e`);
  return Number(res.rows[0].seq);
}
