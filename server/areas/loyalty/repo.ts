import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { LedgerEntry, LedgerKind } from '../../../domain/loyaltyCard';
import { pageOf, type Range } from '../../infra/db/list';

/** The pool or a transaction: everything here is raw SQL through `execute`. */
export type Exec = Pick<Db, 'execute'>;

/** A list as one PostgreSQL array parameter (drizzle would spread a JS array into several); ids and E.164 only. */
const pgArray = (values: readonly (string | number)[]) => `{${values.map((v) => `"${String(v).replace(/["\\]/g, '')}"`).join(',')}}`;

/** A ledger row (alias `l`) as one JSON object in LedgerEntry's shape. */
const entryJson = (l: string) =>
  sql.raw(`json_build_object('id', ${l}.id, 'kind', ${l}.kind, 'orderId', ${l}.order_id, 'at', ${l}.at,
    'orderTime', ${l}.order_time, 'grandTotal', ${l}.grand_total, 'amount', ${l}.amount, 'share', ${l}.share,
    'stampIds', ${l}.stamp_ids)`);

/**
 * A subquery answering one card's ledger rows as a JSON array, for a caller's own statement (placing an order reads
 * the card with the menu, in one round trip). `shopId` and `mobile` are SQL expressions of that statement.
 */
export const cardLedgerSubquery = (shopId: SQL, mobile: SQL): SQL =>
  sql`(SELECT coalesce(json_agg(${entryJson('l')} ORDER BY l.id), '[]') FROM loyalty_ledger l
    WHERE l.shop_id = ${shopId} AND l.mobile = ${mobile})`;

/**
 * The lock on one card (shop, mobile), held until the caller's transaction ends: every row of a card is written
 * under it, after reading the card again, so two writers never judge the same card at once.
 */
