import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';

/**
 * The SQL of the webhooks queue: the dispatcher's reads of the shop event log, an endpoint's queue of deliveries, and
 * the outcome of each attempt. The caller (queue.ts) holds the transactions and the job queue.
 */
const rows = async <T>(db: Pick<Db, 'execute'>, query: SQL) => (await db.execute(query)).rows as T[];

export type StoredEvent = { seq: number; type: string; data: Record<string, unknown>; created_at: Date };

/**
 * Marks an endpoint's first waiting delivery SENDING when nothing of the endpoint is under way and it is due; answers
 * it (to hand to the job queue in the same transaction, or to send at once), or null. Test events (no event) are
 * outside the queue. `leaseUntil`: the caller sends it itself and holds it until then; null: a job will take it up.
 */
export async function takeHead(
  tx: Db,
  endpointId: string,
  now: Date,
  leaseUntil: Date | null,
): Promise<{ id: string; shopId: string } | null> {
  const [head] = await rows<{ id: string; shop_id: string; status: string; next_attempt_at: Date | null }>(
    tx,
    sql`SELECT id, shop_id, status, next_attempt_at FROM webhook_deliveries
         WHERE endpoint_id = ${endpointId} AND status IN ('PENDING', 'SENDING') AND event_seq IS NOT NULL
         ORDER BY position, id LIMIT 1`,
  );
  if (!head || head.status === 'SENDING') return null;
  if (head.next_attempt_at && new Date(head.next_attempt_at) > now) return null;
  await tx.execute(
    sql`UPDATE webhook_deliveries SET status = 'SENDING', sending_since = ${now}, lease_until = ${leaseUntil} WHERE id = ${head.id}`,
  );
  return { id: head.id, shopId: head.shop_id };
}

/** Whether an enabled endpoint's cursor is behind its shop's newest event (a dispatch has events to turn into deliveries). */
export async function endpointBehind(db: Db, endpointId: string): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT e.id FROM webhook_endpoints e JOIN shop_event_counters c ON c.shop_id = e.shop_id
         WHERE e.id = ${endpointId} AND e.enabled AND e.cursor < c.last_seq`,
  );
  return found.length > 0;
}

/** Enabled endpoints whose cursor is behind their shop's newest event (`shopId` null: of every shop). */
export async function endpointsBehind(db: Db, shopId: string | null): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT e.id FROM webhook_endpoints e JOIN shop_event_counters c ON c.shop_id = e.shop_id
         WHERE e.enabled AND e.cursor < c.last_seq ${shopId ? sql`AND e.shop_id = ${shopId}` : sql``}`,
  );
  return found.map((r) => r.id);
}

/**
 * Locks an enabled endpoint's row to the transaction's end; null when it is switched off, gone, or (skipLocked)
 * another process holds it just now.
 */
export async function lockEndpoint(
  tx: Db,
  id: string,
  { skipLocked }: { skipLocked: boolean },
): Promise<{ id: string; shopId: string; cursor: number; eventTypes: string[]; failingSince: Date | null } | null> {
  const [row] = await rows<{ id: string; shop_id: string; cursor: string; event_types: string[]; failing_since: Date | null }>(
    tx,
    sql`SELECT id, shop_id, cursor, event_types, failing_since FROM webhook_endpoints WHERE id = ${id} AND enabled
         FOR UPDATE ${skipLocked ? sql`SKIP LOCKED` : sql``}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    shopId: row.shop_id,
    cursor: Number(row.cursor),
    eventTypes: row.event_types,
    failingSince: row.failing_since ? new Date(row.failing_since) : null,
  };
}

export async function eventsAfter(shopId: string, tx: Db, cursor: number, limit: number): Promise<StoredEvent[]> {
  return rows<StoredEvent>(
    tx,
    sql`SELECT seq, type, data, created_at FROM shop_events WHERE shop_id = ${shopId} AND seq > ${cursor} ORDER BY seq LIMIT ${limit}`,
  );
}

/** The latest event before `seq` of one of `types` (and, given, about the order or booking `entity`), or null. */
export async function previousEvent(
  shopId: string,
  tx: Db,
  seq: number,
  types: string[],
  entity: string | null,
): Promise<Record<string, unknown> | null> {
  const [row] = await rows<{ data: Record<string, unknown> }>(
    tx,
    sql`SELECT data FROM shop_events WHERE shop_id = ${shopId} AND seq < ${seq}
         AND type IN (${sql.join(
           types.map((t) => sql`${t}`),
           sql`, `,
         )}) ${entity ? sql`AND data->>'id' = ${entity}` : sql``}
         ORDER BY seq DESC LIMIT 1`,
  );
  return row?.data ?? null;
}

/** Deliveries of shop events to an endpoint, in one statement; each once (a second dispatch of an event adds nothing). */
export async function insertEventDeliveries(
  shopId: string,
  tx: Db,
  endpointId: string,
  now: Date,
  ds: { messageId: string; eventType: string; eventSeq: number; position: number; payload: object }[],
): Promise<void> {
  if (!ds.length) return;
  const values = ds.map(
    (d) =>
      sql`(${shopId}, ${endpointId}, ${d.messageId}, ${d.eventType}, ${d.eventSeq}, ${d.position},
           ${JSON.stringify(d.payload)}::jsonb, 'PENDING', ${now}, ${now})`,
  );
  await tx.execute(sql`
    INSERT INTO webhook_deliveries
      (shop_id, endpoint_id, message_id, event_type, event_seq, position, payload, status, next_attempt_at, created_at)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (endpoint_id, event_seq, event_type) DO NOTHING`);
}

/** A test event's delivery, SENDING from the start (it is handed to the queue at once, outside the endpoint's order). */
export async function insertTestDelivery(
  shopId: string,
  tx: Db,
  d: { endpointId: string; messageId: string; eventType: string; payload: object; now: Date },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO webhook_deliveries
          (shop_id, endpoint_id, message_id, event_type, event_seq, position, payload, status, sending_since, created_at)
        VALUES (${shopId}, ${d.endpointId}, ${d.messageId}, ${d.eventType}, NULL, 0,
                ${JSON.stringify(d.payload)}::jsonb, 'SENDING', ${d.now}, ${d.now})
        RETURNING id`,
  );
  return row.id;
}

