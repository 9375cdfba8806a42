import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { ApiOrderDetail, RefundAttempt } from '../../../domain/orderView';
import type { PaymentProvider, RefundResult } from '../../infra/payments';
import { orderForApi, type OrderRow } from './repo';
import { users } from '../../infra/db/tables';
import { refundAttempts, refunds } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type RefundRow = typeof refunds.$inferSelect;

/** The refund row of an order (one per declined card order), or null. */
export async function refundOfOrder(shopId: string, db: Pick<Db, 'select'>, orderId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.shopId, shopId), eq(refunds.orderId, orderId)));
  return row ?? null;
}

/**
 * One call to the provider for `refund`, always with the refund's own idempotency key (so however many attempts
 * there are, the provider refunds at most once), recorded as an attempt with who made it and what the provider
 * answered; the refund row takes the attempt's outcome. Runs in the caller's transaction, under the order's lock.
 */
export async function attemptRefund(
  tx: Tx,
  payments: PaymentProvider,
  o: OrderRow,
  refund: RefundRow,
  reason: string | null,
  by: string | null,
  now: Date,
): Promise<RefundResult> {
  let result: RefundResult;
  try {
    result = await payments.refund({
      idempotencyKey: refund.idempotencyKey,
      paymentId: o.paymentId!,
      amount: refund.amount,
      shopId: o.shopId,
      ...(reason ? { reason } : {}),
      db: tx as unknown as Db,
    });
  } catch (e) {
    result = { status: 'failed', code: 'provider_error', message: (e as Error).message };
  }
  const ok = result.status === 'succeeded';
  const providerRefundId = result.status === 'succeeded' ? result.refundId : null;
  const failureMessage = result.status === 'failed' ? result.message : null;
  await tx.insert(refundAttempts).values({
    shopId: o.shopId,
    refundId: refund.id,
    attemptedAt: now,
    outcome: ok ? 'SUCCEEDED' : 'FAILED',
    failureMessage,
    providerRefundId,
    attemptedBy: by,
  });
  await tx
    .update(refunds)
    .set({ status: ok ? 'SUCCEEDED' : 'FAILED', providerRefundId, failureMessage, updatedAt: sql`now()` })
    .where(eq(refunds.id, refund.id));
  return result;
}

/** Every refund attempt of an order, first first, with the name of who made it (null once that account is gone). */
async function refundAttemptsOf(shopId: string, db: Pick<Db, 'select'>, orderId: string): Promise<RefundAttempt[]> {
  const rows = await db
    .select({
      at: refundAttempts.attemptedAt,
      outcome: refundAttempts.outcome,
      message: refundAttempts.failureMessage,
      byId: users.id,
      byName: users.name,
    })
    .from(refundAttempts)
    .innerJoin(refunds, and(eq(refunds.id, refundAttempts.refundId), eq(refunds.shopId, shopId)))
    .leftJoin(users, eq(users.id, refundAttempts.attemptedBy))
    .where(and(eq(refundAttempts.shopId, shopId), eq(refunds.orderId, orderId)))
    .orderBy(asc(refundAttempts.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    outcome: r.outcome,
    message: r.message,
    by: r.byId ? { id: r.byId, name: r.byName ?? '' } : null,
  }));
}

/** An order as its console page reads it: the order and its refund attempts. */
export async function orderDetailForApi(db: Pick<Db, 'select'>, o: OrderRow): Promise<ApiOrderDetail> {
  return { ...orderForApi(o), refundAttempts: await refundAttemptsOf(o.shopId, db, o.id) };
}
