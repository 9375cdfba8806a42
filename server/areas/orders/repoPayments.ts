import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { orders, refunds } from './tables';
import { isUuid } from '../../infra/db/uuid';
import { updated, type OrderRow } from './repo';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The shop's orders that the payments belong to, by payment id. */
export async function ordersOfPayments(shopId: string, db: Db, paymentIds: string[]): Promise<Map<string, { id: string; placedAt: Date }>> {
  if (paymentIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; payment_id: string; placed_at: Date }>(sql`
    SELECT id, payment_id, placed_at FROM orders
    WHERE shop_id = ${shopId} AND payment_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(paymentIds)}::jsonb))`);
  return new Map(rows.map((r) => [r.payment_id, { id: r.id, placedAt: new Date(r.placed_at) }]));
}

/**
 * The shop's order a provider payment belongs to, locked for the caller's transaction: the one whose stored
 * paymentId is that payment, or the order the payment's metadata names (only while it has no other payment).
 */
export async function orderOfPayment(shopId: string, tx: Tx, paymentId: string, metadataOrderId?: unknown): Promise<OrderRow | null> {
  const match: SQL[] = [eq(orders.paymentId, paymentId)];
  if (typeof metadataOrderId === 'string' && isUuid(metadataOrderId)) {
    match.push(and(eq(orders.id, metadataOrderId), or(isNull(orders.paymentId), eq(orders.paymentId, paymentId)))!);
  }
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), or(...match)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The provider confirmed the payment: a card order still UNPAID becomes PAID (any other state is left as it is). */
export async function paymentSucceeded(shopId: string, tx: Tx, o: OrderRow, paymentId: string, now: Date): Promise<void> {
  if (o.paymentType !== 'CREDIT_CARD' || o.paymentStatus !== 'UNPAID' || o.status !== 'OK') return;
  await updated(shopId, tx, o, { paymentStatus: 'PAID', paymentId, updatedAt: now });
}

/**
 * The provider refunded the charge (at least the refund row's amount): a refund we recorded as PENDING or FAILED
 * (the provider call timed out or answered late) is SUCCEEDED with the provider's refund id, and the order REFUND_SUCCESS.
 */
export async function chargeRefunded(
  shopId: string,
  tx: Tx,
  o: OrderRow,
  refund: { refundId: string | null; amountRefunded: number },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.shopId, shopId), eq(refunds.orderId, o.id)));
  if (!row || row.status === 'SUCCEEDED' || refund.amountRefunded < row.amount) return;
  await tx
    .update(refunds)
    .set({ status: 'SUCCEEDED', providerRefundId: refund.refundId ?? row.providerRefundId, failureMessage: null, updatedAt: now })
    .where(eq(refunds.id, row.id));
  await updated(shopId, tx, o, { paymentStatus: 'REFUND_SUCCESS', updatedAt: now });
}