export async function moveCursor(tx: Db, endpointId: string, seq: number): Promise<void> {
  await tx.execute(sql`UPDATE webhook_endpoints SET cursor = ${seq} WHERE id = ${endpointId}`);
}

/** Enabled endpoints whose first waiting delivery may be due. */
export async function endpointsWithDueRetries(db: Db, now: Date): Promise<string[]> {
  const found = await rows<{ endpoint_id: string }>(
    db,
    sql`SELECT DISTINCT d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE e.enabled AND d.status = 'PENDING' AND d.event_seq IS NOT NULL AND d.next_attempt_at <= ${now}`,
  );
  return found.map((r) => r.endpoint_id);
}

/**
 * SENDING deliveries whose sender is gone: its lease passed with no outcome (the process died mid-send), or it was
 * handed to the queue before `lostBefore` and no job ever took it up (the job was lost for good). Stamped now and
 * released (no lease), to be handed again.
 */
export async function reclaimLost(db: Db, now: Date, lostBefore: Date): Promise<{ id: string; shopId: string; manual: boolean }[]> {
  const found = await rows<{ id: string; shop_id: string; manual: boolean }>(
    db,
    sql`UPDATE webhook_deliveries SET sending_since = ${now}, lease_until = NULL
         WHERE status = 'SENDING' AND (lease_until <= ${now} OR (lease_until IS NULL AND sending_since < ${lostBefore}))
         RETURNING id, shop_id, event_seq IS NULL AS manual`,
  );
  return found.map((r) => ({ id: r.id, shopId: r.shop_id, manual: r.manual }));
}

/** A SENDING delivery's lease given up (a job may take it up at once); false when it is no longer SENDING. */
export async function releaseLease(db: Db, id: string): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`UPDATE webhook_deliveries SET lease_until = NULL WHERE id = ${id} AND status = 'SENDING' RETURNING id`,
  );
  return found.length > 0;
}

