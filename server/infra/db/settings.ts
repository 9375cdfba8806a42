import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { shopSettings } from './tables';
import { notFound } from '../http/errors';
import { translateConstraints } from './constraints';

/** The stored document of one kind, as saved (the registry in domain/settings.ts decides how it reads). */
export async function loadSettings(shopId: string, db: Db, kind: string): Promise<unknown> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.kind, kind)));
  return row?.value;
}

/** The stored document of one kind, its row locked until the caller's transaction ends (absent: nothing to lock). */
export async function lockSettings(shopId: string, tx: Db, kind: string): Promise<unknown> {
  const [row] = await tx
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.kind, kind)))
    .for('update');
  return row?.value;
}

/** Replaces the whole document of one kind, recording who saved it (null: the app itself, as a sweep) and when. */
export async function saveSettings(shopId: string, db: Db, kind: string, value: object, by: string | null, now: Date): Promise<void> {
  await translateConstraints(
    () =>
      db
        .insert(shopSettings)
        .values({ shopId, kind, value, updatedBy: by, updatedAt: now })
        .onConflictDoUpdate({ target: [shopSettings.shopId, shopSettings.kind], set: { value, updatedBy: by, updatedAt: now } }),
    // The shop was deleted after the request passed the shop scope.
    { foreignKey: () => notFound('shop', shopId) },
  );
}
