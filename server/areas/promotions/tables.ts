import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables';

/**
 * Coupons (spec 3 §3 "Promotion", spec 2 §5). Money in cents; the type's own amounts in the columns it uses
 * (discountCents for a flat amount, discountPercentage for a percentage, neither for free delivery).
 */
export const promotions = pgTable(
  'promotions',
  {
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    coupon: text().notNull(),
    description: text().notNull(),
    type: text({ enum: ['FLAT_AMOUNT_DISCOUNT', 'FLAT_PERCENTAGE_DISCOUNT', 'FREE_DELIVERY'] }).notNull(),
    /** Days of the shop's time zone: from the start of startDate to the end of endDate. */
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    dows: jsonb().$type<string[]>().notNull().default([]),
    maxRedeems: integer().notNull().default(0),
    exclusive: boolean().notNull().default(false),
    firstOrderDiscount: boolean().notNull().default(false),
    /** '' is pickup and delivery. */
    collectionType: text().notNull().default(''),
    applicableOverCents: integer().notNull(),
    discountCents: integer(),
    discountPercentage: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    unique('promotions_shop_coupon').on(t.shopId, t.coupon),
    index().on(t.shopId, t.createdAt),
  ],
);
