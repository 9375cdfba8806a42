import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../infra/db/tables/shops';
import { users } from '../../infra/db/tables/users';

/**
 * A shop's webhook endpoints. `cursor` is the last shop event (shop_events.seq) the dispatcher has turned into
 * deliveries for this endpoint: shop_events is the outbox, written in each change's transaction, so an event is sent
 * exactly when its change committed. Secrets are sealed with the credential box (they must be read back to sign).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    eventTypes: text().array().notNull(),
    secretSealed: text().notNull(),
    /** The secret before the last roll: it signs beside the new one until previousSecretExpiresAt. */
    previousSecretSealed: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    enabled: boolean().notNull().default(true),
    disabledReason: text({ enum: ['FAILING', 'MANUAL'] }),
    cursor: bigint({ mode: 'number' }).notNull(),
    failingSince: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.shopId, t.createdAt)],
);

/**
 * One message to one endpoint. `position` orders an endpoint's queue: the shop event's seq, so deliveries go out in
 * the order their changes committed; only the first PENDING one of an endpoint is ever SENDING.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header (msg_…), the same on every attempt and resend. */
    messageId: text().notNull().unique(),
    eventType: text().notNull(),
    /** The shop event it came from; null for a test event. */
    eventSeq: bigint({ mode: 'number' }),
    position: bigint({ mode: 'number' }).notNull(),
    /** The body as sent, kept whole so every attempt sends the same bytes. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** When it was last handed to the queue (a SENDING one whose job was lost is handed again after a while). */
    sendingSince: timestamp({ withTimezone: true }),
    /**
     * While a sender holds it: until when (app clock) the sender may still report its outcome. Past it with no
     * outcome, the sender is taken for dead and the sweep hands the delivery again. Null: handed, not yet taken up.
     */
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex().on(t.endpointId, t.eventSeq, t.eventType),
    index().on(t.endpointId, t.createdAt),
    index('webhook_deliveries_queue')
      .on(t.endpointId, t.position, t.id)
      .where(sql`${t.status} IN ('PENDING', 'SENDING')`),
  ],
);

/** Each HTTP attempt of a delivery: when, what the receiver answered, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    shopId: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    response: text().notNull(),
    manual: boolean().notNull().default(false),
  },
  (t) => [index().on(t.deliveryId, t.at)],
);
