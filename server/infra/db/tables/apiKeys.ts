import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';
import { users } from './users';

/**
 * A shop's API keys (the apikeys area manages them). Here, not in the area, because the guard resolves a key on every
 * request that sends one, as it does sessions. Only the SHA-256 of a key's value is kept; a revoked key stays, marked.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The first characters after srv_, shown in the list to tell keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    scopes: text().array().notNull(),
    /** Whose key it is: what the key does is recorded as done by them (and by the key, req.apiKey). */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.shopId, t.createdAt)],
);