export interface DeliveryToSend {
  id: string;
  shopId: string;
  endpointId: string;
  messageId: string;
  status: string;
  payload: Record<string, unknown>;
  isTest: boolean;
  url: string;
  enabled: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

const toSend = (d: Record<string, unknown>): DeliveryToSend => ({
  id: d.id as string,
  shopId: d.shop_id as string,
  endpointId: d.endpoint_id as string,
  messageId: d.message_id as string,
  status: d.status as string,
  payload: d.payload as Record<string, unknown>,
  isTest: d.is_test as boolean,
  url: d.url as string,
  enabled: d.enabled as boolean,
  secretSealed: d.secret_sealed as string,
  previousSecretSealed: (d.previous_secret_sealed as string | null) ?? null,
  previousSecretExpiresAt: d.previous_secret_expires_at ? new Date(d.previous_secret_expires_at as string) : null,
});

/** A delivery with what sending it needs from its endpoint, or null when either is gone. */
export async function deliveryToSend(shopId: string, db: Db, deliveryId: string): Promise<DeliveryToSend | null> {
  const [d] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT d.id, d.shop_id, d.endpoint_id, d.message_id, d.status, d.payload, d.event_seq IS NULL AS is_test, e.url, e.enabled,
               e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.id = ${deliveryId} AND d.shop_id = ${shopId}`,
  );
  return d ? toSend(d) : null;
}

/**
 * Takes up a SENDING delivery of an enabled endpoint for sending, holding it until `leaseUntil`; null when it is
 * gone, settled, switched off, or another sender holds it (its lease has not passed: two jobs of one delivery, one sends).
 */
export async function claimToSend(shopId: string, db: Db, deliveryId: string, now: Date, leaseUntil: Date): Promise<DeliveryToSend | null> {
  const [d] = await rows<Record<string, unknown>>(
    db,
    sql`UPDATE webhook_deliveries d SET lease_until = ${leaseUntil}
          FROM webhook_endpoints e
         WHERE e.id = d.endpoint_id AND d.id = ${deliveryId} AND d.shop_id = ${shopId} AND d.status = 'SENDING' AND e.enabled
           AND (d.lease_until IS NULL OR d.lease_until <= ${now})
        RETURNING d.id, d.shop_id, d.endpoint_id, d.message_id, d.status, d.payload, d.event_seq IS NULL AS is_test, e.url,
                  e.enabled, e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at`,
  );
  return d ? toSend(d) : null;
}

/** The endpoint (enabled or not) and the delivery, both locked, for recording an attempt; null when either is gone. */
export async function lockForOutcome(
  shopId: string,
  tx: Db,
  endpointId: string,
  deliveryId: string,
): Promise<{ enabled: boolean; failingSince: Date | null; status: string; attemptCount: number } | null> {
  const [row] = await rows<{ enabled: boolean; failing_since: Date | null; status: string; attempt_count: number }>(
    tx,
    sql`SELECT e.enabled, e.failing_since, d.status, d.attempt_count
          FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id
         WHERE e.id = ${endpointId} AND e.shop_id = ${shopId} AND d.id = ${deliveryId}
           FOR UPDATE`,
  );
  if (!row) return null;
  return {
    enabled: row.enabled,
    failingSince: row.failing_since ? new Date(row.failing_since) : null,
    status: row.status,
    attemptCount: row.attempt_count,
  };
}

/** What sending a delivery needs, of the deliveries a statement took (`t`) and their endpoint (`e`). */
const takenColumns = sql`t.id, t.shop_id, t.endpoint_id, t.message_id, t.status, t.payload, false AS is_test, e.url, e.enabled,
  e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at`;

/**
 * The endpoint's first waiting delivery other than `except`, when it is due, marked SENDING and held until
 * `leaseUntil` (CTEs `head` and `taken`, after a CTE `ep` that locks the endpoint row and a CTE `go` that says whether
 * to take anything).
 */
const takeCtes = (endpointId: string, except: string | null, now: Date, leaseUntil: Date) => sql`
  head AS (
    SELECT id FROM webhook_deliveries
     WHERE endpoint_id = ${endpointId} AND status IN ('PENDING', 'SENDING') AND event_seq IS NOT NULL
       ${except ? sql`AND id <> ${except}` : sql``}
     ORDER BY position, id LIMIT 1
  ), taken AS (
    UPDATE webhook_deliveries w SET status = 'SENDING', sending_since = ${now}, lease_until = ${leaseUntil}
      FROM head, ep, go
     WHERE w.id = head.id AND ep.enabled AND go.ok
       AND w.status = 'PENDING' AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= ${now})
    RETURNING w.id, w.shop_id, w.endpoint_id, w.message_id, w.status, w.payload
  )`;

/** Whether the endpoint is behind its shop's events, and the delivery `taken` took with what sending it needs. */
const takenAnswer = (endpointId: string) => sql`
  SELECT (SELECT e.cursor < c.last_seq FROM webhook_endpoints e JOIN shop_event_counters c ON c.shop_id = e.shop_id
           WHERE e.id = ${endpointId}) AS behind, ${takenColumns}
    FROM (SELECT 1) one LEFT JOIN (taken t JOIN webhook_endpoints e ON e.id = t.endpoint_id) ON true`;

const answerOf = (row: Record<string, unknown> | undefined) => ({ next: row?.id ? toSend(row) : null, behind: row?.behind === true });

/**
 * A SENDING delivery got through, in one statement that locks its endpoint's row: its attempt logged, the delivery
 * SUCCEEDED, the endpoint no longer failing, and the endpoint's next delivery, when due, marked SENDING under the
 * caller's lease and answered with what sending it needs; also whether the endpoint is behind its shop's events.
 * Nothing is taken when the delivery was no longer SENDING (another sender settled it). When the statement waited for
 * the lock it does not see what the holder committed: the caller then looks again with takeNext.
 */
export async function succeedAndTakeNext(
  d: { id: string; shopId: string; endpointId: string },
  db: Db,
  a: { at: Date; statusCode: number | null; latencyMs: number; response: string },
  now: Date,
  leaseUntil: Date,
): Promise<{ next: DeliveryToSend | null; behind: boolean }> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`WITH ep AS (
          SELECT id, enabled FROM webhook_endpoints WHERE id = ${d.endpointId} AND shop_id = ${d.shopId} FOR UPDATE
        ), done AS (
          UPDATE webhook_deliveries w SET status = 'SUCCEEDED', attempt_count = w.attempt_count + 1, next_attempt_at = NULL,
                 lease_until = NULL
            FROM ep WHERE w.id = ${d.id} AND w.status = 'SENDING'
          RETURNING w.id
        ), attempt AS (
          INSERT INTO webhook_attempts (shop_id, delivery_id, at, status_code, latency_ms, response, manual)
          SELECT ${d.shopId}, ${d.id}, ${a.at}, ${a.statusCode}, ${a.latencyMs}, ${a.response}, false FROM ep
        ), mended AS (
          UPDATE webhook_endpoints e SET failing_since = NULL FROM done WHERE e.id = ${d.endpointId} AND e.failing_since IS NOT NULL
        ), go AS (SELECT EXISTS (SELECT 1 FROM done) AS ok),
        ${takeCtes(d.endpointId, d.id, now, leaseUntil)}
        ${takenAnswer(d.endpointId)}`,
  );
  return answerOf(row);
}

/** The endpoint's next due delivery when nothing of it is under way, taken as succeedAndTakeNext takes it. */
export async function takeNext(
  shopId: string,
  db: Db,
  endpointId: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ next: DeliveryToSend | null; behind: boolean }> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`WITH ep AS (
          SELECT id, enabled FROM webhook_endpoints WHERE id = ${endpointId} AND shop_id = ${shopId} FOR UPDATE
        ), go AS (SELECT true AS ok),
        ${takeCtes(endpointId, null, now, leaseUntil)}
        ${takenAnswer(endpointId)}`,
  );
  return answerOf(row);
}

export async function insertAttempt(
  shopId: string,
  tx: Db,
  a: { deliveryId: string; at: Date; statusCode: number | null; latencyMs: number; response: string; manual: boolean },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO webhook_attempts (shop_id, delivery_id, at, status_code, latency_ms, response, manual)
    VALUES (${shopId}, ${a.deliveryId}, ${a.at}, ${a.statusCode}, ${a.latencyMs}, ${a.response}, ${a.manual})`);
}

