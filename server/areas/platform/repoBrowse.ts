import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { shops } from '../../infra/db/tables';

type ShopRow = typeof shops.$inferSelect;

/**
 * One page of every shop, newest first, after the keyset `after` ([created_at as PostgreSQL prints it, id]).
 * Each row carries its created_at as text too (microseconds included, which a JS Date would lose) for the next cursor.
 * One row more than asked tells whether another page exists.
 */
export async function browseShops(
  db: Db,
  after: [string, string] | null,
  limit: number,
): Promise<{ rows: { shop: ShopRow; createdAtText: string }[]; more: boolean }> {
  const rows = await db
    .select({ shop: shops, createdAtText: sql<string>`${shops.createdAt}::text` })
    .from(shops)
    .where(after ? sql`(${shops.createdAt}, ${shops.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined)
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
