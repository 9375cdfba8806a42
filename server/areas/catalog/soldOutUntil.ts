import { soldOutForToday, untilClose, type SoldOutSpan } from '../../../domain/catalog/availability';
import { localDate } from '../../../domain/hours';
import type { Db } from '../../infra/db/client';
import { loadShopHours } from '../timings';
import { loadShop } from '../shops';

const HOUR_MS = 3_600_000;

/**
 * A sold-out request with `today` or `for` turned into its `until` on the app's clock: an hour from now, the end of
 * today's hours (untilClose), or the shop's next opening after today (soldOutForToday), read from its timings and
 * closures of the coming fortnight. Other requests pass through unchanged.
 */
export async function resolveToday<T extends { today?: boolean; for?: SoldOutSpan; until?: string | null }>(
  shopId: string,
  db: Db,
  body: T,
  now: Date,
): Promise<Omit<T, 'today' | 'for'>> {
  const { today, for: span, ...rest } = body;
  if (span === 'HOUR') return { ...rest, until: new Date(now.getTime() + HOUR_MS).toISOString() };
  if (!today && !span) return rest;
  const { timezone } = await loadShop(shopId, db);
  const hours = await loadShopHours(shopId, db, timezone, localDate(now, timezone), 14);
  return { ...rest, until: (span === 'CLOSE' ? untilClose(now, hours) : soldOutForToday(now, hours)).toISOString() };
}
