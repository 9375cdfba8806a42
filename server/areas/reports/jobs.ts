import type { Services } from '../../infra/context';
import { loggableError } from '../../infra/http/errors';
import { addDays, localDate } from '../../../domain/hours';
import { driftedDays } from './repo';
import { claimDailyRun } from '../../infra/db/dailyClaim';
import { shopsWithOrdersSince } from '../orders';

const DAY_MS = 24 * 3_600_000;
/** How often each process asks whether the daily check is due; the claim lets one process run it a day. */
const CHECK_MS = 15 * 60_000;
/** The days checked: the last week of each shop's, where late refunds and accepts land. */
const DAYS_CHECKED = 7;

/** Every shop with orders in the window, and the days that drifted from its orders. */
export async function checkDrift(services: Services, now: Date): Promise<{ shopId: string; days: string[] }[]> {
  const shops = await shopsWithOrdersSince(services.db, new Date(now.getTime() - (DAYS_CHECKED + 1) * DAY_MS));
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
      if (!(await claimDailyRun(services.db, 'report_drift_checked_at', services.clock.now()))) return;
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
