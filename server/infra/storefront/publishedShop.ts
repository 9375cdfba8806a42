import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { param, prepared } from '../db/prepared';
import { isUuid } from '../db/uuid';
import { notFound } from '../http/errors';

export type PublishedShop = {
  id: string;
  name: string;
  country: string;
  timezone: string;
};

/** What a customers' call gets for a shop that is not PUBLISHED, unknown or malformed alike. */
export const shopNotFound = (shopId: string) => notFound('shop', shopId);

// Every customers' call starts here, so it is compiled once (db/prepared.ts).
const published = prepared<PublishedShop>(
  'published_shop',
  () => sql`SELECT id, name, country, timezone FROM shops WHERE id = ${param('shopId')} AND listing_status = 'PUBLISHED'`,
);

/**
 * The shop a customers' call names, only while it is PUBLISHED: any other listing state, an unknown or malformed
 * id all answer the same 404, so the customers' API reveals nothing about shops that are not open to the public.
 */
export async function publishedShop(db: Db, shopId: string): Promise<PublishedShop> {
  if (!isUuid(shopId)) throw shopNotFound(shopId);
  const [shop] = await published.run(db, { shopId });
  if (!shop) throw shopNotFound(shopId);
  return shop;
}
