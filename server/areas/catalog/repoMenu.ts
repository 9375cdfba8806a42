import { emptyMenu, menuSchema, type Menu } from '../../../domain/catalog/menu';
import type { Db } from '../../infra/db/client';
import { loadSettings, saveSettings } from '../../infra/db/settings';
import { appendEvent } from '../../infra/db/shopEvents';

/** The menu is kept as one document beside the shop's settings (kind 'menu'), but has its own route (spec 2 §3). */
export const MENU_KIND = 'menu';

/** A stored menu as the API answers it; one that no longer fits the schema reads as empty rather than failing. */
export function readMenu(stored: unknown): Menu {
  const parsed = menuSchema.safeParse(stored ?? emptyMenu);
  return parsed.success ? parsed.data : emptyMenu;
}

export async function loadMenu(shopId: string, db: Db): Promise<Menu> {
  return readMenu(await loadSettings(shopId, db, MENU_KIND));
}

/** Saves the menu and announces it (menu.updated: apps and integrations read the menu again) in one transaction. */
export async function saveMenu(shopId: string, db: Db, menu: Menu, by: string, now: Date): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await saveSettings(shopId, tx, MENU_KIND, menu, by, now);
    await appendEvent(tx, shopId, 'menu.updated', { updatedAt: now.toISOString() });
  });
}
