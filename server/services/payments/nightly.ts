import { sql } from 'drizzle-orm';
import type { Services } from '../../context';
import { loggableError } from '../../errors';
import { reconcileStripeEvents } from './stripeEvents';

const DAY_MS = 24 * 3_600_000;
/** How often each process asks whether the nightly run is due; the claim below lets one process run it a day. */
const CHECK_MS = 15 * 60_000;

/**
 * Claims today's reconciliation for this process: one atomic upsert of the last run's time in platform_config, which
 * succeeds for one process only when the last run is more than 23 hours old, so several servers run it once a day.
 */
async function claim(services: Services, now: Date): Promise<boolean> {
  const { rows } = await services.db.execute(sql`
    INSERT INTO platform_config (key, value, updated_at) VALUES ('stripe_reconciled_at', ${JSON.stringify(now.toISOString())}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
      WHERE platform_config.updated_at < ${new Date(now.getTime() - DAY_MS + 3_600_000)}
    RETURNING key`);
  return rows.length === 1;
}

/** Starts the nightly Stripe reconciliation (only with a real key); returns the function that stops it. */
export function startNightlyReconciliation(services: Services, log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }): () => void {
  if (!services.stripe.stripe) return () => undefined;
  const tick = async () => {
    try {
      if (!(await claim(services, services.clock.now()))) return;
      const report = await reconcileStripeEvents(services.stripe.stripe, services.db, services.clock.now());
      log.info({ stripeReconciliation: { ...report, missed: report.missed.length } }, report.missed.length ? 'Stripe reconciliation applied missed events' : 'Stripe reconciliation found nothing missed');
    } catch (e) {
      log.error({ err: loggableError(e) }, 'Stripe reconciliation failed');
    }
  };
  const timer = setInterval(() => void tick(), CHECK_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
