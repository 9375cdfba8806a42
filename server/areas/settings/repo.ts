import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { saveSettings } from '../../infra/db/settings';
import { appendEvent, type ShopEventType } from '../../infra/db/shopEvents';

/** Saves a document that live screens follow: the save and its event (carrying the document) commit together. */
export async function saveSettingsAnnounced(
  shopId: string,
  db: Db,
  change: { kind: string; value: object; event: ShopEventType },
  by: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await saveSettings(shopId, tx, change.kind, change.value, by, now);
    await appendEvent(tx, shopId, change.event, { ...change.value });
  });
}

/**
 * Some of a shop's settings documents as one JSON object, kind → the stored document as text (absent kinds are
 * absent), for a caller's own statement (placing an order reads them with the menu, in one round trip). As text, a
 * caller can parse and check each distinct document once (domain/settings.ts storedFromText). `shopId` and `kinds`
 * (a text[]) are SQL expressions of that statement.
 */
export const settingsDocumentsSubquery = (shopId: SQL, kinds: SQL): SQL => sql`
  (SELECT coalesce(json_object_agg(kind, value::text), '{}') FROM shop_settings WHERE shop_id = ${shopId} AND kind = ANY(${kinds}))`;
