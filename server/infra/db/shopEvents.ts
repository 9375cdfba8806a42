import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { EVENTS_CHANNEL } from '../events/hub';
import type { ShopEventType } from '../events/registry';

/** A transaction or the pool: events are written by the transaction that makes the change they announce. */
type Tx = Pick<Db, 'execute'>;

export type { ShopEventType };

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
    , e AS (INSERT INTO shop_events (shop_id, seq, type, data)
            SELECT ${shopId}, last_seq, ${type}, ${JSON.stringify(data)}::jsonb FROM c RETURNING seq)
    SELECT seq, pg_notify(${EVENTS_CHANNEL}, ${shopId}) FROM e`);
  return Number(res.rows[0].seq);
}

/**
 * One statement that makes a change and appends its event: `change` is a data-modifying statement returning at most
 * one row (`RETURNING *`), `data` the event's JSON built from that row (named `src`), `when` whether that row has an
 * event at all. No row, or `when` false: no event, no counter step, no NOTIFY. Being one statement, it needs no
 * transaction around it, which spares a hot write two round trips and the pool connection held between them.
 * Answers the changed row as JSON in `row` (db/rows.ts rowFromJson maps it).
 */
export function withEvent(
  change: SQLWrapper,
  shopId: string | Placeholder,
  type: ShopEventType,
  data: SQL,
  when: SQL = sql`true`,
  /**
   * `before`: CTEs the change reads (named, comma-separated, no WITH; data-modifying ones must be at the top level);
   * `also`: an expression of the final SELECT that runs what the change causes besides its event (answered as _also).
   */
  extra: { before?: SQL; also?: SQL } = {},
): SQL {
  return sql`
    WITH ${extra.before ? sql`${extra.before}, ` : sql``}src AS (${change.getSQL()})
    , c AS (
      INSERT INTO shop_event_counters (shop_id, last_seq) SELECT ${shopId}::uuid, 1 FROM src WHERE ${when}
      ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1
      RETURNING last_seq
    )
    , e AS (INSERT INTO shop_events (shop_id, seq, type, data)
            SELECT ${shopId}::uuid, c.last_seq, ${type}, ${data} FROM c, src RETURNING seq)
    SELECT row_to_json(src) AS row, (SELECT pg_notify(${EVENTS_CHANNEL}, ${shopId}) FROM e) AS _notify${
      extra.also ? sql`, ${extra.also} AS _also` : sql``
    } FROM src`;
}
