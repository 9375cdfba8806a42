import { sql, type SQL } from 'drizzle-orm';
import { MENU_KIND } from './repoMenu';

/** An item as placing an order prices it: only what pricing uses (the document keeps amounts in cents). */
export interface CartItemRow {
  id: string;
  type: 'BASIC' | 'PIZZA' | 'DEAL';
  name: string;
  priceCents: number;
  doc: Record<string, never>;
  soldOut: boolean;
  soldOutUntil: string | null;
  /** Listed in one of the menu document's categories. */
  inMenu: boolean;
  /** The categories that list it, with their stored daypart (absent in menus saved before dayparts). */
  categories: { name: string; offered?: unknown }[];
}

/**
 * The cart's items at the shop as one JSON array of CartItemRow, for the placing read's own statement (one round trip
 * on the hottest write). `shopId` and `ids` (a uuid[]) are SQL expressions of that statement.
 */
export const cartItemsSubquery = (shopId: SQL, ids: SQL): SQL => sql`
  (SELECT coalesce(json_agg(json_build_object('id', i.id, 'type', i.type, 'name', i.name, 'priceCents', i.price_cents,
      'doc', i.doc, 'soldOut', i.sold_out, 'soldOutUntil', i.sold_out_until,
      'inMenu', coalesce(jsonb_path_exists(m.value, '$.categories[*].itemIds[*] ? (@ == $id)',
        jsonb_build_object('id', i.id::text)), false),
      'categories', coalesce((SELECT json_agg(json_build_object('name', c->>'name', 'offered', c->'offered'))
        FROM jsonb_array_elements(m.value->'categories') c WHERE c->'itemIds' ? i.id::text), '[]'))), '[]')
    FROM items i LEFT JOIN shop_settings m ON m.shop_id = ${shopId} AND m.kind = ${sql.raw(`'${MENU_KIND}'`)}
    WHERE i.shop_id = ${shopId} AND i.id = ANY(${ids}))`;
