import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';

/** Where an item's document keeps the availability of its choice values and its own toppings, timed. */
export const TIMED_CHOICE_PATHS = [
  '$.attributes[*].values[*].availability ? (@.soldOut == true && @.until != null)',
  '$.addToppings[*].availability ? (@.soldOut == true && @.until != null)',
] as const;

/**
 * A shop's items (BASIC, PIZZA, DEAL). What lists filter, sort and search on is relational (type, name, price,
 * availability); the rest of the item (attributes, sizes, toppings, deal parts) is one JSONB document read and
 * written whole, validated by domain/catalog/item.ts, with amounts in cents.
 */
export const items = pgTable(
  'items',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    type: text({ enum: ['BASIC', 'PIZZA', 'DEAL'] }).notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    priceCents: integer().notNull(),
    doc: jsonb().notNull(),
    soldOut: boolean().notNull().default(false),
    /** null with soldOut: until put back by hand. */
    soldOutUntil: timestamp({ withTimezone: true }),
    /**
     * One of its choice values or toppings is sold out until a time: what the restoring sweep looks at besides whole
     * items (repoSoldOut.ts), kept true by PostgreSQL whoever writes the document.
     */
    timedChoiceSoldOut: boolean()
      .notNull()
      .generatedAlwaysAs(sql`(${sql.raw(`doc @? '${TIMED_CHOICE_PATHS[0]}' OR doc @? '${TIMED_CHOICE_PATHS[1]}'`)})`),
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index().on(t.shopId, t.name, t.id),
    // The restoring sweep's two questions, across shops: which timed sold-out periods have ended.
    index('items_sold_out_until')
      .on(t.soldOutUntil)
      .where(sql`sold_out AND sold_out_until IS NOT NULL`),
    index('items_timed_choice_sold_out')
      .on(t.shopId)
      .where(sql`timed_choice_sold_out`),
    // Shop-scoped search uses items_shop_search_trgm, a GIN index on (shop_id, search_text gin_trgm_ops) that
    // needs btree_gin, so it is created in the hand-written migration catalog_sql.
  ],
);

/**
 * One counter per shop, bumped by triggers on every write to its items and to its menu, pizza and delivery
 * documents (migration catalog_sql). The storefront menu cache of every server process compares it, so a change
 * shows on the next request whichever process made it.
 */
export const catalogVersions = pgTable('catalog_versions', {
  shopId: uuid()
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull().default(1),
});
