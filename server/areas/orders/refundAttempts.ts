import type { Db } from '../../infra/db/client';
import type { ApiOrderDetail } from '../../../domain/orderView';
import type { PaymentProvider, RefundResult } from '../../infra/payments';
import { orderForApi, type OrderRow } from './repo';
import { recordRefundAttempt, refundAttemptsOfOrder, type RefundRow } from './repoRefunds';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  await recordRefundAttempt(o.shopId, tx, refund.id, {
    ok: result.status === 'succeeded',
    providerRefundId: result.status === 'succeeded' ? result.refundId : null,
    failureMessage: result.status === 'failed' ? result.message : null,
    by,
    at: now,
  });
  return result;
}

/** An order as its console page reads it: the order and its refund attempts. */
export async function orderDetailForApi(db: Pick<Db, 'select'>, o: OrderRow): Promise<ApiOrderDetail> {
  const attempts = await refundAttemptsOfOrder(o.shopId, db, o.id);
  return {
    ...orderForApi(o),
    refundAttempts: attempts.map((r) => ({
      at: r.at.toISOString(),
      outcome: r.outcome,
      message: r.message,
      by: r.byId ? { id: r.byId, name: r.byName ?? '' } : null,
    })),
  };
}
