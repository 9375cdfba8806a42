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
  /**
   * The account's money by the day it can first be paid out: a charge is available `delayDays` after it was made, a
   * refund takes its amount out at once, and a payout made as a day starts (in `timeZone`) pays what was available
   * by then. Net minor units per such day, for what became available after `after` (a payout's instant) up to `until`.
   */
  dueByDay(accountId: string, w: Window & { timeZone: string }): Promise<{ day: string; net: number }[]>;
  /** The net of the account's money that became available after `after` up to `until` (see dueByDay). */
  net(accountId: string, w: Window): Promise<number>;
  /** The charges not yet available at `now`: how many and their sum (the pending balance). */
  pending(accountId: string, delayDays: number, now: Date): Promise<{ count: number; amount: number }>;
  /** The entries that became available after `after` up to `until`, oldest first: what a payout at `until` paid. */
  availableBetween(accountId: string, w: Window): Promise<LedgerRow[]>;
  /** Ends its connections (the app's close); the next call opens them again. */
  close(): Promise<void>;
}

/** Money that became available after `after` (null: ever) up to `until`, charges `delayDays` after they were made. */
export interface Window {
  delayDays: number;
  after: Date | null;
  until: Date;
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

  const t = simulatedLedgerEntries;
  const availableAt = (delayDays: number) =>
    sql`(CASE WHEN ${t.object} = 'charge' THEN ${t.createdAt} + make_interval(days => ${delayDays}::int) ELSE ${t.createdAt} END)`;
  const signed = sql`(CASE WHEN ${t.object} = 'charge' THEN ${t.amount} ELSE -${t.amount} END)`;
  const within = (accountId: string, w: Window): SQL =>
    and(
      ofAccount(accountId),
      eq(t.status, 'succeeded'),
      w.after ? sql`${availableAt(w.delayDays)} > ${w.after.toISOString()}::timestamptz` : undefined,
      sql`${availableAt(w.delayDays)} <= ${w.until.toISOString()}::timestamptz`,
    )!;

  return {
    async dueByDay(accountId, w) {
      // The first day whose start is at or after the moment the money is available.
      const local = sql`(${availableAt(w.delayDays)} - interval '1 microsecond') AT TIME ZONE ${w.timeZone}`;
      const day = sql<string>`to_char((${local})::date + 1, 'YYYY-MM-DD')`;
      const rows = await conn()
        .select({ day, net: sql<number>`sum(${signed})`.mapWith(Number) })
        .from(t)
        .where(within(accountId, w))
        // By position: the day's expression carries parameters, which PostgreSQL would not match as one expression.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows;
    },
    async net(accountId, w) {
      const [row] = await conn()
        .select({ net: sql<number>`coalesce(sum(${signed}), 0)`.mapWith(Number) })
        .from(t)
        .where(within(accountId, w));
      return row?.net ?? 0;
    },
    async pending(accountId, delayDays, now) {
      const [row] = await conn()
        .select({ count: sql<number>`count(*)`.mapWith(Number), amount: sql<number>`coalesce(sum(${t.amount}), 0)`.mapWith(Number) })
        .from(t)
        .where(
          and(
            ofAccount(accountId),
            eq(t.status, 'succeeded'),
            eq(t.object, 'charge'),
            sql`${availableAt(delayDays)} > ${now.toISOString()}::timestamptz`,
          ),
        );
      return row ?? { count: 0, amount: 0 };
    },
    availableBetween(accountId, w) {
      return conn().select().from(t).where(within(accountId, w)).orderBy(asc(t.createdAt), asc(t.id));
    },
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
