import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const shops = pgTable(
  'shops',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull().default('CAFE'),
    name: text().notNull(),
    description: text().notNull(),
    locality: text().notNull(),
    logo: jsonb().$type<{ path: string }>(),
    timezone: text().notNull(),
    country: text().notNull(),
    countries: jsonb().$type<string[]>(),
    demo: boolean().notNull().default(false),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** null reads as UNPUBLISHED (no listing record). */
    listingStatus: text({ enum: ['PUBLISHED', 'WAITING_FOR_REVIEW', 'UNPUBLISHED', 'REJECTED'] }),
    rejectReason: text(),
    /** When the shop last entered review, so the review queue is oldest first. */
    submittedAt: timestamp({ withTimezone: true }),
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || description || ' ' || locality)`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shops_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index().on(t.listingStatus, t.submittedAt),
    index().on(t.createdAt, t.id),
  ],
);

export const shopSellers = pgTable(
  'shop_sellers',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['ADMIN', 'USER'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.userId] }), index().on(t.userId)],
);

/** JSONB documents per shop and kind (transaction_fee, checkout, ...), validated by the domain schema before writing. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.kind] })],
);
