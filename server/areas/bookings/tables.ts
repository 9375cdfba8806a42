import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';
import { BOOKING_STATUSES, MEALS, REJECT_REASONS } from '../../../domain/booking';

/**
 * Table bookings (spec 2 §3 "Booking"). What the lists filter and sort (status, the booked instant, the phone) and what
 * a session's capacity adds up (session date, session, pax) are columns. The customer's cancel token is kept only as
 * its SHA-256 (shown once, in the answer to the booking).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** E.164. */
    phone: text().notNull(),
    pax: integer().notNull(),
    /** The shop's wall-clock date and time the customer asked for ('YYYY-MM-DD', 'HH:mm'). */
    dateStr: text().notNull(),
    timeStr: text().notNull(),
    /** The instant booked: dateStr + timeStr in the shop's time zone. */
    date: timestamp({ withTimezone: true }).notNull(),
    session: text({ enum: MEALS }).notNull(),
    /** The shop-zone date the session starts on (a session past midnight belongs to the day before). */
    sessionDate: text().notNull(),
    createdTime: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull(),
    specialRequest: text(),
    rejectReason: text({ enum: REJECT_REASONS }),
    noShow: boolean().notNull().default(false),
    cancelTokenHash: text().notNull(),
    actedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** When someone first acknowledged the booking on a board: every board stops ringing for it. */
    acknowledgedAt: timestamp({ withTimezone: true }),
    /** The customer's Idempotency-Key and a hash of the body it came with (a retry must send the same body). */
    idempotencyKey: text(),
    requestHash: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.shopId, t.date, t.id),
    index('bookings_shop_new')
      .on(t.shopId, t.date)
      .where(sql`${t.status} = 'NEW'`),
    // A guest's history at the shop by phone.
    index().on(t.shopId, t.phone, t.createdTime),
    // The seats a session holds (capacity).
    index().on(t.shopId, t.sessionDate, t.session),
    uniqueIndex().on(t.shopId, t.idempotencyKey),
  ],
);
