import { and, eq } from 'drizzle-orm';
import type { Store } from '../../../domain/apps';
import type { Db } from '../../infra/db/client';
import { appStoreSettings } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type StoreRow = typeof appStoreSettings.$inferSelect;
export type StoredFile = StoreRow['files'][string];

const rowOf = (bundleId: string, store: Store) => and(eq(appStoreSettings.bundleId, bundleId), eq(appStoreSettings.store, store));

/** An app's settings for one store, or null before anything was saved for it. */
export async function storeRow(db: Pick<Db, 'select'>, bundleId: string, store: Store): Promise<StoreRow | null> {
  const [row] = await db.select().from(appStoreSettings).where(rowOf(bundleId, store));
  return row ?? null;
}

/** The same, locked until the caller's transaction ends, so two saves of one store do not interleave. */
export async function lockedStoreRow(tx: Tx, bundleId: string, store: Store): Promise<StoreRow | null> {
  const [row] = await tx.select().from(appStoreSettings).where(rowOf(bundleId, store)).for('update');
  return row ?? null;
}

/** Writes the Appstore tab's settings and sealed secrets; its files are left as they are. */
export async function saveAppstoreRow(tx: Tx, row: StoreRow): Promise<void> {
  await tx
    .insert(appStoreSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [appStoreSettings.bundleId, appStoreSettings.store],
      set: { settings: row.settings, secrets: row.secrets, updatedAt: row.updatedAt },
    });
}

export async function savePlaystoreSettings(db: Db, bundleId: string, settings: StoreRow['settings'], now: Date): Promise<void> {
  await db
    .insert(appStoreSettings)
    .values({ bundleId, store: 'PLAYSTORE', settings, updatedAt: now })
    .onConflictDoUpdate({ target: [appStoreSettings.bundleId, appStoreSettings.store], set: { settings, updatedAt: now } });
}

/** Records a credential file on its store's row (creating the row), under the row's lock; answers the key it replaced. */
export async function setStoreFile(
  tx: Tx,
  bundleId: string,
  store: Store,
  kind: string,
  file: StoredFile,
  now: Date,
): Promise<string | undefined> {
  await tx.insert(appStoreSettings).values({ bundleId, store, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select({ files: appStoreSettings.files }).from(appStoreSettings).where(rowOf(bundleId, store)).for('update');
  await tx
    .update(appStoreSettings)
    .set({ files: { ...row.files, [kind]: file }, updatedAt: now })
    .where(rowOf(bundleId, store));
  return row.files[kind]?.key;
}
