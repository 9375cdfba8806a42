import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables';
import { LEDGER_KINDS } from '../../../domain/loyaltyCard';

/**
 * The loyalty ledger: append-only rows (stamp, reserve, redeem, reversal) keyed by order, written under the card's
 * lock (shop, mobile in E.164); every card, redemption and figure is recomputed from it (domain/loyaltyCard.ts
 * foldCard). Orders are not referenced by foreign key (an area's tables stay its own); a shop's rows go with the shop.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    /** In the order the rows were written: the card's lock lets one writer at a time through. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The card: the order's mobile in E.164. */
    mobile: text().notNull(),
    orderId: uuid().notNull(),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    orderTime: timestamp({ withTimezone: true }).notNull(),
    /** Cents. */
    grandTotal: integer().notNull(),
    /** Cents: a stamp's worth, a reward's value; 0 for the other kinds. */
    amount: integer().notNull().default(0),
    share: integer(),
    stampIds: bigint({ mode: 'number' }).array(),
  },
  (t) => [
    index().on(t.shopId, t.mobile, t.id),
    // Each kind at most once per order: ten accepts of one order cannot write ten stamps.
    uniqueIndex().on(t.shopId, t.orderId, t.kind),
    index().on(t.shopId, t.kind, t.at),
  ],
);
