import type { Db } from '../../infra/db/client';
import { storedInstant } from '../../infra/db/storedInstant';
import { conflict } from '../../infra/http/errors';
import { format, messages } from '../../../domain/messages';
import { allowedActions, canMarkReady, etaLabel, type AcceptBody } from '../../../domain/order';
import { refundRetryable } from '../../../domain/orderView';
import type { PaymentProvider } from '../../infra/payments';
import { getOrder, isScheduled, shopForMail, type OrderRow } from './repo';
import { mailKeyReady, queueCustomerMail, type MailServices } from './mails';
import { busyState } from './repoBusy';
import { attemptRefund } from './refundAttempts';
import { openRefund, refundOfOrder } from './repoRefunds';
import { updated } from './repo';
import { recordChange, type RecordedChange } from '../audit';
import { orderAccepted, orderReversed } from '../loyalty';

type Action = 'accept' | 'reject' | 'complete';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** 409 when another device already moved the order past what this action needs. */
function ensureAllowed(o: OrderRow, action: Action) {
  const completedAt = o.completedAt?.toISOString() ?? null;
  if (allowedActions({ status: o.status, orderStatusRestaurant: o.orderStatusRestaurant, completedAt }).includes(action)) return;
  if (completedAt) throw conflict(messages.orderCompletedAlready, 'ORDER_MOVED');
  throw conflict(
    format(messages.orderAlreadyMoved, {
      status: o.orderStatusRestaurant === 'NA' && o.status === 'FAILURE' ? 'FAILURE' : o.orderStatusRestaurant,
    }),
    'ORDER_MOVED',
  );
}

/** NEW → ACCEPTED, with the ETA stored as the spec's {display, time} (busy mode's extra minutes added). */
export async function acceptOrder(shopId: string, db: Db, orderId: string, body: AcceptBody, by: string, now: Date): Promise<OrderRow> {
  const busy = await busyState(shopId, db, now);
  return db.transaction(async (tx) => {
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    ensureAllowed(o, 'accept');
    let eta: OrderRow['eta'] = null;
    if (body.eta && 'asRequested' in body.eta) {
      const requested = storedInstant(o.collectionTime);
      if (!requested) throw conflict('The customer did not ask for a time; choose how many minutes.', 'NO_REQUESTED_TIME');
      eta = { display: 'As Requested', time: requested };
    } else if (body.eta) {
      const minutes = body.eta.minutes + busy.extraMinutes;
      eta = { display: etaLabel(minutes), time: new Date(now.getTime() + minutes * 60_000).toISOString() };
    }
    // Under the order's row lock, in this transaction: its stamp (or its reward's redemption) is written once.
    return accepting(shopId, tx as unknown as Db, o, eta, by, now);
  });
}

/**
 * What accepting an order does, in the caller's transaction under the order's lock (or in the transaction that
 * inserted it, for an order the shop accepts automatically, `by` null): its loyalty stamp or its reward's
 * redemption, then the order ACCEPTED with its ETA and its event (order.updated; order.created for an order inserted
 * quietly), which the boards, the customer's status stream, the webhooks and the reports read.
 */
export async function accepting(
  shopId: string,
  tx: Db,
  o: OrderRow,
  eta: OrderRow['eta'],
  by: string | null,
  now: Date,
  /** order.created for an order inserted quietly in this transaction: its one event says it arrived accepted. */
  event: 'order.updated' | 'order.created' = 'order.updated',
): Promise<OrderRow> {
  await orderAccepted(shopId, tx, o, now);
  return updated(shopId, tx, o, { orderStatusRestaurant: 'ACCEPTED', eta, acceptedAt: now, actedBy: by, updatedAt: now }, event);
}

/** ACCEPTED → completed (the order stays ACCEPTED, the status the spec knows; completedAt ends its actions). */
export async function completeOrder(shopId: string, db: Db, orderId: string, by: string, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    ensureAllowed(o, 'complete');
    return updated(shopId, tx, o, { completedAt: now, actedBy: by, updatedAt: now });
  });
}

/**
 * ACCEPTED → ready (a stage of ACCEPTED: the order keeps its status and its actions; complete still ends it). Its
 * order.updated event carries stage ready and markedReadyAt (the boards, the customer's status stream, the webhooks),
 * and a customer who gave an e-mail address is told by a mail queued in the same transaction. A second tap (another
 * device, a double tap) answers the order as it is, changing nothing and mailing nobody again; an order that is not
 * ACCEPTED, or is completed, is the actions' 409.
 */
export async function readyOrder(shopId: string, db: Db, mail: MailServices, orderId: string, by: string, now: Date): Promise<OrderRow> {
  let mailed = false;
  await mailKeyReady(mail);
  const ready = await db.transaction(async (tx) => {
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    const state = { ...o, completedAt: o.completedAt?.toISOString() ?? null };
    if (o.markedReadyAt && canMarkReady({ ...state, markedReadyAt: null })) return o;
    if (!canMarkReady(state)) ensureAllowed(o, 'complete');
    const marked = await updated(shopId, tx, o, { markedReadyAt: now, actedBy: by, updatedAt: now });
    mailed = await queueCustomerMail(mail, tx as unknown as Db, 'ready', marked, await shopForMail(shopId, tx));
    return marked;
  });
  if (mailed) mail.jobs.wake('mail');
  return ready;
}

