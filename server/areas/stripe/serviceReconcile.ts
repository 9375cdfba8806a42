import type { Services } from '../../infra/context';
import { reconcileMoney, type MoneyReport } from './reconcileMoney';
import { reconcileStripeEvents, type EventsReport } from './serviceEvents';

type ReconcileReport = EventsReport & MoneyReport & { until: string };

/**
 * The reconciliation, nightly (jobs.ts) and on demand (POST /api/stripe/reconcile): the last `hours` of Stripe
 * events applied where the webhooks missed them (with a real key), then the period's payments and refunds at the
 * provider compared with the orders and refunds rows, every difference reported and logged as a warning. The events
 * go first, so a payment whose webhook was lost is applied before the money is compared.
 */
export async function reconcile(
  services: Pick<Services, 'db' | 'payments' | 'stripe'>,
  now: Date,
  log: { warn: (o: object, m: string) => void },
  hours = 24,
): Promise<ReconcileReport> {
  const events = await reconcileStripeEvents(services.stripe.stripe, services.db, now, hours);
  const money = await reconcileMoney(services.payments, services.db, { gte: new Date(events.since), lt: now }, log);
  return { ...events, until: now.toISOString(), ...money };
}
