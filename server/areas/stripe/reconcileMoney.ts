import type { Db } from '../../infra/db/client';
import { accountsToReconcile, ordersToReconcile, refundsToReconcile } from '../orders';
import { loggableError } from '../../infra/http/errors';
import { compareMoney, type Mismatch } from './compareMoney';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from '../../infra/payments/types';

/**
 * How far the lists reach beyond the period: a payment made a moment before midnight whose order was stored a moment
 * after (or a provider clock a little off ours) still finds its partner, and is not reported as missing.
 */
const EDGE_MS = 30 * 60_000;

type ShopMismatch = Mismatch & { shopId: string };

export interface MoneyReport {
  /** Shops with a connected account whose books were compared. */
  shops: number;
  /** Provider payments and refunds of the period compared. */
  payments: number;
  refunds: number;
  mismatches: ShopMismatch[];
  /** Shops whose provider records could not be listed (not compared, so nothing of theirs is reported missing). */
  failures: { shopId: string; message: string }[];
}

interface Log {
  warn: (o: object, m: string) => void;
}

/**
 * Compares the period's money at the provider with our books, shop by shop: the payments and refunds of each connected
 * account the shop used in the period (listed from the provider, every page) against its card orders and refunds rows
 * (compareMoney.ts). Each difference is reported and logged as a warning (ids, statuses and amounts only).
 */
export async function reconcileMoney(payments: PaymentProvider, db: Db, window: { gte: Date; lt: Date }, log: Log): Promise<MoneyReport> {
  const report: MoneyReport = { shops: 0, payments: 0, refunds: 0, mismatches: [], failures: [] };
  const wide = { gte: new Date(window.gte.getTime() - EDGE_MS), lt: new Date(window.lt.getTime() + EDGE_MS) };
  const inWindow = (seconds: number) => seconds * 1000 >= window.gte.getTime() && seconds * 1000 < window.lt.getTime();
  for (const { shopId, accountIds } of await accountsToReconcile(db, window.gte)) {
    const listed: ProviderPayment[] = [];
    const refunded: ProviderRefund[] = [];
    try {
      for (const accountId of accountIds) {
        listed.push(...(await payments.listPayments(accountId, wide)));
        refunded.push(...(await payments.listRefunds(accountId, wide)));
      }
    } catch (e) {
      const message = (e as Error).message;
      report.failures.push({ shopId, message });
      log.warn({ shopId, err: loggableError(e) }, 'Payment reconciliation could not list the provider’s records of a shop');
      continue;
    }
    report.shops += 1;
    report.payments += listed.filter((p) => inWindow(p.created)).length;
    report.refunds += refunded.filter((r) => inWindow(r.created)).length;
    const orders = await ordersToReconcile(shopId, db, {
      window: wide,
      paymentIds: [...listed.map((p) => p.id), ...refunded.flatMap((r) => (r.paymentId ? [r.paymentId] : []))],
      orderIds: listed.flatMap((p) => (p.metadata.orderId ? [p.metadata.orderId] : [])),
    });
    const refundRows = await refundsToReconcile(
      shopId,
      db,
      wide,
      orders.map((o) => o.id),
      refunded.map((r) => r.id),
    );
    const known = new Set(orders.map((o) => o.id));
    const refundOrders = [...new Set(refundRows.map((r) => r.orderId).filter((id) => !known.has(id)))];
    if (refundOrders.length) orders.push(...(await ordersToReconcile(shopId, db, { paymentIds: [], orderIds: refundOrders })));
    for (const m of compareMoney({ window, provider: payments.name, payments: listed, refunds: refunded, orders, refundRows })) {
      const mismatch = { ...m, shopId };
      report.mismatches.push(mismatch);
      log.warn({ paymentMismatch: mismatch }, `Payment reconciliation mismatch: ${m.kind}`);
    }
  }
  return report;
}
