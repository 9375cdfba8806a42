import type { Services } from '../../infra/context';
import { loggableError } from '../../infra/http/errors';
import { claimDailyRun } from '../../infra/db/dailyClaim';
import { reconcile } from './serviceReconcile';

/** How often each process asks whether the nightly run is due; the claim lets one process run it a day. */
const CHECK_MS = 15 * 60_000;

type Log = { [level in 'info' | 'warn' | 'error']: (o: object, m: string) => void };

/**
 * Starts the nightly reconciliation (serviceReconcile.ts: Stripe's events with a real key, and with either provider the
 * day's payments and refunds against the orders); returns the function that stops it.
 */
export function startNightlyReconciliation(services: Services, log: Log): () => void {
  const tick = async () => {
    try {
      if (!(await claimDailyRun(services.db, 'stripe_reconciled_at', services.clock.now()))) return;
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
