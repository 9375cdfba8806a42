import { and, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import type { Item } from '../../../domain/catalog/item';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { shopSettings } from '../../infra/db/tables';
import { items } from './tables';
import { readMenu, MENU_KIND } from './repoMenu';
import { itemJson } from './repo';

export interface CatalogStamp {
  name: string;
  country: string;
  timezone: string;
  /** Bumped by triggers on every write to the shop's items, menu, pizza and delivery documents. */
  version: string;
}

/**
 * The one query each storefront menu request makes: is the shop PUBLISHED, and which version of its catalog is
 * current. A named statement, so PostgreSQL plans it once per connection.
 */
export async function catalogStamp(pool: pg.Pool, shopId: string): Promise<CatalogStamp | null> {
  if (!isUuid(shopId)) return null;
  const res = await pool.query<CatalogStamp>({
    name: 'storefront_catalog_stamp',
    text: `SELECT s.name, s.country, s.timezone, coalesce(v.version, 1)::text AS version
           FROM shops s LEFT JOIN catalog_versions v ON v.shop_id = s.id
           WHERE s.id = $1 AND s.listing_status = 'PUBLISHED'`,
    values: [shopId],
  });
  return res.rows[0] ?? null;
}

/** Everything the storefront menu is built from, read in two queries. */
export async function loadCatalog(db: Db, shopId: string) {
  const [rows, docs] = await Promise.all([
    db.select().from(items).where(eq(items.shopId, shopId)),
    db
      .select({ kind: shopSettings.kind, value: shopSettings.value })
      .from(shopSettings)
      .where(and(eq(shopSettings.shopId, shopId), inArray(shopSettings.kind, [MENU_KIND, 'pizza', 'delivery']))),
  ]);
  const doc = (kind: string) => docs.find((d) => d.kind === kind)?.value;
  return {
    items: rows.map((r) => itemJson(r)) as Item[],
    menu: readMenu(doc(MENU_KIND)),
    pizza: readSettings(SETTINGS.pizza, doc('pizza')),
    delivery: readSettings(SETTINGS.delivery, doc('delivery')),
  };
}
