import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';
import { ALERT_KINDS, ALERT_STATUSES } from '../../../domain/alerts';
import { ALERT_SOUNDS } from '../../../domain/preferences';

/**
 * Every alert mail, one row per recipient and reason: the order's or booking's alert log, and the guard that makes
 * each mail go out once however often the job behind it runs (one row per order or booking, kind and address).
 * Inserting a row queues its mail in the same statement (a trigger in the migration), and so does setting a failed
 * row back to QUEUED.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: uuid(),
    bookingId: uuid(),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    /** The address, lower-cased. */
    to: text().notNull(),
    subject: text().notNull(),
    status: text({ enum: ALERT_STATUSES }).notNull().default('QUEUED'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.shopId, t.createdAt, t.id),
    uniqueIndex('alerts_order_once')
      .on(t.orderId, t.kind, t.to)
      .where(sql`${t.orderId} IS NOT NULL`),
    uniqueIndex('alerts_booking_once')
      .on(t.bookingId, t.kind, t.to)
      .where(sql`${t.bookingId} IS NOT NULL`),
  ],
);

/** A member's alert preferences at one shop; no row reads as the defaults (domain/preferences.ts). */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderPlaced: boolean(),
    newBooking: boolean(),
    sound: text({ enum: ALERT_SOUNDS }),
    soundOn: boolean(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] })],
);

/**
 * The orders the sweep counted as unanswered (left NEW until the ladder escalated, or rejected unanswered): once per
 * order however many processes sweep, because the insert that counts it is the one that finds no row.
 */
export const unansweredOrders = pgTable(
  'unanswered_orders',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: uuid().notNull(),
    countedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.orderId] })],
);

/**
 * Each shop's run of unanswered orders: how many in a row since the last answer or the last pause. Its row is locked
 * by the transaction that counts an order, which is what makes two processes count one after the other.
 */
export const unansweredRuns = pgTable('unanswered_runs', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  count: integer().notNull().default(0),
  lastCountedAt: timestamp({ withTimezone: true }),
  lastPausedAt: timestamp({ withTimezone: true }),
});
