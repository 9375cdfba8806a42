import { addDays, type ShopHours } from '../../domain/hours';
import { readSettings, SETTINGS } from '../../domain/settings';
import type { Db } from '../db/client';
import { listClosures } from './closures';
import { loadSettings } from './settings';

/**
 * What the hours engine needs for one shop around a date: its weekly timings and the closures from the day before
 * `fromDate` (a session past midnight) to `days` days after.
 */
export async function loadShopHours(shopId: string, db: Db, timeZone: string, fromDate: string, days: number): Promise<ShopHours> {
  const [stored, closures] = await Promise.all([
    loadSettings(shopId, db, 'timings'),
    listClosures(shopId, db, { from: addDays(fromDate, -1), to: addDays(fromDate, days + 1) }),
  ]);
  return { timeZone, timings: readSettings(SETTINGS.timings, stored), closures };
}