/**
 * NEW or ACCEPTED → DECLINED, taking back what the order did to its loyalty card. A paid card order is refunded
 * exactly once: under the order's row lock, the refunds row (unique per order) and the provider call with that
 * row's idempotency key happen in the transaction that declines the order. A second reject (another tab, another
 * process) waits for the lock, then finds the order declined and gets a 409. If this process dies after the
 * provider refunded but before commit, the order is still open; rejecting again calls the provider with the same
 * key, which answers the refund it already made. With `opts.mail`, a customer who gave an e-mail address is told why
 * and what happens to their payment, by a mail queued in the same transaction.
 */
export async function rejectOrder(
  shopId: string,
  db: Db,
  payments: PaymentProvider,
  orderId: string,
  reason: string,
  by: string | null,
  now: Date,
  /** Only an order nobody answered yet (the unattended-order rejection): one accepted meanwhile is left alone. */
  opts: { onlyNew?: boolean; mail?: MailServices } = {},
): Promise<OrderRow> {
  const { mail } = opts;
  let mailed = false;
  if (mail) await mailKeyReady(mail);
  const declined = await db.transaction(async (tx) => {
    const was = await getOrder(shopId, tx, orderId, { lock: true });
    const rejected = await rejecting(shopId, tx, payments, orderId, reason, by, now, opts);
    await recordChange(tx, rejectAudit(shopId, was, rejected));
    if (mail) mailed = await queueCustomerMail(mail, tx, 'rejected', rejected, await shopForMail(shopId, tx));
    return rejected;
  });
  if (mailed) mail!.jobs.wake('mail');
  return declined;
}

/** A reject as the audit log keeps it (the orders table has no trigger: placing an order is the hot path). */
const rejectAudit = (shopId: string, was: OrderRow, o: OrderRow): RecordedChange => ({
  shopId,
  kind: 'order_reject',
  action: 'update',
  recordId: o.id,
  before: { orderStatusRestaurant: was.orderStatusRestaurant, paymentStatus: was.paymentStatus, rejectReason: was.rejectReason },
  after: { orderStatusRestaurant: o.orderStatusRestaurant, paymentStatus: o.paymentStatus, rejectReason: o.rejectReason },
});

/** rejectOrder's change, in its transaction. */
async function rejecting(
  shopId: string,
  tx: Tx,
  payments: PaymentProvider,
  orderId: string,
  reason: string,
  by: string | null,
  now: Date,
  opts: { onlyNew?: boolean },
): Promise<OrderRow> {
  const o = await getOrder(shopId, tx, orderId, { lock: true });
  if (opts.onlyNew && o.orderStatusRestaurant !== 'NEW') throw conflict('The order was answered meanwhile', 'ORDER_ANSWERED');
  ensureAllowed(o, 'reject');
  // What the order did to its loyalty card is taken back with it: its stamp, or the reward it used.
  await orderReversed(shopId, tx, o.id, now);
  if (o.paymentType !== 'CREDIT_CARD' || o.paymentStatus !== 'PAID' || !o.paymentId) {
    return updated(shopId, tx, o, { orderStatusRestaurant: 'DECLINED', rejectReason: reason, actedBy: by, updatedAt: now });
  }
  const refund = await openRefund(shopId, tx, { orderId: o.id, amount: o.grandTotal, provider: o.paymentProvider ?? payments.name });
  const result = await attemptRefund(tx, payments, o, refund, reason, by, now);
  const ok = result.status === 'succeeded';
  return updated(shopId, tx, o, {
    orderStatusRestaurant: 'DECLINED',
    paymentStatus: ok ? 'REFUND_SUCCESS' : 'REFUND_FAILURE',
    rejectReason: reason,
    actedBy: by,
    updatedAt: now,
  });
}

/**
 * Asks the provider again for the refund of a declined card order whose refund failed, with the key of the first
 * attempt, so the provider refunds at most once however often this runs. Retries of one order take its row lock in
 * turn: once one has succeeded, the others find the order REFUND_SUCCESS and get a 409.
 */
export async function retryRefund(
  shopId: string,
  db: Db,
  payments: PaymentProvider,
  orderId: string,
  by: string,
  now: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    const refund = await refundOfOrder(shopId, tx, o.id);
    if (o.paymentStatus === 'REFUND_SUCCESS' || refund?.status === 'SUCCEEDED')
      throw conflict(messages.refundAlreadySucceeded, 'REFUND_SUCCEEDED');
    if (!refund || !o.paymentId || !refundRetryable(o)) throw conflict(messages.noFailedRefund, 'NO_FAILED_REFUND');
    const result = await attemptRefund(tx, payments, o, refund, o.rejectReason, by, now);
    return updated(shopId, tx, o, { paymentStatus: result.status === 'succeeded' ? 'REFUND_SUCCESS' : 'REFUND_FAILURE', updatedAt: now });
  });
}

/** Marks an order seen (opened or acknowledged on a board); the first time only, so every board stops ringing once. */
export async function acknowledgeOrder(shopId: string, db: Db, orderId: string, by: string, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const o = await getOrder(shopId, tx, orderId, { lock: true });
    // A scheduled order rings when it reaches the kitchen: opening it before then does not silence that.
    if (o.acknowledgedAt || isScheduled(o)) return o;
    return updated(shopId, tx, o, { acknowledgedAt: now, actedBy: o.actedBy ?? by, updatedAt: now });
  });
}
