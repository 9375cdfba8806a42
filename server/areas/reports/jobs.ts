import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { loggableError } from '../../infra/http/errors';
import { addDays, localDate } from '../../../domain/hours';
import { driftedDays } from './repo';

const DAY_MS = 24 * 3_600_000;
/** How often each process asks whether the daily check is due; the claim lets one process run it a day. */
const CHECK_MS = 15 * 60_000;
/** The days checked: the last week of each shop's, where late refunds and accepts land. */
const DAYS_CHECKED = 7;

/** Claims today's drift check for this process (one atomic upsert; several servers run it once a day). */
async function claim(services: Services, now: Date): Promise<boolean> {
  const { rows } = await services.db.execute(sql`
    INSERT INTO platform_config (key, value, updated_at)
    VALUES ('report_drift_checked_at', ${JSON.stringify(now.toISOString())}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
      WHERE platform_config.updated_at < ${new Date(now.getTime() - DAY_MS + 3_600_000)}
    RETURNING key`);
  return rows.length === 1;
}

/** Every shop with orders in the window, and the days that drifted from its orders. */
export async function checkDrift(services: Services, now: Date): Promise<{ shopId: string; days: string[] }[]> {
  const { rows: shops } = await services.db.execute<{ id: string; timezone: string }>(sql`
    SELECT s.id, s.timezone FROM shops s
    WHERE EXISTS (SELECT 1 FROM orders o
                  WHERE o.shop_id = s.id AND o.placed_at > ${new Date(now.getTime() - (DAYS_CHECKED + 1) * DAY_MS)})`);
  const found: { shopId: string; days: string[] }[] = [];
  for (const shop of shops) {
    const today = localDate(now, shop.timezone);
    const drifted = await driftedDays(shop.id, services.db, { from: addDays(today, -DAYS_CHECKED), to: today });
    if (drifted.length) found.push({ shopId: shop.id, days: drifted.map((d) => d.day) });
  }
  return found;
}

type Log = { [level in 'info' | 'warn' | 'error']: (o: object, m: string) => void };

/**
 * Once a day, recomputes each active shop's last week of report totals from its orders and compares them with the
 * kept ones: totals that drifted are a defect, logged as an error with the shops and days to rebuild.
 */
export function startDailyDriftCheck(services: Services, log: Log): () => void {
  const tick = async () => {
    try {
      if (!(await claim(services, services.clock.now()))) return;
      const drifted = await checkDrift(services, services.clock.now());
      if (drifted.length) log.error({ reportDrift: drifted }, 'Report totals drifted from the orders');
      else log.info({ reportDrift: [] }, 'Report totals match the orders');
    } catch (e) {
      log.error({ err: loggableError(e) }, 'Report drift check failed');
    }
  };
  const timer = setInterval(() => void tick(), CHECK_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
