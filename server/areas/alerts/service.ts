import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { loadSettings } from '../../infra/db/settings';
import type { JobHandler } from '../../infra/jobs';
import { AUTO_REJECT_REASON, type AlertKind } from '../../../domain/alerts';
import { alertAddresses } from '../../../domain/orderProcess';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { rejectOrder } from '../orders';
import { findAlert, insertAlerts, markFailedAttempt, markSent, membersWanting } from './repo';
import {
  bookingAlertMail,
  bookingSubject,
  orderAlertMail,
  orderSubject,
  type BookingForMail,
  type OrderForMail,
  type ShopForMail,
} from './mails';

const DAY_MS = 24 * 60 * 60 * 1000;

async function shopOf(db: Db, shopId: string): Promise<ShopForMail | undefined> {
  const res = await db.execute<ShopForMail & Record<string, unknown>>(
    sql`SELECT id, name, timezone, country FROM shops WHERE id = ${shopId}`,
  );
  return res.rows[0];
}

// Orders carry their per-shop number once the numbers migration is in; read it without naming the column.
async function orderOf(db: Db, shopId: string, orderId: string): Promise<(OrderForMail & { status: string }) | undefined> {
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT o.id, o.customer_name, o.mobile, o.collection_type, o.collection_time, o.placed_at, o.payment_type,
           o.payment_status, o.grand_total, o.cart, o.order_status_restaurant, (to_jsonb(o) ->> 'number')::int AS number
      FROM orders o WHERE o.shop_id = ${shopId} AND o.id = ${orderId}`);
  const r = res.rows[0];
  if (!r) return undefined;
  return {
    id: r.id as string,
    number: (r.number as number | null) ?? null,
    customerName: r.customer_name as string,
    mobile: r.mobile as string,
    collectionType: r.collection_type as string,
    collectionTime: r.collection_time ? new Date(r.collection_time as string) : null,
    placedAt: new Date(r.placed_at as string),
    paymentType: r.payment_type as string,
    paymentStatus: r.payment_status as string,
    grandTotal: Number(r.grand_total),
    cart: r.cart as OrderForMail['cart'],
    status: r.order_status_restaurant as string,
  };
}

async function bookingOf(db: Db, shopId: string, bookingId: string): Promise<(BookingForMail & { createdTime: Date }) | undefined> {
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT id, name, phone, pax, date_str, time_str, session, special_request, created_time
      FROM bookings WHERE shop_id = ${shopId} AND id = ${bookingId}`);
  const r = res.rows[0];
  if (!r) return undefined;
  return {
    id: r.id as string,
    name: r.name as string,
    phone: r.phone as string,
    pax: Number(r.pax),
    dateStr: r.date_str as string,
    timeStr: r.time_str as string,
    session: r.session as string,
    specialRequest: (r.special_request as string | null) ?? null,
    createdTime: new Date(r.created_time as string),
  };
}

const orderSettings = async (db: Db, shopId: string) => readSettings(SETTINGS.order, await loadSettings(shopId, db, 'order'));

/**
 * A new order or booking: writes one alert per recipient (the shop's new-order list and every member whose
 * preference is on for this shop), each of which queues its own mail. Run again, it writes nothing twice.
 */
