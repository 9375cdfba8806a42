import type { Db } from '../../infra/db/client';
import { eq } from 'drizzle-orm';
import { items } from './tables';
import { loadMenu } from './repoMenu';

/** The set-up checklist's catalog steps: the shop has an item; its menu shows one (a category lists it). */
export const catalogSetup: Record<'items' | 'menu', (db: Db, shopId: string) => Promise<boolean>> = {
  items: async (db, shopId) => {
    const [row] = await db.select({ id: items.id }).from(items).where(eq(items.shopId, shopId)).limit(1);
    return row !== undefined;
  },
  menu: async (db, shopId) => (await loadMenu(shopId, db)).categories.some((c) => c.itemIds.length > 0),
};
