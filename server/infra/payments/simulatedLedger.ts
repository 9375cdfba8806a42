import pg from 'pg';
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { simulatedLedgerEntries } from '../db/tables';
import type { TimeWindow } from './types';

export type LedgerRow = typeof simulatedLedgerEntries.$inferSelect;
export type LedgerEntry = Omit<typeof simulatedLedgerEntries.$inferInsert, 'accountId'>;

/** The simulated provider's books (simulated_payments): what it charged and refunded, on which connected account. */
export interface SimulatedLedger {
  /**
   * Records a charge or refund once, under the shop's active connected account at that moment; the same id again
   * (a retry with the same idempotency key) records nothing new.
   */
  record(entry: LedgerEntry): Promise<void>;
  find(id: string): Promise<LedgerRow | null>;
  /** Every charge or refund of the account created in the window, oldest first. */
  list(accountId: string, object: LedgerRow['object'], window: TimeWindow): Promise<LedgerRow[]>;
  /**
   * The account's money that moved (succeeded charges and refunds) newest first, `limit` of them after the entry
   * `startingAfter` (Stripe's cursor); null when that entry is not the account's.
   */
  page(accountId: string, p: { limit: number; startingAfter?: string }): Promise<{ rows: LedgerRow[]; hasMore: boolean } | null>;
  /** Ends its connections (the app's close); the next call opens them again. */
  close(): Promise<void>;
}

/**
 * The ledger on connections of its own. The provider is called inside our order transactions (placing, rejecting),
 * each holding one of the app pool's connections: taking a second one from that pool there could wait forever once
 * every connection is held by such a transaction. A payment provider is another service with its own connections,
 * so the simulated one gets a small pool of its own, and what it records commits whatever our transaction does.
 */
export function pgSimulatedLedger(appPool: pg.Pool): SimulatedLedger {
  let pool: pg.Pool | null = null;
  let db: ReturnType<typeof drizzle> | null = null;
  const conn = () => {
    if (!db) {
      pool = new pg.Pool({ ...appPool.options, max: 4, allowExitOnIdle: true });
      pool.on('error', () => undefined);
      db = drizzle(pool, { casing: 'snake_case' });
    }
    return db;
  };
  // Every query names the shop: the table's index leads with it (ARCHITECTURE.md "Data").
  const ofAccount = (accountId: string): SQL =>
    and(
      eq(simulatedLedgerEntries.shopId, sql`(SELECT shop_id FROM stripe_accounts WHERE account_id = ${accountId})`),
      eq(simulatedLedgerEntries.accountId, accountId),
    )!;

  return {
    async record(entry) {
      const activeAccount = sql`(SELECT account_id FROM stripe_accounts WHERE shop_id = ${entry.shopId} AND status = 'active')`;
      await conn()
        .insert(simulatedLedgerEntries)
        .values({ ...entry, accountId: activeAccount })
        .onConflictDoNothing({ target: simulatedLedgerEntries.id });
    },
    async find(id) {
      const [row] = await conn().select().from(simulatedLedgerEntries).where(eq(simulatedLedgerEntries.id, id));
      return row ?? null;
    },
    list(accountId, object, window) {
      return conn()
        .select()
        .from(simulatedLedgerEntries)
        .where(
          and(
            ofAccount(accountId),
            eq(simulatedLedgerEntries.object, object),
            gte(simulatedLedgerEntries.createdAt, window.gte),
            lt(simulatedLedgerEntries.createdAt, window.lt),
          ),
        )
        .orderBy(asc(simulatedLedgerEntries.createdAt), asc(simulatedLedgerEntries.id));
    },
    async page(accountId, { limit, startingAfter }) {
      const d = conn();
      let after: SQL | undefined;
      if (startingAfter) {
        const [cursor] = await d
          .select({ createdAt: simulatedLedgerEntries.createdAt, id: simulatedLedgerEntries.id })
          .from(simulatedLedgerEntries)
          .where(and(ofAccount(accountId), eq(simulatedLedgerEntries.id, startingAfter)));
        if (!cursor) return null;
        after = or(
          lt(simulatedLedgerEntries.createdAt, cursor.createdAt),
          and(eq(simulatedLedgerEntries.createdAt, cursor.createdAt), lt(simulatedLedgerEntries.id, cursor.id)),
        );
      }
      const rows = await d
        .select()
        .from(simulatedLedgerEntries)
        .where(and(ofAccount(accountId), eq(simulatedLedgerEntries.status, 'succeeded'), after))
        .orderBy(desc(simulatedLedgerEntries.createdAt), desc(simulatedLedgerEntries.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    async close() {
      const open = pool;
      pool = null;
      db = null;
      await open?.end();
    },
  };
}
