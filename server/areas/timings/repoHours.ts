import { addDays, type ShopHours } from '../../../domain/hours';
import { readSettings, SETTINGS } from '../../../domain/settings';
import type { Closure } from '../../../domain/closures';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { param as p, prepared } from '../../infra/db/prepared';

// The customers' hours are read on every visit of an ordering page: one named statement, parsed and planned once per
// connection, reads both the timings document and the closures.
const hoursRead = prepared<{ timings: unknown; closures: Closure[] }>(
  'hours_read',
  () => sql`SELECT
    (SELECT value FROM shop_settings WHERE shop_id = ${p('shopId')} AND kind = 'timings') AS timings,
    (SELECT coalesce(json_agg(json_build_object('id', id, 'date', date, 'note', note, 'pickup', pickup, 'delivery', delivery)
        ORDER BY date), '[]')
      FROM shop_closures WHERE shop_id = ${p('shopId')} AND date BETWEEN ${p('from')}::date AND ${p('to')}::date) AS closures`,
);

/**
 * What the hours engine needs for one shop around a date: its weekly timings and the closures from the day before
 * `fromDate` (a session past midnight) to `days` days after.
 */
export async function loadShopHours(shopId: string, db: Db, timeZone: string, fromDate: string, days: number): Promise<ShopHours> {
  const [row] = await hoursRead.run(db, { shopId, ...closureWindow(fromDate, days) });
  return shopHours(timeZone, row!.timings, row!.closures);
}

/** The closures the hours engine needs around `fromDate`: from the day before (a session past midnight) to `days` after. */
export function closureWindow(fromDate: string, days: number): { from: string; to: string } {
  return { from: addDays(fromDate, -1), to: addDays(fromDate, days + 1) };
}

/** The hours engine's input from the stored timings document (absent: its defaults) and the closures read. */
export function shopHours(timeZone: string, storedTimings: unknown, closures: Closure[]): ShopHours {
  return { timeZone, timings: readSettings(SETTINGS.timings, storedTimings), closures };
}
