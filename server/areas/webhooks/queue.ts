import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import type { JobHandler } from '../../infra/jobs';
import { registryPresenter } from '../../infra/events';
import { queueMail } from '../../infra/mail/queued';
import { entityOf, familyOf, rulesFor, sourceRegistry } from './catalogue';
import { webhooksConfig } from './config';
import { endpointDisabledMail } from './mails';
import { failWaiting } from './repo';
import { postSigned, type AttemptResult } from './send';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long after its n-th failed attempt a delivery is tried again; past the list, every 8 hours. An endpoint whose
 * deliveries have failed for DISABLE_AFTER_MS is switched off, so a delivery is retried for three days (well over a day).
 */
export const RETRY_DELAYS_MS = [30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR];
export const retryDelay = (failedAttempts: number) => RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1];
export const DISABLE_AFTER_MS = 3 * DAY;
/** A delivery handed to the queue this long ago whose job never reported (its job was lost for good) is handed again. */
export const SENDING_LOST_MS = 10 * MINUTE;
/** A rolled secret keeps signing this long beside its replacement. */
export const PREVIOUS_SECRET_MS = DAY;
/** Shop events read per endpoint per transaction. */
const DISPATCH_BATCH = 200;

export const newMessageId = () => `msg_${crypto.randomBytes(18).toString('base64url')}`;

interface DeliveryJob {
  shopId: string;
  deliveryId: string;
  /** Resend and test events: one attempt at once, outside the endpoint's queue. */
  manual: boolean;
}

const rows = async <T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

/**
 * Hands an endpoint's next delivery to the job queue when nothing of it is under way and it is due: strict order per
 * endpoint, so an order's events arrive in the order they happened even across retries. The caller holds the endpoint's
 * row lock (one decision at a time per endpoint, in any process). In the caller's transaction.
 */
async function promote(services: Services, tx: Db, endpointId: string, now: Date): Promise<boolean> {
  const [head] = await rows<{ id: string; shop_id: string; status: string; next_attempt_at: Date | null }>(
    tx,
    sql`SELECT id, shop_id, status, next_attempt_at FROM webhook_deliveries
         WHERE endpoint_id = ${endpointId} AND status IN ('PENDING', 'SENDING') AND event_seq IS NOT NULL
         ORDER BY position, id LIMIT 1`,
  );
  if (!head || head.status === 'SENDING') return false;
  if (head.next_attempt_at && new Date(head.next_attempt_at) > now) return false;
  await tx.execute(sql`UPDATE webhook_deliveries SET status = 'SENDING', sending_since = ${now} WHERE id = ${head.id}`);
  const job: DeliveryJob = { shopId: head.shop_id, deliveryId: head.id, manual: false };
  await services.jobs.send('webhooks', { ...job }, { db: tx });
  return true;
}

type StoredEvent = { seq: number; type: string; data: Record<string, unknown>; created_at: Date };

/**
 * Turns a shop's events past each of its endpoints' cursors into deliveries (one per endpoint and webhook event it
 * subscribes to), advances the cursors, and hands each endpoint's next delivery to the queue: all in one transaction
 * per endpoint, its row locked (SKIP LOCKED: another process already at it leaves it alone). `shopId` null: every shop.
 */
