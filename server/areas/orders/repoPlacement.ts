import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Closure } from '../../../domain/closures';
import type { LedgerEntry } from '../../../domain/loyaltyCard';
import type { Db } from '../../infra/db/client';
import { param as p, prepared, type Prepared } from '../../infra/db/prepared';
import { IN_PROGRESS_LIMIT } from '../../../domain/kitchen';
import { idempotencyLock } from './repo';
import { orders } from './tables';

/**
 * The other owners' parts of the placing read, each a subquery its owner exports (the catalog's cart items, the
 * settings documents, the timings' closures, the loyalty card, the shop while published, the rate-limit hit). The
 * service hands them over, so this file reads no other area's tables by itself and imports no other area. Each
 * takes SQL expressions of the one statement, so it is built once, whatever the order.
 */
export interface PlacementFragments {
  /** The request's hit on its rate-limit counter as the body of a data-modifying CTE answering count, window_start. */
  ipHit(key: SQL, now: SQL, windowSeconds: SQL): SQL;
  /** The shop's row (id, name, country, timezone) while customers may order from it, no row otherwise. */
  publishedShop(shopId: SQL): SQL;
  /** JSON object: settings kind → stored document as text. */
  documents(shopId: SQL, kinds: SQL): SQL;
  /** JSON array of the cart's items (readPlacement's Item). */
  cartItems(shopId: SQL, ids: SQL): SQL;
  /** JSON array of Closure. */
  closures(shopId: SQL, from: SQL, to: SQL): SQL;
  /** JSON array of the card's LedgerEntry. */
  cardLedger(shopId: SQL, mobile: SQL): SQL;
}

/** What the placing read is asked for; see readPlacement. */
export interface PlacementParams {
  kinds: readonly string[];
  itemIds: string[];
  /** The closures' dates, 'YYYY-MM-DD', inclusive. */
  closuresFrom: string;
  closuresTo: string;
  /** The customer's mobile as orders keep it (customerMobile) under each country the shop may be in. */
  mobiles: Record<string, string>;
  /** The per-mobile order limit: at most `limit` orders in the window that ends now. */
  mobileLimit: { limit: number; windowSeconds: number };
  /** The coupon code the order names, counted for this customer. */
  coupon: string | null;
  /** The rate-limit counter to count this request on (none when null). */
  ip: { key: string; windowSeconds: number } | null;
  now: Date;
}

/** What a coupon's per-customer rules count: the customer's orders that went through, and those that used the code. */
export interface CouponCounts {
  previousOrderCount: number;
  redeemedCount: number;
}

export interface PlacementRow<Item> {
  /** The request's counter after this hit (null when no key was counted). */
  ipHit: { count: number; windowStart: string } | null;
  /** The published shop; null when there is none with that id. */
  shop: { id: string; name: string; country: string; timezone: string } | null;
  docs: Record<string, string>;
  items: Item[];
  closures: Closure[];
  /** When the mobile's oldest order still counted at its limit was placed; null when it is under its limit. */
  mobileFullSince: string | null;
  coupon: CouponCounts;
  loyaltyLedger: LedgerEntry[];
  /**
   * The shop's orders in the kitchen (inProgressOrders), counted up to the largest limit there can be, and only when
   * the shop's kitchen document sets an orders-in-progress limit: 0 otherwise.
   */
  inProgress: number;
}

/**
 * The shop's orders in the kitchen's hands, as the board's In progress column lists them: accepted (ready ones too),
 * not completed, not waiting in Scheduled. The orders_shop_in_progress index holds the first two.
 */
const inProgressOrders = (shopId: SQL) =>
  sql`FROM orders WHERE shop_id = ${shopId} AND order_status_restaurant = 'ACCEPTED' AND completed_at IS NULL
        AND status = 'OK' AND (hold_until IS NULL OR released_at IS NOT NULL)`;

/** Orders of the customer (`mobile`, an SQL expression) at the shop that count for a coupon's rules. */
const couponOrders = (shopId: SQL, mobile: SQL) =>
  sql`FROM orders WHERE shop_id = ${shopId} AND mobile = ${mobile} AND status = 'OK' AND order_status_restaurant <> 'DECLINED'`;

const couponCountsJson = (code: SQL) =>
  sql`json_build_object('previousOrderCount', count(*)::int, 'redeemedCount', (count(*) FILTER (WHERE coupon = ${code}))::int)`;

type Raw = Omit<PlacementRow<unknown>, 'ipHit' | 'shop'> & {
  ipHits: number | null;
  ipWindowStart: string | null;
  id: string | null;
  name: string;
  country: string;
  timezone: string;
};

