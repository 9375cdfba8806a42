import { soldOutForToday } from '../../../domain/catalog/availability';
import { localDate } from '../../../domain/hours';
import type { Db } from '../../infra/db/client';
import { loadShopHours } from '../timings';
import { loadShop } from '../shops';

/**
 * A sold-out request with `today` turned into its `until`: the shop's next opening after today, read from its
 * timings and closures of the coming fortnight (soldOutForToday). Other requests pass through unchanged.
 */
export async function resolveToday<T extends { today?: boolean; until?: string | null }>(
  shopId: string,
  db: Db,
  body: T,
  now: Date,
): Promise<Omit<T, 'today'>> {
  const { today, ...rest } = body;
  if (!today) return rest;
  const { timezone } = await loadShop(shopId, db);
  const hours = await loadShopHours(shopId, db, timezone, localDate(now, timezone), 14);
  return { ...rest, until: soldOutForToday(now, hours).toISOString() };
}
