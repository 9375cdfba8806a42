import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { param as p, prepared } from '../../infra/db/prepared';
import { isUuid } from '../../infra/db/uuid';

export interface PageShopRow {
  id: string;
  name: string;
  description: string;
  locality: string;
  logo: { path: string } | null;
  country: string;
  timezone: string;
  checkout: unknown;
  contact: unknown;
  booking: unknown;
}

// Read on every visit of an ordering page: one named statement for the shop and the three documents the page shows.
const pageShop = prepared<PageShopRow>(
  'ordering_page_shop',
  () => sql`SELECT s.id, s.name, s.description, s.locality, s.logo, s.country, s.timezone,
    (SELECT value FROM shop_settings WHERE shop_id = s.id AND kind = 'checkout') AS checkout,
    (SELECT value FROM shop_settings WHERE shop_id = s.id AND kind = 'contact') AS contact,
    (SELECT value FROM shop_settings WHERE shop_id = s.id AND kind = 'booking') AS booking
    FROM shops s WHERE s.id = ${p('shopId')} AND s.listing_status = 'PUBLISHED'`,
);

/** A PUBLISHED shop with its checkout, contact and booking documents as stored; null for any other shop or id. */
export async function loadPageShop(shopId: string, db: Db): Promise<PageShopRow | null> {
  if (!isUuid(shopId)) return null;
  const [row] = await pageShop.run(db, { shopId });
  return row ?? null;
}

/** The demo's PUBLISHED shops, by name: whose ordering pages the demo points a newcomer to. */
export async function publishedDemoShops(db: Db): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM shops WHERE demo AND listing_status = 'PUBLISHED' ORDER BY name`,
  );
  return rows;
}
