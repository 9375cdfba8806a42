import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';

/**
 * A shop's posts (news and specials in the customers' app). Relational columns for what lists sort and filter
 * on (created, publish/expire times); the image list is a document read and written whole.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    /** Integer cents; null when the post names no price. */
    priceCents: integer(),
    aspectRatio: text(),
    images: jsonb().$type<{ path: string }[]>().notNull().default([]),
    /** Saved as a draft: customers never see it, whatever its schedule says. */
    draft: boolean().notNull().default(false),
    /** When customers start seeing it; set to the save's time when a post is published without one. */
    publishAt: timestamp({ withTimezone: true }),
    expireAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.shopId, t.createdAt, t.id), index().on(t.shopId, t.publishAt, t.id)],
);
