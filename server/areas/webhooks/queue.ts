import crypto from 'node:crypto';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import type { JobHandler } from '../../infra/jobs';
import { registryPresenter } from '../../infra/events';
import { queueMail } from '../../infra/mail/queued';
import { comparesWithPrevious, entityOf, familyOf, rulesFor, sourceRegistry } from './catalogue';
import { webhooksConfig } from './config';
import { endpointDisabledMail } from './mails';
import { failWaiting } from './repo';
import {
  deliveryToSend,
  disableFailing,
  endpointsBehind,
  endpointsWithDueRetries,
  eventsAfter,
  insertAttempt,
  insertEventDelivery,
  lockEndpoint,
  lockForOutcome,
  moveCursor,
  previousEvent,
  reclaimLost,
  setDeliveryState,
  setFailingSince,
  shopAdmins,
  takeHead,
  type DeliveryToSend,
  type StoredEvent,
} from './repoQueue';
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

/**
 * Hands an endpoint's next delivery to the job queue when nothing of it is under way and it is due: strict order per
 * endpoint, so an order's events arrive in the order they happened even across retries. The caller holds the endpoint's
 * row lock (one decision at a time per endpoint, in any process). In the caller's transaction.
 */
async function promote(services: Services, tx: Db, endpointId: string, now: Date): Promise<boolean> {
  const head = await takeHead(tx, endpointId, now);
  if (!head) return false;
  const job: DeliveryJob = { shopId: head.shopId, deliveryId: head.id, manual: false };
  await services.jobs.send('webhooks', { ...job }, { db: tx });
  return true;
}

/**
 * Turns a shop's events past each of its endpoints' cursors into deliveries (one per endpoint and webhook event it
 * subscribes to), advances the cursors, and hands each endpoint's next delivery to the queue: all in one transaction
 * per endpoint, its row locked (SKIP LOCKED: another process already at it leaves it alone). `shopId` null: every shop.
 */
export async function dispatch(services: Services, shopId: string | null): Promise<void> {
  const { db, clock } = services;
  // What each event is compared with, read once per run however many endpoints want it.
  const previous = new Map<string, Record<string, unknown> | null>();
  const previousOf = async (tx: Db, shop: string, event: StoredEvent) => {
    const key = `${shop}:${event.seq}`;
    if (!previous.has(key))
      previous.set(key, await previousEvent(shop, tx, event.seq, familyOf(event.type), entityOf(event.type, event.data)));
    return previous.get(key)!;
  };
  for (;;) {
    const behind = await endpointsBehind(db, shopId);
    if (!behind.length) return;
    let handed = false;
    let progressed = false;
    for (const id of behind) {
      const result = await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, id, { skipLocked: true });
        if (!endpoint) return { progressed: false, handed: false };
        const events = await eventsAfter(endpoint.shopId, tx, endpoint.cursor, DISPATCH_BATCH);
        if (!events.length) return { progressed: false, handed: false };
        const wanted: { event: StoredEvent; type: string; rank: number }[] = [];
        for (const event of events) {
          const rules = rulesFor(event.type).filter((r) => endpoint.eventTypes.includes(r.type));
          if (!rules.length) continue;
          const prev = comparesWithPrevious(rules) ? await previousOf(tx, endpoint.shopId, event) : null;
          for (const rule of rules)
            if (rule.when(event.data, prev)) wanted.push({ event, type: rule.type, rank: rulesFor(event.type).indexOf(rule) });
        }
        // Read on the transaction's own connection: one taken from the pool while this one is held would, with as
        // many shops dispatching as the pool has connections, leave every one waiting for another (the soak's hang).
        const presented = wanted.length
          ? await registryPresenter(sourceRegistry, tx)(
              endpoint.shopId,
              wanted.map((w) => ({ id: Number(w.event.seq), type: w.event.type, data: w.event.data })),
            )
          : [];
        const now = clock.now();
        for (const [i, w] of wanted.entries()) {
          await insertEventDelivery(endpoint.shopId, tx, {
            endpointId: endpoint.id,
            messageId: newMessageId(),
            eventType: w.type,
            eventSeq: Number(w.event.seq),
            // The shop's order of events, and the rules' order within one event (a reject before its refund).
            position: Number(w.event.seq) * 100 + w.rank,
            payload: { type: w.type, timestamp: new Date(w.event.created_at).toISOString(), data: presented[i].data },
            now,
          });
        }
        await moveCursor(tx, endpoint.id, Number(events[events.length - 1].seq));
        return { progressed: true, handed: await promote(services, tx, endpoint.id, now) };
      });
      handed ||= result.handed;
      progressed ||= result.progressed;
    }
    if (handed) services.jobs.wake('webhooks');
    // Nothing moved: every endpoint behind is another process's to dispatch just now.
    if (!progressed) return;
  }
}

/**
 * The sweep, on the app's clock: dispatches what a missed wake left behind, hands each endpoint's due retry to the
 * queue, and hands again a delivery whose job was lost.
 */
