import { addDays, type ShopHours } from '../../../domain/hours';
import { readSettings, SETTINGS } from '../../../domain/settings';
import type { Closure } from '../../../domain/closures';
import type { Db } from '../../infra/db/client';
import { listClosures } from './repo';
import { loadSettings } from '../../infra/db/settings';

/**
 * What the hours engine needs for one shop around a date: its weekly timings and the closures from the day before
 * `fromDate` (a session past midnight) to `days` days after.
 */
export async function loadShopHours(shopId: string, db: Db, timeZone: string, fromDate: string, days: number): Promise<ShopHours> {
  const [stored, closures] = await Promise.all([
    loadSettings(shopId, db, 'timings'),
    listClosures(shopId, db, closureWindow(fromDate, days)),
  ]);
  return shopHours(timeZone, stored, closures);
}

/** The closures the hours engine needs around `fromDate`: from the day before (a session past midnight) to `days` after. */
export function closureWindow(fromDate: string, days: number): { from: string; to: string } {
  return { from: addDays(fromDate, -1), to: addDays(fromDate, days + 1) };
}

/** The hours engine's input from the stored timings document (absent: its defaults) and the closures read. */
export function shopHours(timeZone: string, storedTimings: unknown, closures: Closure[]): ShopHours {
  return { timeZone, timings: readSettings(SETTINGS.timings, storedTimings), closures };
}
