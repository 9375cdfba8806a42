import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per change a person or an API key made, written in the change's own transaction (by the
 * triggers of the migration that made this table, or by recordChange) and never changed after: a trigger refuses
 * UPDATE, DELETE and TRUNCATE. No foreign keys, on purpose: deleting a user or a shop must neither cascade into the
 * log (the trigger would refuse it) nor lose who did what.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** null for the platform's own documents and a member's account (two-factor, sign-ins). */
    shopId: uuid(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorUserId: uuid(),
    actorName: text(),
    apiKeyId: uuid(),
    apiKeyName: text(),
    ip: text(),
    userAgent: text(),
    /** item, coupon, settings.checkout, stripe.bank_account, …: domain/audit.ts names them. */
    kind: text().notNull(),
    action: text({ enum: ['insert', 'update', 'delete'] }).notNull(),
    recordId: text(),
    /** The record before and after, secrets masked; the console shows the fields that differ. */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index().on(t.shopId, t.at, t.id), index().on(t.at, t.id), index().on(t.actorUserId, t.at)],
);
