import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUuid } from '../auth/guard';
import { notFound } from '../errors';

export type PublishedShop = {
  id: string;
  name: string;
  country: string;
  timezone: string;
};

/**
 * The shop a customers' call names, only while it is PUBLISHED: any other listing state, an unknown or malformed
 * id all answer the same 404, so the customers' API reveals nothing about shops that are not open to the public.
 */
export async function publishedShop(db: Db, shopId: string): Promise<PublishedShop> {
  if (!isUuid(shopId)) throw notFound('shop', shopId);
  const res = await db.execute<PublishedShop>(
    sql`SELECT id, name, country, timezone FROM shops WHERE id = ${shopId} AND listing_status = 'PUBLISHED'`,
  );
  const shop = res.rows[0];
  if (!shop) throw notFound('shop', shopId);
  return shop;
}
