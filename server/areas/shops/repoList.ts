import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ListingStatus, SellerRole } from '../../../domain/shop';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { shops, shopSellers } from '../../infra/db/tables';
import { orderBy, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import type { ShopRow } from './repo';

export const SHOP_SORTABLE = ['name', 'createdAt', 'updatedAt', 'country', 'locality', 'listing.status', 'attention', 'id'] as const;
type ShopSortField = (typeof SHOP_SORTABLE)[number];

interface ShopListFilter {
  q?: string;
  country?: string;
  'listing.status'?: ListingStatus;
  /** Ids that are not UUIDs match nothing (a 400 would break react-admin's getMany on a stale id). */
  id?: string | string[];
}

const listingStatus = sql`coalesce(${shops.listingStatus}, 'UNPUBLISHED')`;
/**
 * What needs the owner first: a refused shop, one never sent for review, one waiting for it; then the listed ones.
 * Sorted here, not in the browser, so the order holds across pages; shops needing the same attention keep the
 * order of their names.
 */
const attention = sql`CASE ${listingStatus} WHEN 'REJECTED' THEN 0 WHEN 'UNPUBLISHED' THEN 1 WHEN 'WAITING_FOR_REVIEW' THEN 2 ELSE 3 END`;
const sortColumn = {
  name: shops.name,
  createdAt: shops.createdAt,
  updatedAt: shops.updatedAt,
  country: shops.country,
  locality: shops.locality,
  'listing.status': listingStatus,
  attention,
  id: shops.id,
} satisfies Record<ShopSortField, unknown>;

/*
 * Every filter is a parameter that is null when unused, so each sort order is one prepared statement
 * (PostgreSQL parses and plans it once per connection, drizzle builds it once per process).
 */
const p = {
  userId: sql.placeholder('userId'),
  like: sql.placeholder('like'),
  country: sql.placeholder('country'),
  status: sql.placeholder('status'),
  ids: sql.placeholder('ids'),
};
const mine = and(
  eq(shopSellers.userId, p.userId),
  sql`(${p.like}::text IS NULL OR ${shops.name} ILIKE ${p.like} OR ${shops.locality} ILIKE ${p.like})`,
  sql`(${p.country}::text IS NULL OR ${shops.country} = ${p.country})`,
  sql`(${p.status}::text IS NULL OR ${listingStatus} = ${p.status})`,
  sql`(${p.ids}::uuid[] IS NULL OR ${shops.id} = ANY(${p.ids}::uuid[]))`,
);

// What the API shows of a shop, flat (drizzle maps a flat row faster than a nested one).
const { searchText: _searchText, submittedAt: _submittedAt, ...shopColumns } = getTableColumns(shops);
type ShopListRow = Omit<ShopRow, 'searchText' | 'submittedAt'> & { role: SellerRole };

const pageStatement = (db: Db, field: ShopSortField, order: SortOrder) =>
  db
    .select({ ...shopColumns, role: shopSellers.role, total: totalOver() })
    .from(shops)
    .innerJoin(shopSellers, eq(shopSellers.shopId, shops.id))
    .where(mine)
    .orderBy(
      ...(field === 'attention' ? [...orderBy(attention, order, shops.name), asc(shops.id)] : orderBy(sortColumn[field], order, shops.id)),
    )
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare(`shops_of_user_${field.replace('.', '_')}_${order}`);

const countStatement = (db: Db) =>
  db
    .select({ total: count() })
    .from(shops)
    .innerJoin(shopSellers, eq(shopSellers.shopId, shops.id))
    .where(mine)
    .prepare('shops_of_user_count');

interface Statements {
  pages: Map<string, ReturnType<typeof pageStatement>>;
  count: ReturnType<typeof countStatement>;
}
const prepared = new WeakMap<Db, Statements>();
function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = { pages: new Map(), count: countStatement(db) }));
  return s;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the shops `userId` works in, each with their role, and how many there are in all. */
export async function listShopsOf(
  db: Db,
  userId: string,
  { sort, range, filter }: { sort: [ShopSortField, SortOrder]; range: Range; filter: ShopListFilter },
): Promise<{ rows: ShopListRow[]; total: number }> {
  const q = filter.q?.trim();
  const params = {
    userId,
    like: q ? `%${escapeLike(q)}%` : null,
    country: filter.country ?? null,
    status: filter['listing.status'] ?? null,
    ids: filter.id === undefined ? null : [filter.id].flat().filter(isUuid),
  };
  const s = statements(db);
  const key = sort.join(' ');
  let page = s.pages.get(key);
  if (!page) s.pages.set(key, (page = pageStatement(db, ...sort)));
  const rows = await page.execute({ ...params, ...pageOf(range) });
  return withTotal(rows, range, async () => (await s.count.execute(params))[0].total);
}

const waiting = eq(shops.listingStatus, 'WAITING_FOR_REVIEW');

/** One page of the review queue, oldest submission first, and its length. */
export async function waitingForReview(db: Db, range: Range): Promise<{ rows: ShopRow[]; total: number }> {
  const page = await db
    .select({ shop: shops, total: totalOver() })
    .from(shops)
    .where(waiting)
    .orderBy(...orderBy(shops.submittedAt, 'ASC', shops.id))
    .offset(pageOf(range).offset)
    .limit(pageOf(range).limit);
  const { total } = await withTotal(page, range, async () => db.$count(shops, waiting));
  return { rows: page.map((r) => r.shop), total };
}
