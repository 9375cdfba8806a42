import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { loggableError } from '../../infra/http/errors';
import { reconcile } from './serviceReconcile';

const DAY_MS = 24 * 3_600_000;
/** How often each process asks whether the nightly run is due; the claim below lets one process run it a day. */
const CHECK_MS = 15 * 60_000;

/**
 * Claims today's reconciliation for this process: one atomic upsert of the last run's time in platform_config, which
 * succeeds for one process only when the last run is more than 23 hours old, so several servers run it once a day.
 */
async function claim(services: Services, now: Date): Promise<boolean> {
  const { rows } = await services.db.execute(sql`
    INSERT INTO platform_config (key, value, updated_at)
    VALUES ('stripe_reconciled_at', ${JSON.stringify(now.toISOString())}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
      WHERE platform_config.updated_at < ${new Date(now.getTime() - DAY_MS + 3_600_000)}
    RETURNING key`);
  return rows.length === 1;
}

type Log = { [level in 'info' | 'warn' | 'error']: (o: object, m: string) => void };

/**
 * Starts the nightly reconciliation (serviceReconcile.ts: Stripe's events with a real key, and with either provider the
 * day's payments and refunds against the orders); returns the function that stops it.
 */
export function startNightlyReconciliation(services: Services, log: Log): () => void {
  const tick = async () => {
    try {
      if (!(await claim(services, services.clock.now()))) return;
      const report = await reconcile(services, services.clock.now(), log);
      const summary = { ...report, missed: report.missed.length, mismatches: report.mismatches.length };
      log.info(
        { stripeReconciliation: summary },
        report.missed.length || report.mismatches.length
          ? 'Payment reconciliation found differences'
          : 'Payment reconciliation found nothing missed',
      );
    } catch (e) {
      log.error({ err: loggableError(e) }, 'Stripe reconciliation failed');
    }
  };
  const timer = setInterval(() => void tick(), CHECK_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
