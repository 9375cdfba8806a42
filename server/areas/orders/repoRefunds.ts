import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { users } from '../../infra/db/tables';
import { refundAttempts, refunds } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type RefundRow = typeof refunds.$inferSelect;

/** The refund row of an order (one per declined card order), or null. */
export async function refundOfOrder(shopId: string, db: Pick<Db, 'select'>, orderId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.shopId, shopId), eq(refunds.orderId, orderId)));
  return row ?? null;
}

/** The order's refund row (one per order), created PENDING with the order's own idempotency key unless it is there. */
export async function openRefund(
  shopId: string,
  tx: Tx,
  refund: { orderId: string; amount: number; provider: string },
): Promise<RefundRow> {
  await tx
    .insert(refunds)
    .values({ shopId, ...refund, status: 'PENDING', idempotencyKey: `refund:${refund.orderId}` })
    .onConflictDoNothing({ target: refunds.orderId });
  return (await refundOfOrder(shopId, tx, refund.orderId))!;
}

/** One provider answer for a refund: kept as an attempt, and the refund row takes its outcome. */
export async function recordRefundAttempt(
  shopId: string,
  tx: Tx,
  refundId: string,
  attempt: { ok: boolean; providerRefundId: string | null; failureMessage: string | null; by: string | null; at: Date },
): Promise<void> {
  const { ok, providerRefundId, failureMessage } = attempt;
  await tx.insert(refundAttempts).values({
    shopId,
    refundId,
    attemptedAt: attempt.at,
    outcome: ok ? 'SUCCEEDED' : 'FAILED',
    failureMessage,
    providerRefundId,
    attemptedBy: attempt.by,
  });
  await tx
    .update(refunds)
    .set({ status: ok ? 'SUCCEEDED' : 'FAILED', providerRefundId, failureMessage, updatedAt: sql`now()` })
    .where(and(eq(refunds.shopId, shopId), eq(refunds.id, refundId)));
}

/** Every refund attempt of an order, first first, with who made it (null once that account is gone). */
export async function refundAttemptsOfOrder(shopId: string, db: Pick<Db, 'select'>, orderId: string) {
  return db
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
}
