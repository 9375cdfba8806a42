import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';

/** Every webhook event received, by Stripe's id: a replayed event finds its row and changes nothing. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text().primaryKey(),
    type: text().notNull(),
    accountId: text(),
    shopId: uuid().references(() => shops.id, { onDelete: 'set null' }),
    /** The event's object, kept for the reconciliation and for support. */
    object: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.shopId, t.receivedAt)],
);
