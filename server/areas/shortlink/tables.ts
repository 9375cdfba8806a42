import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops, users } from '../../infra/db/tables';

/** One short link per shop: a code unique across shops whatever its case, so /s/Abcd and /s/abcd are one link. */
export const shopShortlinks = pgTable(
  'shop_shortlinks',
  {
    shopId: uuid()
      .primaryKey()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('shop_shortlinks_code_lower').on(sql`lower(${t.code})`)],
);