function placementStatement(f: PlacementFragments, name: string): Prepared<Raw> {
  const v = (param: string) => sql`${p(param)}`;
  return prepared<Raw>(
    name,
    () => sql`
    WITH hit AS (${f.ipHit(v('ipKey'), v('now'), v('ipWindowSeconds'))})
    SELECT (SELECT count FROM hit) AS "ipHits", (SELECT window_start FROM hit) AS "ipWindowStart",
      s.id, s.name, s.country, s.timezone,
      d.docs,
      ${f.cartItems(sql`s.id`, sql`${p('ids')}::uuid[]`)} AS items,
      ${f.closures(sql`s.id`, sql`${p('from')}::date`, sql`${p('to')}::date`)} AS closures,
      (SELECT placed_at FROM orders WHERE shop_id = s.id AND mobile = c.mobile AND placed_at > ${p('since')}::timestamptz
        ORDER BY placed_at DESC OFFSET ${p('limit')}::int - 1 LIMIT 1) AS "mobileFullSince",
      (SELECT ${couponCountsJson(sql`${p('coupon')}::text`)} ${couponOrders(sql`s.id`, sql`c.mobile`)}
        AND ${p('coupon')}::text IS NOT NULL) AS coupon,
      ${f.cardLedger(sql`s.id`, sql`c.mobile`)} AS "loyaltyLedger",
      (SELECT count(*)::int FROM (SELECT 1 ${inProgressOrders(sql`s.id`)} LIMIT ${sql.raw(String(IN_PROGRESS_LIMIT.max))}) q
        WHERE json_typeof((d.docs ->> 'kitchen')::json -> 'inProgressLimit') = 'number') AS "inProgress"
    FROM (SELECT 1) AS one LEFT JOIN ${f.publishedShop(v('shopId'))} s ON true
      LEFT JOIN LATERAL (SELECT ${p('mobiles')}::jsonb ->> s.country AS mobile) c ON true
      LEFT JOIN LATERAL (SELECT ${f.documents(sql`s.id`, sql`${p('kinds')}::text[]`)} AS docs) d ON true`,
  );
}

/** One statement per set of fragments (there is one: pricingInputs.ts), compiled once. */
const statements = new Map<PlacementFragments, Prepared<Raw>>();

/**
 * The published shop, its settings documents, the cart's items, the closures, whether the mobile is at its order
 * limit, the coupon's counts for this customer and the customer's loyalty card, in one round trip that also counts
 * the request against its IP's limit: placing an order is the hottest write of the platform, and on a loaded
 * machine each statement's socket write costs as much as its work. The customer's mobile is picked in the shop's
 * country in the same statement.
 */
export async function readPlacement<Item>(
  shopId: string,
  db: Db,
  fragments: PlacementFragments,
  q: PlacementParams,
): Promise<PlacementRow<Item>> {
  let statement = statements.get(fragments);
  if (!statement) {
    statement = placementStatement(fragments, `placement_read_${statements.size + 1}`);
    statements.set(fragments, statement);
  }
  const [row] = await statement.run(db, {
    shopId,
    kinds: q.kinds,
    ids: q.itemIds,
    from: q.closuresFrom,
    to: q.closuresTo,
    mobiles: JSON.stringify(q.mobiles),
    since: new Date(q.now.getTime() - q.mobileLimit.windowSeconds * 1000),
    limit: q.mobileLimit.limit,
    coupon: q.coupon,
    ipKey: q.ip?.key ?? null,
    ipWindowSeconds: q.ip?.windowSeconds ?? 0,
    now: q.now,
  });
  const { ipHits, ipWindowStart, id, name, country, timezone, ...rest } = row!;
  return {
    ...rest,
    items: rest.items as Item[],
    ipHit: ipHits === null || ipWindowStart === null ? null : { count: ipHits, windowStart: ipWindowStart },
    shop: id === null ? null : { id, name, country, timezone },
  };
}

/** The coupon's counts for the customer (`mobile` as orders keep it at the shop), as `db` sees them now. */
export async function couponCounts(shopId: string, db: Pick<Db, 'execute'>, mobile: string, code: string): Promise<CouponCounts> {
  const res = await db.execute<{ counts: CouponCounts }>(
    sql`SELECT ${couponCountsJson(sql`${code}::text`)} AS counts ${couponOrders(sql`${shopId}::uuid`, sql`${mobile}::text`)}`,
  );
  return res.rows[0].counts;
}

/** The first order placed with this Idempotency-Key at the shop, if any. */
export async function firstWithKey(shopId: string, db: Pick<Db, 'select'>, key: string) {
  const [first] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.idempotencyKey, key)));
  return first;
}

/** Takes the lock that orders the attempts carrying one Idempotency-Key at the shop, until the transaction ends. */
export async function lockIdempotencyKey(shopId: string, tx: Pick<Db, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${idempotencyLock(shopId, key)}, 0))`);
}

/**
 * Takes the lock that orders one customer's orders using one coupon at the shop, until the transaction ends. Its own
 * prefix keeps it apart from the Idempotency-Key locks (which start with the shop id).
 */
export async function lockCouponCustomer(shopId: string, tx: Pick<Db, 'execute'>, mobile: string, code: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`coupon:${shopId}:${mobile}:${code}`}, 0))`);
}