export async function dispatch(services: Services, shopId: string | null): Promise<void> {
  const { db, clock } = services;
  const present = registryPresenter(sourceRegistry, db);
  const previous = new Map<string, Record<string, unknown> | null>();
  for (;;) {
    const behind = await rows<{ id: string }>(
      db,
      sql`SELECT e.id FROM webhook_endpoints e JOIN shop_event_counters c ON c.shop_id = e.shop_id
           WHERE e.enabled AND e.cursor < c.last_seq ${shopId ? sql`AND e.shop_id = ${shopId}` : sql``}`,
    );
    if (!behind.length) return;
    let handed = false;
    let progressed = false;
    for (const { id } of behind) {
      const result = await db.transaction(async (tx) => {
        const [endpoint] = await rows<{ id: string; shop_id: string; cursor: string; event_types: string[] }>(
          tx,
          sql`SELECT id, shop_id, cursor, event_types FROM webhook_endpoints WHERE id = ${id} AND enabled FOR UPDATE SKIP LOCKED`,
        );
        if (!endpoint) return { progressed: false, handed: false };
        const events = await rows<StoredEvent>(
          tx,
          sql`SELECT seq, type, data, created_at FROM shop_events WHERE shop_id = ${endpoint.shop_id} AND seq > ${endpoint.cursor}
               ORDER BY seq LIMIT ${DISPATCH_BATCH}`,
        );
        if (!events.length) return { progressed: false, handed: false };
        const wanted: { event: StoredEvent; type: string; rank: number }[] = [];
        for (const event of events) {
          const rules = rulesFor(event.type);
          if (!rules.length) continue;
          const key = `${endpoint.shop_id}:${event.seq}`;
          if (!previous.has(key)) previous.set(key, await previousOf(tx, endpoint.shop_id, event));
          const prev = previous.get(key)!;
          rules.forEach((rule, rank) => {
            if (endpoint.event_types.includes(rule.type) && rule.when(event.data, prev)) wanted.push({ event, type: rule.type, rank });
          });
        }
        if (wanted.length) {
          const presented = await present(
            endpoint.shop_id,
            wanted.map((w) => ({ id: Number(w.event.seq), type: w.event.type, data: w.event.data })),
          );
          const now = clock.now();
          for (const [i, w] of wanted.entries()) {
            const payload = { type: w.type, timestamp: new Date(w.event.created_at).toISOString(), data: presented[i].data };
            await tx.execute(sql`
              INSERT INTO webhook_deliveries (shop_id, endpoint_id, message_id, event_type, event_seq, position, payload, status, next_attempt_at, created_at)
              VALUES (${endpoint.shop_id}, ${endpoint.id}, ${newMessageId()}, ${w.type}, ${w.event.seq},
                      ${Number(w.event.seq) * 100 + w.rank}, ${JSON.stringify(payload)}::jsonb, 'PENDING', ${now}, ${now})
              ON CONFLICT (endpoint_id, event_seq, event_type) DO NOTHING`);
          }
        }
        await tx.execute(sql`UPDATE webhook_endpoints SET cursor = ${events[events.length - 1].seq} WHERE id = ${endpoint.id}`);
        return { progressed: true, handed: await promote(services, tx, endpoint.id, clock.now()) };
      });
      handed ||= result.handed;
      progressed ||= result.progressed;
    }
    if (handed) services.jobs.wake('webhooks');
    // Nothing moved: every endpoint behind is another process's to dispatch just now.
    if (!progressed) return;
  }
}

/** The same order's, booking's or shop state's event before this one (what a rule compares with), or null. */
async function previousOf(tx: Db, shopId: string, event: StoredEvent): Promise<Record<string, unknown> | null> {
  const entity = entityOf(event.type, event.data);
  const types = familyOf(event.type);
  const [row] = await rows<{ data: Record<string, unknown> }>(
    tx,
    sql`SELECT data FROM shop_events WHERE shop_id = ${shopId} AND seq < ${event.seq}
         AND type IN (${sql.join(
           types.map((t) => sql`${t}`),
           sql`, `,
         )}) ${entity ? sql`AND data->>'id' = ${entity}` : sql``}
         ORDER BY seq DESC LIMIT 1`,
  );
  return row?.data ?? null;
}

/**
 * The sweep, on the app's clock: dispatches what a missed wake left behind, hands each endpoint's due retry to the
 * queue, and hands again a delivery whose job was lost.
 */
export async function sweep(services: Services): Promise<void> {
  const { db, clock } = services;
  await dispatch(services, null);
  const now = clock.now();
  const due = await rows<{ endpoint_id: string }>(
    db,
    sql`SELECT DISTINCT d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE e.enabled AND d.status = 'PENDING' AND d.event_seq IS NOT NULL AND d.next_attempt_at <= ${now}`,
  );
  let handed = false;
  for (const { endpoint_id } of due) {
    handed =
      (await db.transaction(async (tx) => {
        const [locked] = await rows(tx, sql`SELECT id FROM webhook_endpoints WHERE id = ${endpoint_id} AND enabled FOR UPDATE SKIP LOCKED`);
        return locked ? promote(services, tx, endpoint_id, now) : false;
      })) || handed;
  }
  const lost = await rows<{ id: string; shop_id: string; manual: boolean }>(
    db,
    sql`UPDATE webhook_deliveries SET sending_since = ${now}
         WHERE status = 'SENDING' AND sending_since < ${new Date(now.getTime() - SENDING_LOST_MS)}
         RETURNING id, shop_id, event_seq IS NULL AS manual`,
  );
  for (const d of lost) await services.jobs.send('webhooks', { shopId: d.shop_id, deliveryId: d.id, manual: d.manual });
  if (handed) services.jobs.wake('webhooks');
}

/** Sends a delivery once now, outside the endpoint's queue (Resend, Send test event). */
export async function sendNow(services: Services, shopId: string, deliveryId: string, db: Db = services.db): Promise<void> {
  const job: DeliveryJob = { shopId, deliveryId, manual: true };
  await services.jobs.send('webhooks', { ...job }, { db });
}

