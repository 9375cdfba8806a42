import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { loadSettings } from '../../infra/db/settings';
import type { JobHandler } from '../../infra/jobs';
import { AUTO_REJECT_REASON, type AlertKind } from '../../../domain/alerts';
import { alertAddresses } from '../../../domain/orderProcess';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { queueMail } from '../../infra/mail/queued';
import { pauseForUnanswered, rejectOrder } from '../orders';
import { findAlert, insertAlerts, markFailedAttempt, markSent, membersWanting } from './repo';
import { bookingOf, bookingsWaiting, orderOf, ordersWaiting, shopOf, type ShopForMail, type Waiting } from './repoSources';
import { adminAddresses, countUnanswered, endRun } from './repoUnanswered';
import { autoPauseMail, bookingAlertMail, bookingSubject, orderAlertMail, orderSubject } from './mails';

const DAY_MS = 24 * 60 * 60 * 1000;

const orderSettings = async (db: Db, shopId: string) => readSettings(SETTINGS.order, await loadSettings(shopId, db, 'order'));

/**
 * A new order or booking: writes one alert per recipient (the shop's new-order list and every member whose
 * preference is on for this shop), each of which queues its own mail. Run again, it writes nothing twice.
 */
export const fanOut =
  (services: Services): JobHandler<{ shopId: string; orderId?: string; bookingId?: string }> =>
  async ({ data }) => {
    const { db, clock } = services;
    const shop = await shopOf(data.shopId, db);
    if (!shop) return;
    const now = clock.now();
    if (data.orderId) {
      const order = await orderOf(shop.id, db, data.orderId);
      // Orders loaded in bulk (the demo's history) are not news.
      if (!order || now.getTime() - order.placedAt.getTime() > DAY_MS) return;
      const settings = await orderSettings(db, shop.id);
      const to = [...new Set([...alertAddresses(settings.newOrderAlertEmailsCsv), ...(await membersWanting(shop.id, db, 'orderPlaced'))])];
      await insertAlerts(shop.id, db, { orderId: order.id }, 'ORDER_PLACED', orderSubject('ORDER_PLACED', order, shop.name), to, now);
    } else if (data.bookingId) {
      const booking = await bookingOf(shop.id, db, data.bookingId);
      if (!booking || now.getTime() - booking.createdTime.getTime() > DAY_MS) return;
      const to = await membersWanting(shop.id, db, 'newBooking');
      await insertAlerts(
        shop.id,
        db,
        { bookingId: booking.id },
        'BOOKING_PLACED',
        bookingSubject('BOOKING_PLACED', booking, shop.name),
        to,
        now,
      );
    }
  };

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/**
 * Sends one alert's mail, rendered from the order or booking as it is now. A mail already sent is not sent again
 * (a job retried after its mail went out); a failure is recorded on the alert and retried by the queue, and the
 * last failure leaves the alert FAILED (Resend queues it again).
 */
export const sendAlert =
  (services: Services): JobHandler<{ shopId: string; alertId: string }> =>
  async ({ data, retryCount, retryLimit }) => {
    const { db, clock, config } = services;
    const alert = await findAlert(data.shopId, db, data.alertId);
    if (!alert || alert.status === 'SENT') return;
    const shop = await shopOf(alert.shopId, db);
    if (!shop) return;
    let message;
    if (alert.orderId) {
      const order = await orderOf(shop.id, db, alert.orderId);
      if (!order) return;
      message = orderAlertMail(alert, order, shop, config.publicUrl);
    } else if (alert.bookingId) {
      const booking = await bookingOf(shop.id, db, alert.bookingId);
      if (!booking) return;
      message = bookingAlertMail(alert, booking, shop, config.publicUrl);
    } else return;
    message.messageId = `<alert.${alert.id}@${new URL(config.publicUrl).hostname}>`;
    try {
      await services.mailer.send(message);
    } catch (e) {
      await markFailedAttempt(shop.id, db, alert.id, oneLine(e), retryCount >= retryLimit);
      throw e;
    }
    await markSent(shop.id, db, alert.id, clock.now());
  };

/**
 * The unprocessed-order monitor and its ladder, on the app's clock: an order or booking still NEW after the shop's
 * delay alerts its unprocessed list, again at twice the delay, and (when the shop chose it) an order is rejected
 * with its refund after its own delay. Accepting or rejecting takes it out of this query, which stops the ladder.
 * Each step is an alert row written once, so every process may run this sweep.
 */
export const sweep = (services: Services) => async () => {
  const { db, clock } = services;
  const now = clock.now();
  const since = new Date(now.getTime() - DAY_MS);
  const waitingOrders = await ordersWaiting(db, since, now);
  const waitingBookings = await bookingsWaiting(db, since, now);
  for (const w of waitingOrders) await orderLadder(services, w, now);
  for (const w of waitingBookings) await bookingLadder(services, w, now);
};