export async function sweep(services: Services): Promise<void> {
  const { db, clock } = services;
  await dispatch(services, null);
  const now = clock.now();
  let handed = false;
  for (const endpointId of await endpointsWithDueRetries(db, now)) {
    const promoted = await db.transaction(async (tx) =>
      (await lockEndpoint(tx, endpointId, { skipLocked: true })) ? promote(services, tx, endpointId, now) : false,
    );
    handed ||= promoted;
  }
  for (const d of await reclaimLost(db, now, new Date(now.getTime() - SENDING_LOST_MS)))
    await services.jobs.send('webhooks', { shopId: d.shopId, deliveryId: d.id, manual: d.manual });
  if (handed) services.jobs.wake('webhooks');
}

/** Sends a delivery once now, outside the endpoint's queue (Resend, Send test event); in `db`'s transaction when given. */
export async function sendNow(services: Services, shopId: string, deliveryId: string, db?: Db): Promise<void> {
  const job: DeliveryJob = { shopId, deliveryId, manual: true };
  await services.jobs.send('webhooks', { ...job }, { db });
}

/** The `webhooks` queue's worker: one HTTP attempt of one delivery, then its outcome, in one transaction. */
export const deliverJob =
  (services: Services): JobHandler<DeliveryJob> =>
  async ({ data }) => {
    const { db, clock, credentials } = services;
    const { allowPrivate } = webhooksConfig.of(services.config);
    const d = await deliveryToSend(data.shopId, db, data.deliveryId);
    // Gone (the endpoint was deleted), switched off, or already settled by another attempt: nothing to send.
    if (!d) return;
    if (!data.manual && (d.status !== 'SENDING' || !d.enabled)) return;
    const at = clock.now();
    const secrets = [await credentials.openText(d.secretSealed)];
    if (d.previousSecretSealed && d.previousSecretExpiresAt && d.previousSecretExpiresAt > at)
      secrets.push(await credentials.openText(d.previousSecretSealed));
    const result = await postSigned({ url: d.url, body: JSON.stringify(d.payload), messageId: d.messageId, at, secrets, allowPrivate });
    await record(services, d, result, at, data.manual);
  };

/**
 * An attempt's outcome. From the endpoint's queue: delivered (the next one goes), or tried again after the retry delay,
 * or, after three days of failures, the endpoint is switched off and its shop's ADMINs told. A resend or test event:
 * logged, and a resend that got through settles its delivery if it was still waiting.
 */
async function record(services: Services, d: DeliveryToSend, result: AttemptResult, at: Date, manual: boolean): Promise<void> {
  const { db, clock } = services;
  const handed = await db.transaction(async (tx) => {
    const locked = await lockForOutcome(d.shopId, tx, d.endpointId, d.id);
    if (!locked) return false;
    const { statusCode, latencyMs, response } = result;
    await insertAttempt(d.shopId, tx, { deliveryId: d.id, at, statusCode, latencyMs, response, manual });
    const now = clock.now();
    const attemptCount = locked.attemptCount + 1;
    if (manual || d.isTest) {
      const settle = d.isTest || (result.ok && locked.status !== 'SENDING');
      await setDeliveryState(
        tx,
        d.id,
        settle ? { status: result.ok ? 'SUCCEEDED' : 'FAILED', attemptCount, nextAttemptAt: null } : { attemptCount },
      );
      if (!result.ok || d.isTest || !locked.enabled) return false;
      await setFailingSince(tx, d.endpointId, null);
      return promote(services, tx, d.endpointId, now);
    }
    if (locked.status !== 'SENDING') return false;
    if (result.ok) {
      await setDeliveryState(tx, d.id, { status: 'SUCCEEDED', attemptCount, nextAttemptAt: null });
      await setFailingSince(tx, d.endpointId, null);
      return promote(services, tx, d.endpointId, now);
    }
    const failingSince = locked.failingSince ?? at;
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await setDeliveryState(tx, d.id, { attemptCount });
      await disableFailing(tx, d.endpointId, failingSince);
      await failWaiting(tx, d.endpointId);
      await mailAdmins(services, tx, d);
      return false;
    }
    await setDeliveryState(tx, d.id, {
      status: 'PENDING',
      attemptCount,
      nextAttemptAt: new Date(now.getTime() + retryDelay(attemptCount)),
    });
    await setFailingSince(tx, d.endpointId, failingSince);
    return false;
  });
  if (handed) services.jobs.wake('webhooks');
}

/** Tells each ADMIN of the shop that the endpoint was switched off (queued in the transaction that switches it off). */
async function mailAdmins(services: Services, tx: Db, d: DeliveryToSend) {
  const days = DISABLE_AFTER_MS / DAY;
  for (const a of await shopAdmins(d.shopId, tx)) {
    const mail = endpointDisabledMail(
      a.email,
      { id: d.shopId, name: a.shopName },
      { id: d.endpointId, url: d.url },
      days,
      services.config.publicUrl,
    );
    await queueMail(services, mail, tx);
  }
}
