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
  claimToSend,
  deliveryToSend,
  disableFailing,
  endpointBehind,
  endpointsBehind,
  endpointsWithDueRetries,
  eventsAfter,
  insertAttempt,
  insertEventDeliveries,
  lockEndpoint,
  lockForOutcome,
  moveCursor,
  previousEvent,
  reclaimLost,
  releaseLease,
  setDeliveryState,
  setFailingSince,
  shopAdmins,
  succeedAndTakeNext,
  takeNext,
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
/** A delivery handed to the queue this long ago that no job ever took up (its job was lost for good) is handed again. */
export const SENDING_LOST_MS = 10 * MINUTE;
/**
 * How long a sender holds the delivery it sends: well over an attempt's timeout. A sender that has not reported by
 * then is taken for dead (its process was killed mid-send) and the sweep hands the delivery again.
 */
export const LEASE_MS = 30_000;
/**
 * How long one job goes on sending its endpoint's next deliveries itself before it hands over to a new job, so an
 * endpoint with a long queue does not keep a worker's place from the others.
 */
const CHAIN_MS = 5_000;
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
  const head = await takeHead(tx, endpointId, now, null);
  if (!head) return false;
  const job: DeliveryJob = { shopId: head.shopId, deliveryId: head.id, manual: false };
  await services.jobs.send('webhooks', { ...job }, { db: tx });
  return true;
}

const soon = new WeakMap<Services, (shopId: string) => void>();

/**
 * Dispatches a shop's events in the background: one dispatch per shop at a time in this process, and a call during
 * one asks for one more after it (the wakes of a rush of events cost one or two runs, not one each).
 */
export function dispatchSoon(services: Services, shopId: string): void {
  let run = soon.get(services);
  if (!run) {
    const running = new Set<string>();
    const again = new Set<string>();
    const start = (shop: string) => {
      if (running.has(shop)) {
        again.add(shop);
        return;
      }
      running.add(shop);
      void dispatch(services, shop)
        .catch(() => undefined)
        .finally(() => {
          running.delete(shop);
          if (again.delete(shop)) start(shop);
        });
    };
    soon.set(services, (run = start));
  }
  run(shopId);
}

/**
 * A dispatch that found the endpoint's row locked left it to whoever held it: after a transaction that held it, its
 * holder looks whether events came meanwhile and dispatches them, so they do not wait for the sweep.
 */