export const fanOut =
  (services: Services): JobHandler<{ shopId: string; orderId?: string; bookingId?: string }> =>
  async ({ data }) => {
    const { db, clock } = services;
    const shop = await shopOf(db, data.shopId);
    if (!shop) return;
    const now = clock.now();
    if (data.orderId) {
      const order = await orderOf(db, shop.id, data.orderId);
      // Orders loaded in bulk (the demo's history) are not news.
      if (!order || now.getTime() - order.placedAt.getTime() > DAY_MS) return;
      const settings = await orderSettings(db, shop.id);
      const to = [...new Set([...alertAddresses(settings.newOrderAlertEmailsCsv), ...(await membersWanting(shop.id, db, 'orderPlaced'))])];
      await insertAlerts(shop.id, db, { orderId: order.id }, 'ORDER_PLACED', orderSubject('ORDER_PLACED', order, shop.name), to, now);
    } else if (data.bookingId) {
      const booking = await bookingOf(db, shop.id, data.bookingId);
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
    const shop = await shopOf(db, alert.shopId);
    if (!shop) return;
    let message;
    if (alert.orderId) {
      const order = await orderOf(db, shop.id, alert.orderId);
      if (!order) return;
      message = orderAlertMail(alert, order, shop, config.publicUrl);
    } else if (alert.bookingId) {
      const booking = await bookingOf(db, shop.id, alert.bookingId);
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

type Waiting = Record<string, unknown> & {
  shop_id: string;
  id: string;
  since: string;
  settings: unknown;
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
  const waitingOrders = await db.execute<Waiting>(sql`
    SELECT o.shop_id, o.id, o.placed_at AS since, s.value AS settings
      FROM shop_settings s JOIN orders o ON o.shop_id = s.shop_id
     WHERE s.kind = 'order' AND o.order_status_restaurant = 'NEW' AND o.status = 'OK'
       AND o.placed_at > ${since} AND o.placed_at <= ${now}::timestamptz
             - make_interval(mins => LEAST(COALESCE((s.value ->> 'unprocessedOrderAlertMinutes')::int, 5),
                                           COALESCE((s.value ->> 'autoRejectAfterMinutes')::int, 20)))`);
  const waitingBookings = await db.execute<Waiting>(sql`
    SELECT b.shop_id, b.id, b.created_time AS since, s.value AS settings
      FROM shop_settings s JOIN bookings b ON b.shop_id = s.shop_id
     WHERE s.kind = 'order' AND b.status = 'NEW' AND b.created_time > ${since}
       AND b.created_time <= ${now}::timestamptz - make_interval(mins => COALESCE((s.value ->> 'unprocessedOrderAlertMinutes')::int, 5))`);
  for (const w of waitingOrders.rows) await orderLadder(services, w, now);
  for (const w of waitingBookings.rows) await bookingLadder(services, w, now);
};

function stepsDue(settings: ReturnType<typeof readSettings<typeof SETTINGS.order.defaults>>, waitedMinutes: number) {
  const first = settings.unprocessedOrderAlertMinutes;
  const monitor = settings.hasUnprocessedOrderMonitor;
  return {
    first: monitor && waitedMinutes >= first,
    again: monitor && settings.unprocessedOrderSecondAlert && waitedMinutes >= 2 * first,
    reject: settings.autoRejectUnprocessed && waitedMinutes >= settings.autoRejectAfterMinutes,
  };
}

async function orderLadder(services: Services, w: Waiting, now: Date) {
  const { db } = services;
  const settings = readSettings(SETTINGS.order, w.settings);
  const due = stepsDue(settings, (now.getTime() - new Date(w.since).getTime()) / 60_000);
  const to = alertAddresses(settings.unprocessedOrderAlertEmailsCsv);
  const shop = await shopOf(db, w.shop_id);
  if (!shop) return;
  const write = async (kind: AlertKind) => {
    const order = await orderOf(db, shop.id, w.id);
    if (order) await insertAlerts(shop.id, db, { orderId: order.id }, kind, orderSubject(kind, order, shop.name), to, now);
  };
  if (due.reject) {
    try {
      await rejectOrder(shop.id, db, services.payments, w.id, AUTO_REJECT_REASON, null, now, { onlyNew: true });
    } catch (e) {
      // Accepted or rejected by someone in the meantime: nothing left to do.
      if ((e as { statusCode?: number }).statusCode === 409) return;
      throw e;
    }
    await write('ORDER_AUTO_REJECTED');
    return;
  }
  if (due.first) await write('ORDER_UNPROCESSED');
  if (due.again) await write('ORDER_UNPROCESSED_AGAIN');
}

async function bookingLadder(services: Services, w: Waiting, now: Date) {
  const { db } = services;
  const settings = readSettings(SETTINGS.order, w.settings);
  const due = stepsDue(settings, (now.getTime() - new Date(w.since).getTime()) / 60_000);
  const to = alertAddresses(settings.unprocessedOrderAlertEmailsCsv);
  const shop = await shopOf(db, w.shop_id);
  if (!shop || !to.length) return;
  const booking = await bookingOf(db, shop.id, w.id);
  if (!booking) return;
  for (const [kind, on] of [
    ['BOOKING_UNPROCESSED', due.first],
    ['BOOKING_UNPROCESSED_AGAIN', due.again],
  ] as const) {
    if (on) await insertAlerts(shop.id, db, { bookingId: booking.id }, kind, bookingSubject(kind, booking, shop.name), to, now);
  }
}