type OrderSettings = ReturnType<typeof readSettings<typeof SETTINGS.order.defaults>>;

function stepsDue(settings: OrderSettings, waitedMinutes: number) {
  const first = settings.unprocessedOrderAlertMinutes;
  const monitor = settings.hasUnprocessedOrderMonitor;
  return {
    first: monitor && waitedMinutes >= first,
    again: monitor && settings.unprocessedOrderSecondAlert && waitedMinutes >= 2 * first,
    reject: settings.autoRejectUnprocessed && waitedMinutes >= settings.autoRejectAfterMinutes,
    // Where the ladder escalates, whether or not its second mail is switched on: what counts an order as unanswered.
    escalated: waitedMinutes >= 2 * first,
  };
}

async function orderLadder(services: Services, w: Waiting, now: Date) {
  const { db } = services;
  const settings = readSettings(SETTINGS.order, w.settings);
  const due = stepsDue(settings, (now.getTime() - new Date(w.since).getTime()) / 60_000);
  const to = alertAddresses(settings.unprocessedOrderAlertEmailsCsv);
  const shop = await shopOf(w.shop_id, db);
  if (!shop) return;
  const write = async (kind: AlertKind, tx: Db = db) => {
    const order = await orderOf(shop.id, tx, w.id);
    if (order) await insertAlerts(shop.id, tx, { orderId: order.id }, kind, orderSubject(kind, order, shop.name), to, now);
  };
  // The escalation's alerts and the order's count towards the shop's pause commit together.
  const escalate = async (kind: AlertKind | null) => {
    let paused = false;
    // The mail box's key is made outside the transaction (see the orders' mailKeyReady), not while it holds a connection.
    if (settings.autoPauseUnanswered) await services.credentials.sealText('');
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (kind) await write(kind, tx);
      if (settings.autoPauseUnanswered) paused = await countTowardsPause(services, tx, shop, w.id, settings, now);
    });
    if (paused) services.jobs.wake('mail');
  };
  if (due.reject) {
    try {
      await rejectOrder(shop.id, db, services.payments, w.id, AUTO_REJECT_REASON, null, now, { onlyNew: true, mail: services });
    } catch (e) {
      // Accepted or rejected by someone in the meantime: nothing left to do.
      if ((e as { statusCode?: number }).statusCode === 409) return;
      throw e;
    }
    await escalate('ORDER_AUTO_REJECTED');
    return;
  }
  if (due.first) await write('ORDER_UNPROCESSED');
  if (due.again) await escalate('ORDER_UNPROCESSED_AGAIN');
  else if (due.escalated) await escalate(null);
}

/**
 * Counts an escalated order towards the shop's run of unanswered orders and, once the run reaches the shop's limit,
 * pauses new orders (busy mode's pause, with its reason and busy.updated) and queues one mail to each ADMIN, all in
 * the escalation's transaction. The order is counted once (its row), the run is counted under its row's lock, and a
 * shop already paused is not paused again, so however many processes sweep, a pause happens and is mailed once.
 * True when it paused (the caller wakes the mail worker after commit).
 */
async function countTowardsPause(services: Services, tx: Db, shop: ShopForMail, orderId: string, settings: OrderSettings, now: Date) {
  const run = await countUnanswered(shop.id, tx, orderId, now);
  if (run === null || run < settings.autoPauseAfterOrders) return false;
  if (!(await pauseForUnanswered(shop.id, tx, run, now))) return false;
  await endRun(shop.id, tx, now);
  const { publicUrl } = services.config;
  for (const to of await adminAddresses(shop.id, tx)) await queueMail(services, autoPauseMail(to, shop, run, publicUrl), tx);
  return true;
}

async function bookingLadder(services: Services, w: Waiting, now: Date) {
  const { db } = services;
  const settings = readSettings(SETTINGS.order, w.settings);
  const due = stepsDue(settings, (now.getTime() - new Date(w.since).getTime()) / 60_000);
  const to = alertAddresses(settings.unprocessedOrderAlertEmailsCsv);
  const shop = await shopOf(w.shop_id, db);
  if (!shop || !to.length) return;
  const booking = await bookingOf(shop.id, db, w.id);
  if (!booking) return;
  for (const [kind, on] of [
    ['BOOKING_UNPROCESSED', due.first],
    ['BOOKING_UNPROCESSED_AGAIN', due.again],
  ] as const) {
    if (on) await insertAlerts(shop.id, db, { bookingId: booking.id }, kind, bookingSubject(kind, booking, shop.name), to, now);
  }
}
