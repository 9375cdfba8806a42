import type Stripe from 'stripe';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stripeAccounts } from '../../db/schema';
import { shopOfAccount } from '../../repos/stripeAccounts';
import { recordEventOnce } from '../../repos/stripeEvents';

/** The event types this server keeps: the account's state and its payouts. */
export const HANDLED_EVENTS = /^(account\.updated|payout\.[a-z_]+)$/;

/**
 * Stores a Stripe event and applies it, once (a replay changes nothing; see recordEventOnce). account.updated keeps
 * the account's capabilities; payout.* events are kept with their shop. payment_intent.* and charge.refunded are
 * stored too, for the orders area to reconcile its orders and refunds once its tables are merged.
 * Returns false when the event was already known.
 */
export async function applyStripeEvent(db: Db, event: Pick<Stripe.Event, 'id' | 'type' | 'account' | 'data'>, now: Date): Promise<boolean> {
  const object = event.data.object as unknown as Record<string, unknown> & { id?: string };
  const accountId = event.account ?? (event.type === 'account.updated' ? (object.id ?? null) : null);
  const shopId = accountId ? await shopOfAccount(db, accountId) : null;
  return recordEventOnce(db, { id: event.id, type: event.type, accountId, shopId, object }, now, async (tx) => {
    if (event.type === 'account.updated' && shopId && accountId) {
      const a = object as { charges_enabled?: boolean; payouts_enabled?: boolean };
      await tx
        .update(stripeAccounts)
        .set({ chargesEnabled: Boolean(a.charges_enabled), payoutsEnabled: Boolean(a.payouts_enabled), updatedAt: now })
        .where(and(eq(stripeAccounts.shopId, shopId), eq(stripeAccounts.accountId, accountId)));
    }
  });
}

export interface ReconcileReport {
  provider: 'stripe' | 'simulated';
  since: string;
  accounts: number;
  /** Events Stripe has for the period that we handle. */
  checked: number;
  /** Of those, the ids we had never received (a webhook lost or refused), now applied. */
  missed: string[];
}

/**
 * The reconciliation (nightly, and on demand by super admins): lists the period's events of every active connected
 * account from Stripe and applies those the webhooks never delivered, reporting them. With the simulated provider there
 * is nothing to compare.
 */
export async function reconcileStripeEvents(stripe: Stripe | null, db: Db, now: Date, hours = 24): Promise<ReconcileReport> {
  const since = new Date(now.getTime() - hours * 3_600_000);
  const report: ReconcileReport = { provider: stripe ? 'stripe' : 'simulated', since: since.toISOString(), accounts: 0, checked: 0, missed: [] };
  if (!stripe) return report;
  const { rows } = await db.execute<{ account_id: string }>(sql`SELECT account_id FROM stripe_accounts WHERE status = 'active' ORDER BY account_id`);
  report.accounts = rows.length;
  for (const { account_id: accountId } of rows) {
    const list = stripe.events.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100 }, { stripeAccount: accountId });
    for await (const event of list) {
      if (!HANDLED_EVENTS.test(event.type)) continue;
      report.checked += 1;
      // Events listed under an account header carry no `account` field; it is the account we asked about.
      if (await applyStripeEvent(db, { ...event, account: event.account ?? accountId }, now)) report.missed.push(event.id);
    }
  }
  return report;
}
