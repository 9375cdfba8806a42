import type { OrderMoney, RefundMoney } from '../orders';
import type { ProviderPayment, ProviderRefund, TimeWindow } from '../../infra/payments/types';

/**
 * The differences the reconciliation reports between a provider's books and ours. `expected` is what one side's
 * record says the other should show, `actual` what the other shows (null: nothing there):
 * - payment_without_order: a succeeded payment no order knows. expected 'PAID', actual null.
 * - order_not_paid: a succeeded payment whose order is not paid. expected 'PAID', actual the order's paymentStatus.
 * - order_without_payment: a paid card order the provider has no succeeded payment for. expected 'succeeded',
 *   actual the payment's status or null.
 * - amount_mismatch: expected the order's grand total, actual the payment's amount (minor units).
 * - refund_without_record: a refund at the provider with no refunds row. expected 'SUCCEEDED', actual null.
 * - refund_not_succeeded: a provider refund whose refunds row is not SUCCEEDED (actual: its status), or whose order is
 *   not REFUND_SUCCESS (expected 'REFUND_SUCCESS', actual the order's paymentStatus).
 * - refund_amount_mismatch: expected the refunds row's amount, actual the provider refund's amount.
 * - refund_missing_at_provider: a SUCCEEDED refunds row (REFUND_SUCCESS order) with no refund at the provider.
 *   expected 'succeeded', actual the provider refund's status or null.
 */
export const MISMATCH_KINDS = [
  'payment_without_order',
  'order_not_paid',
  'order_without_payment',
  'amount_mismatch',
  'refund_without_record',
  'refund_not_succeeded',
  'refund_amount_mismatch',
  'refund_missing_at_provider',
] as const;

export interface Mismatch {
  kind: (typeof MISMATCH_KINDS)[number];
  orderId?: string;
  paymentId?: string;
  refundId?: string;
  expected: string | number | null;
  actual: string | number | null;
}

/** An order whose card payment went through (a refund afterwards does not undo the payment). */
const PAID = new Set(['PAID', 'REFUND_SUCCESS', 'REFUND_FAILURE']);
/** Provider refunds that move money back (pending ones are on their way). */
const REFUNDING = new Set(['succeeded', 'pending']);

export interface ShopBooks {
  /** The period compared. The lists may reach a little beyond it, so a record near an edge finds its partner. */
  window: TimeWindow;
  /** Our orders are charged by this provider (orders.paymentProvider). */
  provider: string;
  payments: ProviderPayment[];
  refunds: ProviderRefund[];
  orders: OrderMoney[];
  refundRows: RefundMoney[];
}

/**
 * One shop's provider records against its orders and refunds. Each pair (a provider record and our record of it) is
 * compared once, when either side was created in the window; a record outside the window with no partner is
 * another day's business and is not reported.
 */
