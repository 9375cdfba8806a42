import type Stripe from 'stripe';
import type { Db } from '../../infra/db/client';
import { activeAccountIds, setCapabilities, shopOfAccount } from '../../infra/payments/accounts';
import { recordEventOnce } from './repo';
import { chargeRefunded, orderOfPayment, paymentFailed, paymentSucceeded } from '../orders';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The event types this server keeps: the account's state, its payouts, and its orders' payments and refunds. */
const HANDLED_EVENTS = /^(account\.updated|payout\.[a-z_]+|payment_intent\.(succeeded|payment_failed)|charge\.refunded)$/;

/**
 * Brings the order of a PaymentIntent up to date with what Stripe says happened to it. The order is looked up only
 * in the shop of the connected account that sent the event; an unknown PaymentIntent changes nothing.
 */
async function reconcileOrder(tx: Tx, shopId: string, type: string, object: Record<string, unknown>, now: Date) {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  if (type === 'charge.refunded') {
    const charge = object as {
      payment_intent?: unknown;
      amount_refunded?: unknown;
      refunds?: { data?: { id?: string; status?: string; created?: number }[] };
    };
    const intent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent as { id?: string } | null)?.id;
    if (!intent) return;
    const o = await orderOfPayment(shopId, tx, intent, metadata.orderId);
    if (!o) return;
    // The newest refund that went through (the list is newest first).
    const refund = (charge.refunds?.data ?? []).find((r) => r.status === undefined || r.status === 'succeeded');
    await chargeRefunded(shopId, tx, o, { refundId: refund?.id ?? null, amountRefunded: Number(charge.amount_refunded ?? 0) }, now);
    return;
  }
  const intent = object as { id?: string; last_payment_error?: { message?: string; code?: string } | null };
  if (!intent.id) return;
  const o = await orderOfPayment(shopId, tx, intent.id, metadata.orderId);
  if (!o) return;
  if (type === 'payment_intent.succeeded') await paymentSucceeded(shopId, tx, o, intent.id, now);
  else await paymentFailed(shopId, tx, o, intent.last_payment_error?.message ?? intent.last_payment_error?.code ?? 'payment_failed', now);
}

/** What is read of an event: a Stripe.Event, or a webhook body checked to have these (its type any string). */
interface StoredEvent {
  id: string;
  type: string;
  account?: string | null;
  data: { object: unknown };
}

/**
 * Stores a Stripe event and applies it, once (a replay changes nothing; see recordEventOnce). account.updated keeps
 * the account's capabilities; payout.* events are kept with their shop; payment_intent.succeeded / payment_failed and
 * charge.refunded update that shop's order and refund in the transaction that stores the event (see reconcileOrder).
 * Returns false when the event was already known.
 */
export async function applyStripeEvent(db: Db, event: StoredEvent, now: Date): Promise<boolean> {
  const object = event.data.object as Record<string, unknown> & { id?: string };
  const accountId = event.account ?? (event.type === 'account.updated' ? (object.id ?? null) : null);
  const shopId = accountId ? await shopOfAccount(db, accountId) : null;
  return recordEventOnce(db, { id: event.id, type: event.type, accountId, shopId, object }, now, async (tx) => {
    if (event.type === 'account.updated' && shopId && accountId) {
      const a = object as { charges_enabled?: boolean; payouts_enabled?: boolean };
      const can = { chargesEnabled: Boolean(a.charges_enabled), payoutsEnabled: Boolean(a.payouts_enabled) };
      await setCapabilities(shopId, tx as unknown as Db, accountId, can, now);
    }
    if (shopId && /^(payment_intent\.(succeeded|payment_failed)|charge\.refunded)$/.test(event.type))
      await reconcileOrder(tx, shopId, event.type, object, now);
  });
}

export interface EventsReport {
  provider: 'stripe' | 'simulated';
  since: string;
  accounts: number;
  /** Events Stripe has for the period that we handle. */
  checked: number;
  /** Of those, the ids we had never received (a webhook lost or refused), now applied. */
  missed: string[];
}

/**
 * The events half of the reconciliation (serviceReconcile.ts): lists the period's events of every active connected account
 * from Stripe and applies those the webhooks never delivered, reporting them. The simulated provider sends no events,
 * so with it there is nothing to compare.
 */
export async function reconcileStripeEvents(stripe: Stripe | null, db: Db, now: Date, hours = 24): Promise<EventsReport> {
  const since = new Date(now.getTime() - hours * 3_600_000);
  const report: EventsReport = {
    provider: stripe ? 'stripe' : 'simulated',
    since: since.toISOString(),
    accounts: 0,
    checked: 0,
    missed: [],
  };
  if (!stripe) return report;
  const accounts = await activeAccountIds(db);
  report.accounts = accounts.length;
  for (const accountId of accounts) {
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
