import { sql, type SQL } from 'drizzle-orm';

/**
 * Some of a shop's settings documents as one JSON object, kind → the stored document as text (absent kinds are
 * absent), for a caller's own statement (placing an order reads them with the menu, in one round trip). As text, a
 * caller can parse and check each distinct document once (domain/settings.ts storedFromText). `shopId` and `kinds`
 * (a text[]) are SQL expressions of that statement.
 */
export const settingsDocumentsSubquery = (shopId: SQL, kinds: SQL): SQL => sql`
  (SELECT coalesce(json_object_agg(kind, value::text), '{}') FROM shop_settings WHERE shop_id = ${shopId} AND kind = ANY(${kinds}))`;
