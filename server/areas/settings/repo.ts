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