export function compareMoney(books: ShopBooks): Mismatch[] {
  const from = books.window.gte.getTime();
  const to = books.window.lt.getTime();
  const within = (ms: number) => ms >= from && ms < to;
  const out: Mismatch[] = [];

  const orderById = new Map(books.orders.map((o) => [o.id, o]));
  const orderByPayment = new Map(books.orders.filter((o) => o.paymentId).map((o) => [o.paymentId!, o]));
  const orderOf = (p: ProviderPayment) => {
    const named = p.metadata.orderId ? orderById.get(p.metadata.orderId) : undefined;
    return orderByPayment.get(p.id) ?? (named && (!named.paymentId || named.paymentId === p.id) ? named : undefined);
  };
  const paymentById = new Map(books.payments.map((p) => [p.id, p]));
  const paymentByOrder = new Map(books.payments.filter((p) => p.metadata.orderId).map((p) => [p.metadata.orderId, p]));

  // Payments: succeeded ones made in the window, and the paid card orders placed in it.
  const pairs = new Map<string, { p?: ProviderPayment; o?: OrderMoney }>();
  for (const p of books.payments) {
    if (p.status !== 'succeeded' || !within(p.created * 1000)) continue;
    const o = orderOf(p);
    pairs.set(`${p.id}|${o?.id ?? ''}`, { p, o });
  }
  for (const o of books.orders) {
    if (
      o.paymentType !== 'CREDIT_CARD' ||
      o.paymentProvider !== books.provider ||
      !PAID.has(o.paymentStatus) ||
      !within(o.placedAt.getTime())
    )
      continue;
    const p = (o.paymentId ? paymentById.get(o.paymentId) : undefined) ?? paymentByOrder.get(o.id);
    pairs.set(`${p?.id ?? ''}|${o.id}`, { p, o });
  }
  for (const { p, o } of pairs.values()) {
    if (p && !o) {
      out.push({ kind: 'payment_without_order', paymentId: p.id, expected: 'PAID', actual: null });
      continue;
    }
    if (!o) continue;
    const paymentId = p?.id ?? o.paymentId ?? undefined;
    if (!p || p.status !== 'succeeded') {
      out.push({ kind: 'order_without_payment', orderId: o.id, paymentId, expected: 'succeeded', actual: p?.status ?? null });
      continue;
    }
    if (!PAID.has(o.paymentStatus))
      out.push({ kind: 'order_not_paid', orderId: o.id, paymentId, expected: 'PAID', actual: o.paymentStatus });
    if (p.amount !== o.grandTotal)
      out.push({ kind: 'amount_mismatch', orderId: o.id, paymentId, expected: o.grandTotal, actual: p.amount });
  }

  // Refunds: those the provider made in the window, and our succeeded refunds rows made in it.
  const rowByProviderId = new Map(books.refundRows.filter((r) => r.providerRefundId).map((r) => [r.providerRefundId!, r]));
  const rowByOrder = new Map(books.refundRows.map((r) => [r.orderId, r]));
  const refundById = new Map(books.refunds.map((r) => [r.id, r]));
  const refunding = books.refunds.filter((r) => REFUNDING.has(r.status));
  const refundPairs = new Map<string, { r?: ProviderRefund; row?: RefundMoney; o?: OrderMoney }>();
  for (const r of refunding) {
    if (!within(r.created * 1000)) continue;
    const o = r.paymentId ? orderByPayment.get(r.paymentId) : undefined;
    const row = rowByProviderId.get(r.id) ?? (o ? rowByOrder.get(o.id) : undefined);
    refundPairs.set(`${r.id}|${row?.id ?? ''}`, { r, row, o: o ?? (row ? orderById.get(row.orderId) : undefined) });
  }
  for (const row of books.refundRows) {
    const o = orderById.get(row.orderId);
    if (!within(row.createdAt.getTime()) || (row.status !== 'SUCCEEDED' && o?.paymentStatus !== 'REFUND_SUCCESS')) continue;
    const r =
      (row.providerRefundId ? refundById.get(row.providerRefundId) : undefined) ??
      refunding.find((x) => o?.paymentId && x.paymentId === o.paymentId);
    refundPairs.set(`${r?.id ?? ''}|${row.id}`, { r, row, o });
  }
  for (const { r, row, o } of refundPairs.values()) {
    const ids = {
      ...(o ? { orderId: o.id } : {}),
      ...((r?.paymentId ?? o?.paymentId) ? { paymentId: (r?.paymentId ?? o?.paymentId)! } : {}),
    };
    if (r && !row) {
      out.push({ kind: 'refund_without_record', ...ids, refundId: r.id, expected: 'SUCCEEDED', actual: null });
      continue;
    }
    if (!row) continue;
    const refundId = r?.id ?? row.providerRefundId ?? undefined;
    if (!r || !REFUNDING.has(r.status)) {
      out.push({
        kind: 'refund_missing_at_provider',
        ...ids,
        ...(refundId ? { refundId } : {}),
        expected: 'succeeded',
        actual: r?.status ?? null,
      });
      continue;
    }
    if (row.status !== 'SUCCEEDED')
      out.push({ kind: 'refund_not_succeeded', ...ids, refundId: r.id, expected: 'SUCCEEDED', actual: row.status });
    else if (o && o.paymentStatus !== 'REFUND_SUCCESS')
      out.push({ kind: 'refund_not_succeeded', ...ids, refundId: r.id, expected: 'REFUND_SUCCESS', actual: o.paymentStatus });
    if (row.amount !== r.amount)
      out.push({ kind: 'refund_amount_mismatch', ...ids, refundId: r.id, expected: row.amount, actual: r.amount });
  }
  return out;
}
