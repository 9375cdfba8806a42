import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { WebhookDelivery } from '../../../domain/webhooks';
import type { Db } from '../../infra/db/client';
import { pageOf, totalOver, withTotal, type Range } from '../../infra/db/list';
import { notFound } from '../../infra/http/errors';
import { isUuid } from '../../infra/db/uuid';
import { webhookAttempts, webhookDeliveries } from './tables';

export type DeliveryWithPayload = WebhookDelivery & { payload: Record<string, unknown> };

const columns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  createdAt: webhookDeliveries.createdAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  payload: webhookDeliveries.payload,
};
type Row = Omit<
  typeof webhookDeliveries.$inferSelect,
  'shopId' | 'endpointId' | 'eventSeq' | 'position' | 'attemptCount' | 'sendingSince' | 'leaseUntil'
>;

/** The rows with each one's attempts, oldest attempt first. */
async function withAttempts(db: Db, rows: Row[]): Promise<DeliveryWithPayload[]> {
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    eventType: r.eventType,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    // Only a delivery waiting in the endpoint's queue has a next attempt to show.
    nextAttemptAt: r.status === 'PENDING' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
    payload: r.payload,
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ at: a.at.toISOString(), statusCode: a.statusCode, latencyMs: a.latencyMs, response: a.response, manual: a.manual })),
  }));
}

/** An endpoint's deliveries, newest first, a page at a time (the endpoint is the caller's to check). */
export async function listDeliveries(shopId: string, db: Db, endpointId: string, range: Range) {
  const { offset, limit } = pageOf(range);
  const where = and(eq(webhookDeliveries.shopId, shopId), eq(webhookDeliveries.endpointId, endpointId));
  const page = await db
    .select({ ...columns, total: totalOver() })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.position), desc(webhookDeliveries.id))
    .offset(offset)
    .limit(limit);
  const { rows, total } = await withTotal(page, range, async () => (await db.$count(webhookDeliveries, where)) as number);
  return { rows: await withAttempts(db, rows), total };
}

export async function loadDelivery(shopId: string, db: Db, endpointId: string, id: string): Promise<DeliveryWithPayload> {
  const [row] =
    isUuid(id) && isUuid(endpointId)
      ? await db
          .select(columns)
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.shopId, shopId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)))
      : [];
  if (!row) throw notFound('webhook delivery', id);
  return (await withAttempts(db, [row]))[0];
}
