import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** The per-shop event sequence: its row lock orders the events of one shop in commit order. */
export const shopEventCounters = pgTable('shop_event_counters', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  lastSeq: bigint({ mode: 'number' }).notNull(),
});

/** Every change a live screen follows, written in the same transaction as the change (the event stream reads these). */
export const shopEvents = pgTable(
  'shop_events',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.seq] }), index().on(t.createdAt)],
);
