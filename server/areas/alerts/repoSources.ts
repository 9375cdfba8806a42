import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import type { StoredCart } from '../../../domain/order';

// What an alert is about, read from the shops, orders and bookings it reports on, as their rows are when it is written or sent.

export interface OrderForMail {
  id: string;
  number?: number | null;
  customerName: string;
  mobile: string;
  collectionType: string;
  collectionTime: Date | null;
  placedAt: Date;
  paymentType: string;
  paymentStatus: string;
  grandTotal: number;
  cart: StoredCart;
}

export interface BookingForMail {
  id: string;
  name: string;
  phone: string;
  pax: number;
  dateStr: string;
  timeStr: string;
  session: string;
  specialRequest: string | null;
}

export interface ShopForMail {
  id: string;
  name: string;
  timezone: string;
  country: string;
}

export async function shopOf(shopId: string, db: Db): Promise<ShopForMail | undefined> {
  const res = await db.execute<ShopForMail & Record<string, unknown>>(
    sql`SELECT id, name, timezone, country FROM shops WHERE id = ${shopId}`,
  );
  return res.rows[0];
}

// Orders carry their per-shop number once the numbers migration is in; read it without naming the column.
export async function orderOf(shopId: string, db: Db, orderId: string): Promise<(OrderForMail & { status: string }) | undefined> {
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

export async function bookingOf(shopId: string, db: Db, bookingId: string): Promise<(BookingForMail & { createdTime: Date }) | undefined> {
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

export type Waiting = Record<string, unknown> & {
  shop_id: string;
  id: string;
  since: string;
  settings: unknown;
};

/**
 * Every shop's open orders younger than `since` that have waited at least their shop's first alert or rejection delay.
 * A scheduled order waits from when it reached the kitchen (released_at), and not at all before.
 */
export async function ordersWaiting(db: Db, since: Date, now: Date): Promise<Waiting[]> {
  const { rows } = await db.execute<Waiting>(sql`
    SELECT o.shop_id, o.id, COALESCE(o.released_at, o.placed_at) AS since, s.value AS settings
      FROM shop_settings s JOIN orders o ON o.shop_id = s.shop_id
     WHERE s.kind = 'order' AND o.order_status_restaurant = 'NEW' AND o.status = 'OK'
       AND (o.hold_until IS NULL OR o.released_at IS NOT NULL)
       AND COALESCE(o.released_at, o.placed_at) > ${since} AND COALESCE(o.released_at, o.placed_at) <= ${now}::timestamptz
             - make_interval(mins => LEAST(COALESCE((s.value ->> 'unprocessedOrderAlertMinutes')::int, 5),
                                           COALESCE((s.value ->> 'autoRejectAfterMinutes')::int, 20)))`);
  return rows;
}

/** Every shop's new bookings younger than `since` that have waited at least their shop's first alert delay. */
export async function bookingsWaiting(db: Db, since: Date, now: Date): Promise<Waiting[]> {
  const { rows } = await db.execute<Waiting>(sql`
    SELECT b.shop_id, b.id, b.created_time AS since, s.value AS settings
      FROM shop_settings s JOIN bookings b ON b.shop_id = s.shop_id
     WHERE s.kind = 'order' AND b.status = 'NEW' AND b.created_time > ${since}
       AND b.created_time <= ${now}::timestamptz - make_interval(mins => COALESCE((s.value ->> 'unprocessedOrderAlertMinutes')::int, 5))`);
  return rows;
}
