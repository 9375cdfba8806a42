import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops, users } from '../../infra/db/tables';

/** One record per shop (spec 1 §3): the ordered billboard images, written whole. */
export const billboards = pgTable('billboards', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  images: jsonb().$type<{ path: string }[]>().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});
