import { eq } from 'drizzle-orm';
import { SETUP_SHARED_KIND } from '../../../domain/setup';
import { loadSettings, saveSettings } from '../../infra/db/settings';
import { shops } from '../../infra/db/tables';
import type { Db } from '../../infra/db/client';

/**
 * The set-up checklist's shop steps: the shop was sent for review (it waits for it or is listed; a rejected or
 * unlisted shop is not), and its ordering page was shared.
 */
export const shopsSetup: Record<'review' | 'share', (db: Db, shopId: string) => Promise<boolean>> = {
  review: async (db, shopId) => {
    const [row] = await db.select({ status: shops.listingStatus }).from(shops).where(eq(shops.id, shopId));
    return row?.status === 'WAITING_FOR_REVIEW' || row?.status === 'PUBLISHED';
  },
  share: async (db, shopId) => (await loadSettings(shopId, db, SETUP_SHARED_KIND)) !== undefined,
};

/** Records that someone of the shop copied or opened its ordering page link (the first time is kept). */
export async function recordShared(shopId: string, db: Db, by: string, now: Date): Promise<void> {
  if ((await loadSettings(shopId, db, SETUP_SHARED_KIND)) !== undefined) return;
  await saveSettings(shopId, db, SETUP_SHARED_KIND, { sharedAt: now.toISOString() }, by, now);
}