/** A delivery's state after an attempt: its status (unchanged when absent), attempts so far and next attempt. */
export async function setDeliveryState(
  tx: Db,
  id: string,
  s: { status?: 'PENDING' | 'SUCCEEDED' | 'FAILED'; attemptCount: number; nextAttemptAt?: Date | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE webhook_deliveries SET attempt_count = ${s.attemptCount}
      ${s.status ? sql`, status = ${s.status}, lease_until = NULL` : sql``}
      ${s.nextAttemptAt !== undefined ? sql`, next_attempt_at = ${s.nextAttemptAt}` : sql``}
    WHERE id = ${id}`);
}

export async function setFailingSince(tx: Db, endpointId: string, since: Date | null): Promise<void> {
  await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = ${since} WHERE id = ${endpointId}`);
}

export async function disableFailing(tx: Db, endpointId: string, since: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'FAILING', failing_since = ${since} WHERE id = ${endpointId}`,
  );
}

/** The shop's name and its ADMINs' addresses. */
export async function shopAdmins(shopId: string, tx: Db): Promise<{ email: string; shopName: string }[]> {
  const found = await rows<{ email: string; shop_name: string }>(
    tx,
    sql`SELECT u.email, s.name AS shop_name FROM shop_sellers ss JOIN users u ON u.id = ss.user_id JOIN shops s ON s.id = ss.shop_id
         WHERE ss.shop_id = ${shopId} AND ss.role = 'ADMIN' ORDER BY u.email`,
  );
  return found.map((r) => ({ email: r.email, shopName: r.shop_name }));
}
