import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Platform-wide documents (remote config). */
export const platformConfig = pgTable('platform_config', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/** Uploaded images; the stored variants live in the configured storage under `path`. */
export const images = pgTable('images', {
  id: uuid().primaryKey().defaultRandom(),
  path: text().notNull().unique(),
  ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
  format: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
