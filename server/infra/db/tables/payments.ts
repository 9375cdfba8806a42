import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/**
 * The shop's Stripe Connect accounts: at most one active (the one every call uses); archived and disconnected
 * ones stay as history. `simulated` holds the whole account document when the simulated provider serves (no
 * STRIPE_SECRET_KEY): it is that provider's store, read and written whole.
 */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    accountId: text().notNull().unique(),
    /** standard: the shop's own account connected with OAuth; custom: created by the platform, onboarded with account links. */
    mode: text({ enum: ['standard', 'custom'] }).notNull(),
    status: text({ enum: ['active', 'archived', 'disconnected'] })
      .notNull()
      .default('active'),
    /** Last known from account.updated, so the platform can see who cannot take cards without calling Stripe. */
    chargesEnabled: boolean().notNull().default(false),
    payoutsEnabled: boolean().notNull().default(false),
    simulated: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.accountId] }),
    uniqueIndex('stripe_accounts_one_active')
      .on(t.shopId)
      .where(sql`status = 'active'`),
  ],
);

/**
 * The simulated provider's own record of the money it moved (no STRIPE_SECRET_KEY): one row per charge it made and
 * per refund it made, as Stripe keeps PaymentIntents and refunds. It is the provider's side of the books, written
 * outside our order transactions (a charge stays recorded even if the order that asked for it is never stored), so
 * the reconciliation and the account's activity read what the provider did, not what our orders say it did.
 */
export const simulatedLedgerEntries = pgTable(
  'simulated_ledger',
  {
    /** sim_ch_… for a charge (the paymentId an order keeps), sim_re_… for a refund. */
    id: text().primaryKey(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The shop's active connected account when the money moved; null when none was connected. */
    accountId: text(),
    object: text({ enum: ['charge', 'refund'] }).notNull(),
    /** A refund's charge. */
    paymentId: text(),
    /** Minor units, positive for both kinds. */
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    description: text(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopId, t.accountId, t.createdAt)],
);

/**
 * The single-use values of connecting with OAuth, so each works once whichever server process sees it (only hashes
 * are stored):
 * - state: an OAuth state spent by POST …/authorize/return. The row is the spending (the first insert wins); the
 *   state's own signature and expiry say whether it was ever valid, and the row lives until that expiry.
 * - simulated_code: an authorization code the simulated provider's OAuth page issued (used_at null), spent when it
 *   is exchanged for the account, as Stripe spends its codes.
 * Expired rows are deleted per shop on the next spending.
 */
export const stripeOAuthTokens = pgTable(
  'stripe_oauth_tokens',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['state', 'simulated_code'] }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.kind, t.tokenHash] })],
);