async function dispatchIfBehind(services: Services, shopId: string, endpointId: string): Promise<void> {
  if (await endpointBehind(services.db, endpointId)) dispatchSoon(services, shopId);
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
  // How each event is presented, likewise: every endpoint of the shop sends the same body for it.
  const presentedOf = new Map<string, Record<string, unknown> | null>();
  const present = async (tx: Db, shop: string, events: StoredEvent[]) => {
    const missing = [...new Map(events.filter((e) => !presentedOf.has(`${shop}:${e.seq}`)).map((e) => [e.seq, e])).values()];
    if (missing.length) {
      const shown = await registryPresenter(sourceRegistry, tx)(
        shop,
        missing.map((e) => ({ id: Number(e.seq), type: e.type, data: e.data })),
      );
      missing.forEach((e, i) => presentedOf.set(`${shop}:${e.seq}`, shown[i].data as Record<string, unknown> | null));
    }
    return events.map((e) => presentedOf.get(`${shop}:${e.seq}`) ?? null);
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
          ? await present(
              tx,
              endpoint.shopId,
              wanted.map((w) => w.event),
            )
          : [];
        await insertEventDeliveries(
          endpoint.shopId,
          tx,
          endpoint.id,
          clock.now(),
          wanted.map((w, i) => ({
            messageId: newMessageId(),
            eventType: w.type,
            eventSeq: Number(w.event.seq),
            // The shop's order of events, and the rules' order within one event (a reject before its refund).
            position: Number(w.event.seq) * 100 + w.rank,
            payload: { type: w.type, timestamp: new Date(w.event.created_at).toISOString(), data: presented[i] },
          })),
        );
        const now = clock.now();
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
 * queue, and hands again a delivery whose sender died (its lease passed) or whose job was lost.
 */
export async function sweep(services: Services): Promise<void> {
  const { db, clock } = services;
  await dispatch(services, null);
  const now = clock.now();
  let handed = false;
  for (const endpointId of await endpointsWithDueRetries(db, now)) {
    const locked = await db.transaction(async (tx) => {
      const endpoint = await lockEndpoint(tx, endpointId, { skipLocked: true });
      if (endpoint) handed = (await promote(services, tx, endpointId, now)) || handed;
      return endpoint;
    });
    if (locked) await dispatchIfBehind(services, locked.shopId, endpointId);
  }
  for (const d of await reclaimLost(db, now, new Date(now.getTime() - SENDING_LOST_MS)))
    await services.jobs.send('webhooks', { shopId: d.shopId, deliveryId: d.id, manual: d.manual });
  if (handed) services.jobs.wake('webhooks');
}

/** A delivery this process holds but will not send after all, released at once (not after its lease), to a new job. */
async function handAgain(services: Services, d: DeliveryToSend, newJob: boolean): Promise<void> {
  const handed = await services.db.transaction(async (tx) => {
    if (!(await releaseLease(tx, d.id)) || !newJob) return false;
    await services.jobs.send('webhooks', { shopId: d.shopId, deliveryId: d.id, manual: false }, { db: tx });
    return true;
  });
  if (handed) services.jobs.wake('webhooks');
}

/** Sends a delivery once now, outside the endpoint's queue (Resend, Send test event); in `db`'s transaction when given. */
export async function sendNow(services: Services, shopId: string, deliveryId: string, db?: Db): Promise<void> {
  const job: DeliveryJob = { shopId, deliveryId, manual: true };
  await services.jobs.send('webhooks', { ...job }, { db });
}

/**
 * The `webhooks` queue's worker: one HTTP attempt of a delivery, then its outcome, in one transaction. A delivery
 * that got through lets the job take its endpoint's next due one in that transaction and send it too, for up to
 * CHAIN_MS, then a new job goes on: an endpoint's messages follow each other at HTTP speed, not a queue job each.
 * Each delivery sent is held by a lease; if this process dies mid-send, the sweep hands it again once it passes.
 */
export const deliverJob =
  (services: Services): JobHandler<DeliveryJob> =>
  async ({ data }) => {
    const { db, clock, credentials } = services;
    const { allowPrivate } = webhooksConfig.of(services.config);
    const opened = new Map<string, Promise<string>>();
    const open = (sealed: string) => {
      if (!opened.has(sealed)) opened.set(sealed, credentials.openText(sealed));
      return opened.get(sealed)!;
    };
    const attempt = async (d: DeliveryToSend) => {
      const at = clock.now();
      const secrets = [await open(d.secretSealed)];
      if (d.previousSecretSealed && d.previousSecretExpiresAt && d.previousSecretExpiresAt > at)
        secrets.push(await open(d.previousSecretSealed));
      const body = JSON.stringify(d.payload);
      return { at, result: await postSigned({ url: d.url, body, messageId: d.messageId, at, secrets, allowPrivate }) };
    };
    if (data.manual) {
      const d = await deliveryToSend(data.shopId, db, data.deliveryId);
      // Gone (the endpoint was deleted): nothing to send.
      if (!d) return;
      const { at, result } = await attempt(d);
      await record(services, d, result, at, { manual: true, chain: false });
      return;
    }
    const started = performance.now();
    const now = clock.now();
    // Gone, switched off, already settled by another attempt, or being sent by another job: nothing to send.
    let d = await claimToSend(data.shopId, db, data.deliveryId, now, new Date(now.getTime() + LEASE_MS));
    while (d) {
      const held: DeliveryToSend = d;
      try {
        const { at, result } = await attempt(held);
        d = await record(services, held, result, at, { manual: false, chain: performance.now() - started < CHAIN_MS });
      } catch (err) {
        // Released, so that this job's retry takes up its delivery at once; a delivery it went on to gets a job of
        // its own (the retry looks at the first one only). The database away, the lease hands it again.
        await handAgain(services, held, held.id !== data.deliveryId).catch(() => undefined);
        throw err;
      }
    }
  };

/**
 * An attempt's outcome. From the endpoint's queue: delivered (the next one goes: answered to send at once when
 * `chain`, else handed to a new job), or tried again after the retry delay, or, after three days of failures, the
 * endpoint is switched off and its shop's ADMINs told. A resend or test event: logged, and a resend that got through
 * settles its delivery if it was still waiting.
 */
async function record(
  services: Services,
  d: DeliveryToSend,
  result: AttemptResult,
  at: Date,
  { manual, chain }: { manual: boolean; chain: boolean },
): Promise<DeliveryToSend | null> {
  const { db, clock } = services;
  if (!manual && !d.isTest && result.ok && chain) {
    // The common case in one statement (or two when the endpoint's queue looks empty), no transaction: this job
    // goes on with the endpoint's next delivery, holding it under a lease.
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    let taken = await succeedAndTakeNext(d, db, { at, ...result }, now, leaseUntil);
    // The statement may have waited for a dispatch that held the endpoint and not seen the deliveries it added.
    if (!taken.next) taken = await takeNext(d.shopId, db, d.endpointId, now, leaseUntil);
    // Events that came while the endpoint was held: a dispatch may have skipped them.
    if (taken.behind) dispatchSoon(services, d.shopId);
    else if (!taken.next) await dispatchIfBehind(services, d.shopId, d.endpointId);
    return taken.next;
  }
  const { handed, next } = await db.transaction(async (tx): Promise<{ handed: boolean; next: DeliveryToSend | null }> => {
    const none = { handed: false, next: null };
    const locked = await lockForOutcome(d.shopId, tx, d.endpointId, d.id);
    if (!locked) return none;
    const { statusCode, latencyMs, response } = result;
    const now = clock.now();
    const attemptCount = locked.attemptCount + 1;
    if (manual || d.isTest) {
      await insertAttempt(d.shopId, tx, { deliveryId: d.id, at, statusCode, latencyMs, response, manual });
      const settle = d.isTest || (result.ok && locked.status !== 'SENDING');
      await setDeliveryState(
        tx,
        d.id,
        settle ? { status: result.ok ? 'SUCCEEDED' : 'FAILED', attemptCount, nextAttemptAt: null } : { attemptCount },
      );
      if (!result.ok || d.isTest || !locked.enabled) return none;
      await setFailingSince(tx, d.endpointId, null);
      return { handed: await promote(services, tx, d.endpointId, now), next: null };
    }
    await insertAttempt(d.shopId, tx, { deliveryId: d.id, at, statusCode, latencyMs, response, manual });
    if (locked.status !== 'SENDING') return none;
    if (result.ok) {
      await setDeliveryState(tx, d.id, { status: 'SUCCEEDED', attemptCount, nextAttemptAt: null });
      if (locked.failingSince) await setFailingSince(tx, d.endpointId, null);
      return { handed: await promote(services, tx, d.endpointId, now), next: null };
    }
    const failingSince = locked.failingSince ?? at;
    if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await setDeliveryState(tx, d.id, { attemptCount });
      await disableFailing(tx, d.endpointId, failingSince);
      await failWaiting(tx, d.endpointId);
      await mailAdmins(services, tx, d);
      return none;
    }
    await setDeliveryState(tx, d.id, {
      status: 'PENDING',
      attemptCount,
      nextAttemptAt: new Date(now.getTime() + retryDelay(attemptCount)),
    });
    await setFailingSince(tx, d.endpointId, failingSince);
    return none;
  });
  if (handed) services.jobs.wake('webhooks');
  // A dispatch that found the endpoint held while this transaction ran left its events to this process.
  await dispatchIfBehind(services, d.shopId, d.endpointId);
  return next;
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
