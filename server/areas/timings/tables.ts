import { date, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { ClosureService } from '../../../domain/closures';
import { shops } from '../../infra/db/tables';

/** Closures and special hours by date (spec 3 §2.7, beyond the spec): they win over the weekly grid that date. */
export const shopClosures = pgTable(
  'shop_closures',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    /** A day of the shop's time zone. */
    date: date({ mode: 'string' }).notNull(),
    note: text().notNull().default(''),
    pickup: jsonb().$type<ClosureService>().notNull(),
    delivery: jsonb().$type<ClosureService>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.id] }), unique('shop_closures_shop_date').on(t.shopId, t.date)],
);
