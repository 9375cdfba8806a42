import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEndpoint, WebhookEventType } from '../../../domain/webhooks';
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/http/errors';
import { isUuid } from '../../infra/db/uuid';
import { webhookDeliveries, webhookEndpoints } from './tables';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentEndpoint(r: EndpointRow, now: Date): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.eventTypes as WebhookEventType[],
    enabled: r.enabled,
    disabledReason: r.disabledReason ?? null,
    failingSince: iso(r.failingSince),
    previousSecretExpiresAt: r.previousSecretExpiresAt && r.previousSecretExpiresAt > now ? r.previousSecretExpiresAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The shop's endpoints, newest first (never their secrets). */
export async function listEndpoints(shopId: string, db: Db): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.shopId, shopId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/** One endpoint of the shop; another shop's id, or no id at all, is a 404. `lock` holds its row to the transaction's end. */
export async function loadEndpoint(shopId: string, db: Db, id: string, lock = false): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound('webhook endpoint', id);
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.shopId, shopId), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('webhook endpoint', id);
  return row;
}

/** The shop's newest event id: a new or re-enabled endpoint starts after it (it gets what happens from now on). */
const latestSeq = sql`(SELECT coalesce(max(last_seq), 0) FROM shop_event_counters WHERE shop_id = ${webhookEndpoints.shopId})`;

export async function insertEndpoint(
  shopId: string,
  db: Db,
  input: { url: string; eventTypes: string[]; description: string; secretSealed: string },
  by: string,
  now: Date,
): Promise<EndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      shopId,
      ...input,
      createdBy: by,
      createdAt: now,
      cursor: sql`(SELECT coalesce(max(last_seq), 0) FROM shop_event_counters WHERE shop_id = ${shopId}::uuid)`,
    })
    .returning();
  return row;
}

/**
 * Changes an endpoint. Switching it off fails what was waiting for it (each can be resent); switching it back on
 * starts it after the shop's newest event, so days of missed events do not arrive at once (the events feed has them).
 */
export async function updateEndpoint(
  shopId: string,
  db: Db,
  id: string,
  patch: { url?: string; eventTypes?: string[]; description?: string; enabled?: boolean },
): Promise<EndpointRow> {
  return db.transaction(async (tx) => {
    const current = await loadEndpoint(shopId, tx, id, true);
    const { enabled, ...fields } = patch;
    // A field left out (or given as undefined) stays as it is: an empty change writes nothing.
    const set: Partial<typeof webhookEndpoints.$inferInsert> = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    if (enabled === false && current.enabled) {
      Object.assign(set, { enabled: false, disabledReason: 'MANUAL' as const });
      await failWaiting(tx, current.id);
    } else if (enabled === true && !current.enabled) {
      Object.assign(set, { enabled: true, disabledReason: null, failingSince: null, cursor: latestSeq });
    }
    if (!Object.keys(set).length) return current;
    const [row] = await tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, current.id)).returning();
    return row;
  });
}

/** Every delivery still waiting for an endpoint becomes FAILED (it was switched off). */
export async function failWaiting(tx: Db, endpointId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'FAILED', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, ['PENDING', 'SENDING'])));
}

/** A new secret; the one it replaces keeps signing (beside it) until `previousUntil`. */
export async function rollSecret(shopId: string, db: Db, id: string, secretSealed: string, previousUntil: Date): Promise<EndpointRow> {
  return db.transaction(async (tx) => {
    const current = await loadEndpoint(shopId, tx, id, true);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secretSealed, previousSecretSealed: current.secretSealed, previousSecretExpiresAt: previousUntil })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return row;
  });
}

export async function deleteEndpoint(shopId: string, db: Db, id: string): Promise<void> {
  const row = await loadEndpoint(shopId, db, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/** The shops that have an endpoint switched on (each process listens for their events). */
export async function shopsWithEndpoints(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ shopId: webhookEndpoints.shopId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
  return rows.map((r) => r.shopId);
}