export async function lockCard(shopId: string, tx: Exec, mobile: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`loyalty:${shopId}:${mobile}`}, 0))`);
}

/** A card's ledger rows, oldest first. */
export async function cardLedger(shopId: string, db: Exec, mobile: string): Promise<LedgerEntry[]> {
  const res = await db.execute<{ entries: LedgerEntry[] }>(
    sql`SELECT ${cardLedgerSubquery(sql`${shopId}::uuid`, sql`${mobile}::text`)} AS entries`,
  );
  return res.rows[0].entries;
}

/** The ledger rows of several cards, by mobile. */
export async function cardsLedger(shopId: string, db: Exec, mobiles: string[]): Promise<Map<string, LedgerEntry[]>> {
  const res = await db.execute<{ mobile: string; entries: LedgerEntry[] }>(sql`
    SELECT l.mobile, json_agg(${entryJson('l')} ORDER BY l.id) AS entries FROM loyalty_ledger l
    WHERE l.shop_id = ${shopId} AND l.mobile = ANY(${pgArray(mobiles)}::text[]) GROUP BY l.mobile`);
  return new Map(res.rows.map((r) => [r.mobile, r.entries]));
}

/** Every card of the shop that has ledger rows, by mobile (the program at a glance). */
export async function shopLedger(shopId: string, db: Exec): Promise<Map<string, LedgerEntry[]>> {
  const res = await db.execute<{ mobile: string; entries: LedgerEntry[] }>(sql`
    SELECT l.mobile, json_agg(${entryJson('l')} ORDER BY l.id) AS entries FROM loyalty_ledger l
    WHERE l.shop_id = ${shopId} GROUP BY l.mobile`);
  return new Map(res.rows.map((r) => [r.mobile, r.entries]));
}

/** The rows several orders wrote, with the card (mobile) of each. */
export async function entriesOfOrders(shopId: string, db: Exec, orderIds: string[]): Promise<(LedgerEntry & { mobile: string })[]> {
  if (!orderIds.length) return [];
  const res = await db.execute<{ e: LedgerEntry & { mobile: string } }>(sql`
    SELECT json_build_object('mobile', l.mobile) :: jsonb || ${entryJson('l')}::jsonb AS e FROM loyalty_ledger l
    WHERE l.shop_id = ${shopId} AND l.order_id = ANY(${pgArray(orderIds)}::uuid[]) ORDER BY l.id`);
  return res.rows.map((r) => r.e);
}

export interface NewEntry {
  mobile: string;
  orderId: string;
  kind: LedgerKind;
  at: Date;
  orderTime: Date;
  grandTotal: number;
  amount?: number;
  share?: number | null;
  stampIds?: number[] | null;
}

/** Appends a row (under the card's lock); a kind an order already wrote is not written again. Answers whether it was. */
export async function appendEntry(shopId: string, tx: Exec, e: NewEntry): Promise<boolean> {
  const res = await tx.execute(sql`
    INSERT INTO loyalty_ledger (shop_id, mobile, order_id, kind, at, order_time, grand_total, amount, share, stamp_ids)
    VALUES (${shopId}, ${e.mobile}, ${e.orderId}, ${e.kind}, ${e.at.toISOString()}, ${e.orderTime.toISOString()},
      ${e.grandTotal}, ${e.amount ?? 0}, ${e.share ?? null}, ${e.stampIds ? sql`${pgArray(e.stampIds)}::bigint[]` : null})
    ON CONFLICT (shop_id, order_id, kind) DO NOTHING`);
  return (res.rowCount ?? 0) > 0;
}

/** The loyalty settings document as stored and the shop's country, for the order actions. */
export async function programDocument(shopId: string, db: Exec): Promise<{ doc: unknown; country: string }> {
  const res = await db.execute<{ doc: unknown; country: string }>(sql`
    SELECT s.country, (SELECT value FROM shop_settings WHERE shop_id = s.id AND kind = 'loyalty') AS doc
    FROM shops s WHERE s.id = ${shopId}`);
  return res.rows[0] ?? { doc: undefined, country: 'AU' };
}

type RedeemedRow = {
  id: string;
  redeemedTime: string;
  mobile: string;
  orderId: string;
  rewards: { orderId: string; orderTime: string; grandTotal: number; amount: number }[];
  total: number;
};

/**
 * One page of the shop's redemptions (REDEEM rows whose order was not reversed since), newest first, with each
 * reward's stamped orders and the total in the same query. Money in cents.
 */
export async function listRedeemed(
  shopId: string,
  db: Exec,
  opts: { range: Range; order: 'ASC' | 'DESC'; from?: string; to?: string },
): Promise<{ rows: RedeemedRow[]; total: number }> {
  const { offset, limit } = pageOf(opts.range);
  const where = sql`r.shop_id = ${shopId} AND r.kind = 'REDEEM'
    AND NOT EXISTS (SELECT 1 FROM loyalty_ledger x WHERE x.shop_id = r.shop_id AND x.order_id = r.order_id AND x.kind = 'REVERSAL')
    ${opts.from ? sql`AND r.at >= ${opts.from}::timestamptz` : sql``}
    ${opts.to ? sql`AND r.at <= ${opts.to}::timestamptz` : sql``}`;
  const direction = sql.raw(opts.order);
  const res = await db.execute<RedeemedRow>(sql`
    SELECT r.id::text AS id, r.at AS "redeemedTime", r.mobile, r.order_id AS "orderId",
      (SELECT coalesce(json_agg(json_build_object('orderId', s.order_id, 'orderTime', s.order_time,
          'grandTotal', s.grand_total, 'amount', s.amount) ORDER BY s.order_time, s.id), '[]')
        FROM loyalty_ledger res JOIN loyalty_ledger s ON s.shop_id = res.shop_id AND s.id = ANY(res.stamp_ids)
        WHERE res.shop_id = r.shop_id AND res.order_id = r.order_id AND res.kind = 'RESERVE') AS rewards,
      count(*) OVER ()::int AS total
    FROM loyalty_ledger r WHERE ${where}
    ORDER BY r.at ${direction}, r.id ${direction} OFFSET ${offset} LIMIT ${limit}`);
  if (res.rows.length || opts.range[0] === 0) return { rows: res.rows, total: res.rows[0]?.total ?? 0 };
  const all = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM loyalty_ledger r WHERE ${where}`);
  return { rows: [], total: all.rows[0].n };
}
