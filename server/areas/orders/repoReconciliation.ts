import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { orders, refunds } from './tables';
import { isUuid } from '../../infra/db/uuid';

/** Every shop with an order placed since `since`, with its time zone (the reports' daily check reads these). */
export async function shopsWithOrdersSince(db: Db, since: Date): Promise<{ id: string; timezone: string }[]> {
  const { rows } = await db.execute<{ id: string; timezone: string }>(sql`
    SELECT s.id, s.timezone FROM shops s
    WHERE EXISTS (SELECT 1 FROM orders o WHERE o.shop_id = s.id AND o.placed_at > ${since})`);
  return rows;
}

/** What the reconciliation reads of an order: how it was paid, for how much, when. */
export interface OrderMoney {
  id: string;
  paymentType: 'CASH' | 'CREDIT_CARD';
  paymentStatus: string;
  paymentProvider: string | null;
  paymentId: string | null;
  grandTotal: number;
  placedAt: Date;
}

/** What it reads of a refunds row, with its order's payment. */
export interface RefundMoney {
  id: string;
  orderId: string;
  amount: number;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  providerRefundId: string | null;
  createdAt: Date;
}

/**
 * The connected accounts whose money is compared, by shop: each shop's active account, and any account it retired
 * since `since` (its orders of the period were charged there).
 */
export async function accountsToReconcile(db: Db, since: Date): Promise<{ shopId: string; accountIds: string[] }[]> {
  const { rows } = await db.execute<{ shop_id: string; account_ids: string[] }>(sql`
    SELECT shop_id, array_agg(account_id ORDER BY account_id) AS account_ids FROM stripe_accounts
    WHERE status = 'active' OR updated_at >= ${since}
    GROUP BY shop_id HAVING bool_or(status = 'active') ORDER BY shop_id`);
  return rows.map((r) => ({ shopId: r.shop_id, accountIds: r.account_ids }));
}

/** The shop's card orders placed in the window (when given), and the orders named by payment id or order id. */
export async function ordersToReconcile(
  shopId: string,
  db: Db,
  p: { window?: { gte: Date; lt: Date }; paymentIds: string[]; orderIds: string[] },
): Promise<OrderMoney[]> {
  return db
    .select({
      id: orders.id,
      paymentType: orders.paymentType,
      paymentStatus: orders.paymentStatus,
      paymentProvider: orders.paymentProvider,
      paymentId: orders.paymentId,
      grandTotal: orders.grandTotal,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        or(
          p.window
            ? and(eq(orders.paymentType, 'CREDIT_CARD'), gte(orders.placedAt, p.window.gte), lt(orders.placedAt, p.window.lt))
            : sql`false`,
          inArray(orders.paymentId, p.paymentIds),
          inArray(orders.id, p.orderIds.filter(isUuid)),
        ),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(orders.id));
}

/** The shop's refunds made in the window, and those of the given orders or provider refunds. */
export async function refundsToReconcile(
  shopId: string,
  db: Db,
  window: { gte: Date; lt: Date },
  orderIds: string[],
  providerRefundIds: string[],
): Promise<RefundMoney[]> {
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amount: refunds.amount,
      status: refunds.status,
      providerRefundId: refunds.providerRefundId,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.shopId, shopId),
        or(
          and(gte(refunds.createdAt, window.gte), lt(refunds.createdAt, window.lt)),
          inArray(refunds.orderId, orderIds),
          inArray(refunds.providerRefundId, providerRefundIds),
        ),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
