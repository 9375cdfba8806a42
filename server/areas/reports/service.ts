import type { Db } from '../../infra/db/client';
import { fromCents, currencyOf } from '../../../domain/money';
import { addDays, localDate } from '../../../domain/hours';
import { eachDay, type DayRange } from '../../../domain/shopRanges';
import { includedTax, taxRule } from '../../../domain/tax';
import { cardFees } from '../../../domain/orderReport';
import { dailyTotals, itemTotals, waitingCounts, type DailyRow } from './repo';

type Counter = Exclude<keyof DailyRow, 'shopId' | 'day' | 'hours'>;
type Totals = Record<Counter, number>;

const COUNTERS: Counter[] = [
  'orders',
  'sales',
  'deliveryCharges',
  'discounts',
  'loyaltyDiscounts',
  'cardSurcharges',
  'applicationFees',
  'cashOrders',
  'cashSales',
  'cardOrders',
  'cardSales',
  'pickupOrders',
  'pickupSales',
  'deliveryOrders',
  'deliverySales',
  'refundedOrders',
  'refunds',
  'cardCharges',
  'cardCharged',
];

function sum(rows: DailyRow[]): Totals & { hours: number[] } {
  const t = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Totals;
  const hours = Array<number>(24).fill(0);
  for (const r of rows) {
    for (const c of COUNTERS) t[c] += r[c];
    r.hours.forEach((n, h) => (hours[h]! += n));
  }
  return { ...t, hours };
}

/** Integer cents divided evenly, rounded to the cent (0 for no orders). */
const average = (cents: number, n: number) => (n > 0 ? Math.round(cents / n) : 0);

/**
 * The orders report of a range of the shop's days. Counted orders are the ACCEPTED ones (completed or not); gross is
 * what customers paid for them plus the orders accepted and then refunded, so gross − refunds = net, the accepted
 * orders' totals. Discounts, loyalty rewards, delivery charges and card surcharges are parts of those totals.
 */
export async function ordersSummary(shopId: string, db: Db, shop: { country: string }, days: DayRange) {
  const [rows, items] = await Promise.all([dailyTotals(shopId, db, days), itemTotals(shopId, db, days)]);
  const t = sum(rows);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const top = (key: 'quantity' | 'revenue') =>
    [...items]
      .filter((i) => i.quantity > 0)
      .sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name))
      .slice(0, 10)
      .map((i) => ({ name: i.name, quantity: i.quantity, revenue: fromCents(i.revenue) }));
  return {
    currency: currencyOf(shop.country),
    from: days.from,
    to: days.to,
    orders: t.orders,
    gross: fromCents(t.sales + t.refunds),
    averageOrder: fromCents(average(t.sales, t.orders)),
    deliveryCharges: fromCents(t.deliveryCharges),
    discounts: fromCents(t.discounts),
    loyaltyDiscounts: fromCents(t.loyaltyDiscounts),
    creditCardSurcharges: fromCents(t.cardSurcharges),
    refundedOrders: t.refundedOrders,
    refunds: fromCents(t.refunds),
    net: fromCents(t.sales),
    byPaymentType: {
      CASH: { orders: t.cashOrders, gross: fromCents(t.cashSales) },
      CREDIT_CARD: { orders: t.cardOrders, gross: fromCents(t.cardSales) },
    },
    byCollectionType: {
      PICKUP: { orders: t.pickupOrders, gross: fromCents(t.pickupSales) },
      DELIVERY: { orders: t.deliveryOrders, gross: fromCents(t.deliverySales) },
    },
    paymentMix: [
      { paymentType: 'CASH' as const, orders: t.cashOrders, gross: fromCents(t.cashSales) },
      { paymentType: 'CREDIT_CARD' as const, orders: t.cardOrders, gross: fromCents(t.cardSales) },
    ],
    days: eachDay(days).map((date) => {
      const r = byDay.get(date);
      return { date, orders: r?.orders ?? 0, gross: fromCents(r ? r.sales + r.refunds : 0), net: fromCents(r?.sales ?? 0) };
    }),
    hours: t.hours.map((orders, hour) => ({ hour, orders })),
    topItems: { byQuantity: top('quantity'), byRevenue: top('revenue') },
  };
}

/**
 * The Transaction Report of a range of days, served at /sales/summary as the API pins: the accepted orders' total
 * and the tax it includes, the card provider's fees (estimated from its standard rate; it keeps them on refunded
 * payments too), the platform's transaction fees on the orders kept (a refunded order's fee went back with it), the
 * refunds, and what is left.
 */
export async function transactionReport(shopId: string, db: Db, shop: { country: string }, days: DayRange) {
  const rows = await dailyTotals(shopId, db, days);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const figures = (r: Pick<DailyRow, 'sales' | 'refunds' | 'cardCharges' | 'cardCharged' | 'applicationFees' | 'orders'>) => {
    const card = cardFees(shop.country, r.cardCharges, r.cardCharged);
    // What the shop keeps: what customers paid, less what went back and what the provider and the platform took.
    const total = r.sales + r.refunds;
    const tax = includedTax(shop.country, r.sales);
    return {
      orders: r.orders,
      total: fromCents(total),
      gst: tax === null ? null : fromCents(tax),
      creditCardFees: fromCents(card),
      transactionFees: fromCents(r.applicationFees),
      refunds: fromCents(r.refunds),
      netPayout: fromCents(total - r.refunds - card - r.applicationFees),
    };
  };
  const t = sum(rows);
  return {
    from: days.from,
    to: days.to,
    currency: currencyOf(shop.country),
    taxLabel: taxRule(shop.country).label,
    ...figures(t),
    days: eachDay(days).map((date) => {
      const r = byDay.get(date);
      return { date, ...figures(r ?? { sales: 0, refunds: 0, cardCharges: 0, cardCharged: 0, applicationFees: 0, orders: 0 }) };
    }),
  };
}

/** The home page: today against the same weekday last week, what is waiting, and the last seven days' sales. */
export async function todaySummary(shopId: string, db: Db, shop: { country: string; timezone: string }, now: Date) {
  const today = localDate(now, shop.timezone);
  const weekAgo = addDays(today, -7);
  const [rows, waiting] = await Promise.all([dailyTotals(shopId, db, { from: weekAgo, to: today }), waitingCounts(shopId, db)]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const day = (date: string) => {
    const r = byDay.get(date);
    return { sales: fromCents(r?.sales ?? 0), orders: r?.orders ?? 0, average: fromCents(average(r?.sales ?? 0, r?.orders ?? 0)) };
  };
  return {
    currency: currencyOf(shop.country),
    date: today,
    today: day(today),
    sameDayLastWeek: day(weekAgo),
    waiting,
    week: eachDay({ from: addDays(today, -6), to: today }).map((date) => ({ date, sales: fromCents(byDay.get(date)?.sales ?? 0) })),
  };
}
