import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';
import type { StoredCart } from '../../../domain/order';

/**
 * Orders (spec 2 §3). What the dashboard, history and reports filter, sort or add up is relational (status, placed_at,
 * totals in cents); the priced cart is kept whole, as the customer was charged for it, in JSONB.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /**
     * The short number staff and customers say (#1042): per shop from 1001, always set by the database on insert
     * (trigger orders_assign_number, from order_number_counters), so concurrent placements never share one.
     */
    number: integer().notNull(),
    /** 'OK', or 'FAILURE' (a payment that did not go through; `message` says why). */
    status: text({ enum: ['OK', 'FAILURE'] })
      .notNull()
      .default('OK'),
    message: text(),
    orderStatusRestaurant: text({ enum: ['NEW', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'NA'] }).notNull(),
    paymentStatus: text().notNull(),
    paymentType: text({ enum: ['CASH', 'CREDIT_CARD'] }).notNull(),
    customerName: text().notNull(),
    mobile: text().notNull(),
    /** Where the customer asked for the receipt (lower-cased); null when they gave none. */
    email: text(),
    collectionType: text({ enum: ['PICKUP', 'DELIVERY'] }).notNull(),
    collectionTime: timestamp({ withTimezone: true }),
    /**
     * The start of the shop-zone 15-minute slot the order takes in the kitchen: its collection time's, or for an order
     * wanted as soon as possible the one it was given. What the kitchen's capacity per slot counts (domain/kitchen.ts).
     */
    kitchenSlot: timestamp({ withTimezone: true }),
    placedAt: timestamp({ withTimezone: true }).notNull(),
    previousOrderCount: integer().notNull().default(0),
    /** The platform's fee in cents (the shop's transaction fee applied to the card payment). */
    applicationFee: integer().notNull().default(0),
    grandTotal: integer().notNull(),
    deliveryCharges: integer().notNull().default(0),
    discount: integer().notNull().default(0),
    creditCardSurcharge: integer().notNull().default(0),
    coupon: text(),
    cart: jsonb().$type<StoredCart>().notNull(),
    eta: jsonb().$type<{ display: string; time: string | null }>(),
    rejectReason: text(),
    /** When someone first opened or acknowledged the order: every board stops ringing for it. */
    acknowledgedAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** When the kitchen marked the accepted order ready (a stage of ACCEPTED; completing it still ends it). */
    markedReadyAt: timestamp({ withTimezone: true }),
    /**
     * A scheduled order's time to reach the kitchen (its collection time minus the prep time, domain/kitchen.ts
     * kitchenHoldUntil); null for an order the kitchen sees as it is placed.
     */
    holdUntil: timestamp({ withTimezone: true }),
    /** When the schedule sweep moved a scheduled order to the kitchen (its claim: set once, by one process). */
    releasedAt: timestamp({ withTimezone: true }),
    actedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    paymentProvider: text(),
    paymentId: text(),
    /** The customer's Idempotency-Key and a hash of the body it came with (a retry must send the same body). */
    idempotencyKey: text(),
    requestHash: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.shopId, t.placedAt, t.id),
    index('orders_shop_new')
      .on(t.shopId, t.placedAt)
      .where(sql`${t.orderStatusRestaurant} = 'NEW'`),
    // A customer's orders at a shop: counted before each order (previous orders, coupons), and the latest of them
    // in the per-mobile order limit's window read newest first (pricingInputs.ts).
    index().on(t.shopId, t.mobile, t.placedAt),
    uniqueIndex().on(t.shopId, t.idempotencyKey),
    uniqueIndex().on(t.shopId, t.number),
    // The orders in the kitchen's hands: the board's In progress column, and what the orders-in-progress limit counts
    // on each placement while a shop sets one (repoPlacement.ts), however long the shop's history.
    index('orders_shop_in_progress')
      .on(t.shopId, t.placedAt)
      .where(sql`${t.orderStatusRestaurant} = 'ACCEPTED' AND ${t.completedAt} IS NULL`),
    // The schedule sweep's due orders, across shops: only the scheduled ones still waiting are in it.
    index('orders_held')
      .on(t.holdUntil)
      .where(sql`${t.holdUntil} IS NOT NULL AND ${t.releasedAt} IS NULL`),
    // History's search by customer name and phone uses orders_shop_search_trgm, a GIN index on (shop_id,
    // customer_name, mobile trigrams) that needs btree_gin, so it is created by hand in the order_number migration.
  ],
);

/**
 * What each 15-minute slot of a shop's kitchen holds, by collection type: its NEW and ACCEPTED orders that went
 * through and their grand totals in cents (domain/kitchen.ts SlotLoad). Kept exact by the orders' triggers
 * (orders_kitchen_*: an insert counts, a reject, cancel or failed payment frees the place, a delete takes it back), so
 * a placement checks and takes its slot in the statement that inserts it, holding only this row's lock: orders for
 * other slots never wait on it (repo.ts insertOrder's `slots`).
 */
export const kitchenSlotLoads = pgTable(
  'kitchen_slot_loads',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    collectionType: text({ enum: ['PICKUP', 'DELIVERY'] }).notNull(),
    slot: timestamp({ withTimezone: true }).notNull(),
    orders: integer().notNull().default(0),
    sales: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.collectionType, t.slot] })],
);

/** Each shop's last order number (the orders trigger takes the next one under this row's lock). */
export const orderNumberCounters = pgTable('order_number_counters', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  last: integer().notNull(),
});

/**
 * The refund of a declined card order, one row per order, created in the transaction that declines it: its
 * idempotency key is the one every attempt sends, so the provider refunds at most once; status is the last attempt's.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    provider: text().notNull(),
    providerRefundId: text(),
    status: text({ enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    failureMessage: text(),
    idempotencyKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.shopId, t.orderId), uniqueIndex().on(t.orderId), uniqueIndex().on(t.idempotencyKey)],
);

/** Every call made to the provider for a refund (the reject's, then each retry): when, who, and what it answered. */
export const refundAttempts = pgTable(
  'refund_attempts',
  {
    /** In the order the attempts were made: the order's row lock lets one attempt at a time through. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    refundId: uuid()
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    outcome: text({ enum: ['SUCCEEDED', 'FAILED'] }).notNull(),
    /** The provider's message when it failed. */
    failureMessage: text(),
    providerRefundId: text(),
    attemptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.shopId, t.refundId, t.id)],
);
