import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables';

const cents = () => bigint({ mode: 'number' }).notNull().default(0);
const count = () => integer().notNull().default(0);

/**
 * Totals per shop per day (the order's placed day on the shop's wall clock), so a year of reports reads 365 rows.
 * Kept by a trigger on orders (drizzle/0024_reports.sql) in the transaction of every change that moves a total:
 * an order counts while it is ACCEPTED (completed or not); one accepted, then declined and refunded, stays in gross
 * and counts in refunds. report_drift() recomputes a range from the orders to prove these rows right.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    /** Accepted orders and what customers paid for them (cents). */
    orders: count(),
    sales: cents(),
    deliveryCharges: cents(),
    discounts: cents(),
    loyaltyDiscounts: cents(),
    cardSurcharges: cents(),
    /** The platform's application fees on the accepted card orders (a refunded order's fee went back with it). */
    applicationFees: cents(),
    cashOrders: count(),
    cashSales: cents(),
    cardOrders: count(),
    cardSales: cents(),
    pickupOrders: count(),
    pickupSales: cents(),
    deliveryOrders: count(),
    deliverySales: cents(),
    /** Orders accepted, then declined with their money returned, and the amount returned. */
    refundedOrders: count(),
    refunds: cents(),
    /** Card payments kept or refunded (the provider keeps its fee on a refunded charge), for the card fees. */
    cardCharges: count(),
    cardCharged: cents(),
    /** Accepted orders by the hour they were placed on the shop's clock, [0] = midnight. */
    hours: integer().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/** The accepted orders' lines per day by item name (top items), kept by the same trigger. */
export const reportDailyItems = pgTable(
  'report_daily_items',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
    quantity: integer().notNull().default(0),
    revenue: cents(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.name] })],
);
