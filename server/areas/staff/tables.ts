import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';

export const invites = pgTable(
  'invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    fromUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fromEmail: text().notNull(),
    toEmail: text().notNull(),
    role: text({ enum: ['ADMIN', 'USER'] }).notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopId, t.toEmail)],
);

export type InviteRow = typeof invites.$inferSelect;