interface Loaded {
  id: string;
  shop_id: string;
  endpoint_id: string;
  message_id: string;
  status: string;
  payload: Record<string, unknown>;
  event_seq: string | null;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/** The `webhooks` queue's worker: one HTTP attempt of one delivery, then its outcome, in one transaction. */
export const deliverJob =
  (services: Services): JobHandler<DeliveryJob> =>
  async ({ data }) => {
    const { db, clock, credentials } = services;
    const { allowPrivate } = webhooksConfig.of(services.config);
    const [d] = await rows<Loaded>(
      db,
      sql`SELECT d.id, d.shop_id, d.endpoint_id, d.message_id, d.status, d.payload, d.event_seq, e.url, e.enabled,
                 e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at
            FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.id = ${data.deliveryId} AND d.shop_id = ${data.shopId}`,
    );
    // Gone (the endpoint was deleted), switched off, or already settled by another attempt: nothing to send.
    if (!d) return;
    if (!data.manual && (d.status !== 'SENDING' || !d.enabled)) return;
    const at = clock.now();
    const secrets = [await credentials.openText(d.secret_sealed)];
    if (d.previous_secret_sealed && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at) > at)
      secrets.push(await credentials.openText(d.previous_secret_sealed));
    const result = await postSigned({ url: d.url, body: JSON.stringify(d.payload), messageId: d.message_id, at, secrets, allowPrivate });
    await record(services, d, result, at, data.manual);
  };

async function record(services: Services, d: Loaded, result: AttemptResult, at: Date, manual: boolean): Promise<void> {
  const { db, clock } = services;
  let handed = false;
  await db.transaction(async (tx) => {
    const [endpoint] = await rows<{ id: string; enabled: boolean; failing_since: Date | null; url: string }>(
      tx,
      sql`SELECT id, enabled, failing_since, url FROM webhook_endpoints WHERE id = ${d.endpoint_id} FOR UPDATE`,
    );
    if (!endpoint) return;
    const [delivery] = await rows<{ status: string; attempt_count: number }>(
      tx,
      sql`SELECT status, attempt_count FROM webhook_deliveries WHERE id = ${d.id} FOR UPDATE`,
    );
    if (!delivery) return;
    await tx.execute(sql`
      INSERT INTO webhook_attempts (shop_id, delivery_id, at, status_code, latency_ms, response, manual)
      VALUES (${d.shop_id}, ${d.id}, ${at}, ${result.statusCode}, ${result.latencyMs}, ${result.response}, ${manual})`);
    const now = clock.now();
    const isTest = d.event_seq === null;
    if (manual || isTest) {
      // A test event, or a resend: its outcome is the delivery's when it was not still in the endpoint's queue.
      const settle = isTest || (result.ok && delivery.status !== 'SENDING');
      if (settle)
        await tx.execute(sql`UPDATE webhook_deliveries SET status = ${result.ok ? 'SUCCEEDED' : 'FAILED'}, next_attempt_at = NULL,
                                    attempt_count = attempt_count + 1 WHERE id = ${d.id}`);
      else await tx.execute(sql`UPDATE webhook_deliveries SET attempt_count = attempt_count + 1 WHERE id = ${d.id}`);
      if (result.ok && !isTest && endpoint.enabled) {
        await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpoint.id}`);
        handed = await promote(services, tx, endpoint.id, now);
      }
      return;
    }
    if (delivery.status !== 'SENDING') return;
    const failed = delivery.attempt_count + 1;
    if (result.ok) {
      await tx.execute(
        sql`UPDATE webhook_deliveries SET status = 'SUCCEEDED', next_attempt_at = NULL, attempt_count = ${failed} WHERE id = ${d.id}`,
      );
      await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${endpoint.id}`);
      handed = await promote(services, tx, endpoint.id, now);
      return;
    }
    const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : at;
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await tx.execute(sql`UPDATE webhook_deliveries SET attempt_count = ${failed} WHERE id = ${d.id}`);
      await tx.execute(
        sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'FAILING', failing_since = ${failingSince} WHERE id = ${endpoint.id}`,
      );
      await failWaiting(tx, endpoint.id);
      await mailAdmins(services, tx, d.shop_id, endpoint);
      return;
    }
    await tx.execute(sql`UPDATE webhook_deliveries SET status = 'PENDING', attempt_count = ${failed},
                                next_attempt_at = ${new Date(now.getTime() + retryDelay(failed))} WHERE id = ${d.id}`);
    await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = ${failingSince} WHERE id = ${endpoint.id}`);
  });
  if (handed) services.jobs.wake('webhooks');
}

/** Tells each ADMIN of the shop that the endpoint was switched off (queued in the transaction that switches it off). */
async function mailAdmins(services: Services, tx: Db, shopId: string, endpoint: { id: string; url: string }) {
  const admins = await rows<{ email: string; shop_name: string }>(
    tx,
    sql`SELECT u.email, s.name AS shop_name FROM shop_sellers ss JOIN users u ON u.id = ss.user_id JOIN shops s ON s.id = ss.shop_id
         WHERE ss.shop_id = ${shopId} AND ss.role = 'ADMIN' ORDER BY u.email`,
  );
  for (const a of admins)
    await queueMail(
      services,
      endpointDisabledMail(a.email, { id: shopId, name: a.shop_name }, endpoint, DISABLE_AFTER_MS / DAY, services.config.publicUrl),
      tx,
    );
}
