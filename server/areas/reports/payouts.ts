import type { Services } from '../../infra/context';
import { AppError } from '../../infra/http/errors';
import { activeAccount } from '../../infra/payments/accounts';
import { ordersOfPayments } from '../orders';
import { messages } from '../../../domain/messages';
import { fromCents } from '../../../domain/money';
import { startOfDay, addDays } from '../../../domain/hours';
import type { DayRange } from '../../../domain/shopRanges';
import type { BalanceTransaction, Payout } from '../../../domain/stripe';

/** How many payouts and transactions one report reads at most (a year of daily payouts; a payout's busiest day). */
const MAX_PAYOUTS = 400;
const MAX_TRANSACTIONS = 5_000;

/**
 * Each payout that arrived in the range (the shop's days), with the orders whose payments it paid out (from the
 * provider's balance transactions of that payout): each order's amount, the provider's fee and the net, and the
 * difference between the payout and its orders' net. A difference (fees of other kinds, adjustments, disputes,
 * payments of no order) is shown, never absorbed.
 */
export async function reconciledPayouts(services: Services, shop: { id: string; timezone: string }, days: DayRange) {
  const account = await activeAccount(shop.id, services.db);
  if (!account) throw new AppError(404, messages.noConnectedAccount, 'STRIPE_NOT_CONNECTED');
  const connect = services.stripe.connect;
  const from = startOfDay(days.from, shop.timezone).getTime() / 1000;
  const until = startOfDay(addDays(days.to, 1), shop.timezone).getTime() / 1000;

  const payouts: Payout[] = [];
  let cursor: string | undefined;
  // Newest first: read until the payouts arrive before the range.
  for (let read = 0; read < MAX_PAYOUTS;) {
    const page = await connect.listPayouts(account.accountId, { limit: 100, startingAfter: cursor });
    read += page.data.length;
    payouts.push(...page.data.filter((p) => p.arrival_date >= from && p.arrival_date < until));
    const last = page.data.at(-1);
    if (!page.has_more || !last || (last.arrival_date < from && last.created < from)) break;
    cursor = last.id;
  }

  const result = [];
  for (const payout of payouts) {
    const moves: BalanceTransaction[] = [];
    let after: string | undefined;
    while (moves.length < MAX_TRANSACTIONS) {
      const page = await connect.listBalanceTransactions(account.accountId, { limit: 100, startingAfter: after, payout: payout.id });
      moves.push(...page.data);
      if (!page.has_more || page.data.length === 0) break;
      after = page.data.at(-1)!.id;
    }
    const payments = moves.filter((m) => m.type !== 'payout' && m.paymentId);
    const orders = await ordersOfPayments(shop.id, services.db, [...new Set(payments.map((m) => m.paymentId!))]);
    const byOrder = new Map<string, { orderId: string; placedAt: Date; amount: number; fee: number; net: number }>();
    for (const m of payments) {
      const order = orders.get(m.paymentId!);
      if (!order) continue;
      const line = byOrder.get(order.id) ?? { orderId: order.id, placedAt: order.placedAt, amount: 0, fee: 0, net: 0 };
      line.amount += m.amount;
      line.fee += m.fee ?? 0;
      line.net += m.net ?? m.amount - (m.fee ?? 0);
      byOrder.set(order.id, line);
    }
    const lines = [...byOrder.values()].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
    const ordersNet = lines.reduce((n, l) => n + l.net, 0);
    result.push({
      id: payout.id,
      arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
      amount: fromCents(payout.amount),
      currency: payout.currency,
      status: payout.status,
      orders: lines.map((l) => ({
        orderId: l.orderId,
        placedAt: l.placedAt.toISOString(),
        amount: fromCents(l.amount),
        fee: fromCents(l.fee),
        net: fromCents(l.net),
      })),
      ordersNet: fromCents(ordersNet),
      difference: fromCents(payout.amount - ordersNet),
    });
  }
  return result;
}
