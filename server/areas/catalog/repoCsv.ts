import { and, asc, eq } from 'drizzle-orm';
import type { Availability } from '../../../domain/catalog/availability';
import type { Db } from '../../infra/db/client';
import { items } from './tables';
import type { ItemRow } from './repo';

/** Every item of the shop, by name then id (the export's order; the import looks items up by id). */
export async function allItemRows(shopId: string, db: Db): Promise<ItemRow[]> {
  return db.select().from(items).where(eq(items.shopId, shopId)).orderBy(asc(items.name), asc(items.id));
}

/** Sets an item's own sold-out state, as the availability route does for the whole item. */
export async function setItemSoldOut(shopId: string, db: Db, id: string, a: Availability, by: string, now: Date): Promise<void> {
  await db
    .update(items)
    .set({ soldOut: a.soldOut, soldOutUntil: a.soldOut && a.until ? new Date(a.until) : null, updatedBy: by, updatedAt: now })
    .where(and(eq(items.shopId, shopId), eq(items.id, id)));
}
