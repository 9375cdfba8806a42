import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { simulatedLedgerEntries } from '../../infra/db/tables';
import { orders } from './tables';

/** Orders per insert statement: a few statements for the whole past, each well under PostgreSQL's parameter limit. */
const BATCH = 400;

export type PastOrder = typeof orders.$inferInsert & { id: string };
export type PastCharge = typeof simulatedLedgerEntries.$inferInsert;
/** A loyalty ledger row of a past order; a RESERVE names the orders whose stamps make its reward. */
export interface PastCardRow {
  mobile: string;
  orderId: string;
  kind: 'STAMP' | 'RESERVE' | 'REDEEM';
  at: Date;
  orderTime: Date;
  grandTotal: number;
  amount: number;
  share: number | null;
  stamps?: string[];
}

/** Whether the shop has any order. */
export async function hasOrders(shopId: string, db: Db): Promise<boolean> {
  return (await db.execute(sql`SELECT 1 FROM orders WHERE shop_id = ${shopId} LIMIT 1`)).rows.length > 0;
}

/** The shop's items as a cart names them (id, type, name and document). */
export async function demoMenuItems(shopId: string, db: Db) {
  const res = await db.execute<{ id: string; type: string; name: string; doc: unknown }>(
    sql`SELECT id, type, name, doc FROM items WHERE shop_id = ${shopId}`,
  );
  return res.rows;
}

/**
 * Inserts a shop's past orders (in the order they were placed: the numbering trigger gives each the shop's next
 * number, the report and kitchen triggers count them), their loyalty ledger rows and the simulated provider's charges,
 * in one transaction of a few multi-row statements.
 */
export async function insertPastOrders(shopId: string, db: Db, rows: PastOrder[], ledger: PastCardRow[], charges: PastCharge[]) {
  await db.transaction(async (tx) => {
    // In the order they were placed: the numbering trigger gives each the shop's next number as it is inserted.
    for (let i = 0; i < rows.length; i += BATCH) await tx.insert(orders).values(rows.slice(i, i + BATCH));
    // The card's rows in the order they were written (a reward's RESERVE when placed, stamps and REDEEM when
    // accepted), with ids taken from the ledger's own sequence in that order: a RESERVE names its stamps' ids.
    ledger.sort((a, b) => a.at.getTime() - b.at.getTime());
    const { rows: taken } = await tx.execute<{ id: string }>(
      sql`SELECT nextval(pg_get_serial_sequence('loyalty_ledger', 'id')) AS id FROM generate_series(1, ${ledger.length})`,
    );
    const ids = taken.map((r) => Number(r.id)).sort((a, b) => a - b);
    const stampIds = new Map(ledger.flatMap((e, i) => (e.kind === 'STAMP' ? [[e.orderId, ids[i]!] as const] : [])));
    for (let i = 0; i < ledger.length; i += BATCH) {
      const values = ledger.slice(i, i + BATCH).map((e, n) => {
        const held = e.stamps ? sql`${`{${e.stamps.map((o) => stampIds.get(o)).join(',')}}`}::bigint[]` : sql`NULL::bigint[]`;
        return sql`(${ids[i + n]}::bigint, ${shopId}::uuid, ${e.mobile}, ${e.orderId}::uuid, ${e.kind}, ${e.at.toISOString()}::timestamptz,
          ${e.orderTime.toISOString()}::timestamptz, ${e.grandTotal}::int, ${e.amount}::int, ${e.share}::int, ${held})`;
      });
      await tx.execute(sql`
        INSERT INTO loyalty_ledger (id, shop_id, mobile, order_id, kind, at, order_time, grand_total, amount, share, stamp_ids)
        OVERRIDING SYSTEM VALUE VALUES ${sql.join(values, sql`, `)}`);
    }
    const { rows: active } = await tx.execute<{ account_id: string }>(
      sql`SELECT account_id FROM stripe_accounts WHERE shop_id = ${shopId} AND status = 'active'`,
    );
    const account = active[0]?.account_id ?? null;
    for (let i = 0; i < charges.length; i += BATCH)
      await tx
        .insert(simulatedLedgerEntries)
        .values(charges.slice(i, i + BATCH).map((c) => ({ ...c, accountId: account })))
        .onConflictDoNothing();
  });
}
