import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client';
import { bookings } from './tables';
import { isUuid } from '../../infra/db/uuid';
import { AppError } from '../../infra/http/errors';
import { messages } from '../../../domain/messages';
import { latestNoShowBooking, NO_SHOW_STATUS, type ApiBooking, type BookingStatus, type Meal } from '../../../domain/booking';
import type { Closure } from '../../../domain/closures';
import { escapeLike, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { rowFromJson } from '../../infra/db/rows';
import { param as p, prepared, type Runner } from '../../infra/db/prepared';
import { withEvent } from '../../infra/db/shopEvents';

export type BookingRow = typeof bookings.$inferSelect;
/** The pool or a transaction. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const bookingNotFound = () => new AppError(404, messages.cannotFindBooking, 'NOT_FOUND');

/** A booking as the console and the customers' API read it (spec 2 §3 field names). */
export function bookingForApi(b: BookingRow): ApiBooking & { acknowledgedAt: string | null } {
  return {
    id: b.id,
    name: b.name,
    phone: b.phone,
    pax: b.pax,
    dateStr: b.dateStr,
    timeStr: b.timeStr,
    date: b.date.toISOString(),
    createdTime: b.createdTime.toISOString(),
    status: b.status,
    specialRequest: b.specialRequest,
    rejectReason: b.rejectReason,
    noShow: b.noShow,
    session: b.session,
    acknowledgedAt: b.acknowledgedAt?.toISOString() ?? null,
  };
}

/**
 * What a booking event stores (events.ts presents it as the list's item): the changed row `src` without what the API
 * never shows (the cancel token's hash, the customer's idempotency key and request hash, who acted).
 */
const storedBooking = sql`to_jsonb(src) - 'cancel_token_hash' - 'idempotency_key' - 'request_hash' - 'acted_by'`;

export const BOOKING_SORTABLE = ['date', 'createdTime', 'status', 'id'] as const;
type BookingSortField = (typeof BOOKING_SORTABLE)[number];
const sortColumn = { date: bookings.date, createdTime: bookings.createdTime, status: bookings.status, id: bookings.id };

export interface BookingFilter {
  status?: BookingStatus | BookingStatus[];
  date_gte?: string;
  date_lte?: string;
  /** Part of the name (any case) or of the phone number (digits, with or without the leading 0 of a national number). */
  q?: string;
  phone?: string;
  id?: string | string[];
}

function searchOf(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const options: SQL[] = [sql`${bookings.name} ILIKE ${`%${escapeLike(text)}%`}`];
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(text)) {
    options.push(sql`${bookings.phone} LIKE ${`%${digits}%`}`);
    if (digits.startsWith('0')) options.push(sql`${bookings.phone} LIKE ${`%${digits.slice(1)}%`}`);
  }
  return or(...options);
}

/** One page of a shop's bookings and the total, in one query (the list helper's contract). */
export async function listBookings(
  shopId: string,
  db: Db,
  opts: { sort: [BookingSortField, SortOrder]; range: Range; filter: BookingFilter },
) {
  const f = opts.filter;
  const where: (SQL | undefined)[] = [eq(bookings.shopId, shopId)];
  if (f.status !== undefined) where.push(inArray(bookings.status, [f.status].flat()));
  if (f.date_gte) where.push(gte(bookings.date, new Date(f.date_gte)));
  if (f.date_lte) where.push(lte(bookings.date, new Date(f.date_lte)));
  if (f.phone) where.push(eq(bookings.phone, f.phone));
  if (f.q) where.push(searchOf(f.q));
  if (f.id !== undefined) {
    const ids = [f.id].flat().filter(isUuid);
    where.push(ids.length ? inArray(bookings.id, ids) : sql`false`);
  }
  const [field, order] = opts.sort;
  const { offset, limit } = pageOf(opts.range);
  const direction = order === 'ASC' ? asc : desc;
  const rows = await db
    .select({ booking: bookings, total: totalOver() })
    .from(bookings)
    .where(and(...where))
    .orderBy(direction(sortColumn[field]), direction(bookings.id))
    .offset(offset)
    .limit(limit);
  return withTotal(rows, opts.range, async () => db.$count(bookings, and(...where)));
}

export async function getBooking(shopId: string, db: Pick<Db, 'select'>, bookingId: string): Promise<BookingRow> {
  if (!isUuid(bookingId)) throw bookingNotFound();
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.shopId, shopId), eq(bookings.id, bookingId)));
  if (!row) throw bookingNotFound();
  return row;
}

/** The same phone's other bookings at the shop, newest first (the console's guest history). */
export async function phoneHistory(shopId: string, db: Db, booking: BookingRow, limit = 20): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.shopId, shopId), eq(bookings.phone, booking.phone), ne(bookings.id, booking.id)))
    .orderBy(desc(bookings.date), desc(bookings.id))
    .limit(limit);
}

/** For each booking: that phone's bookings at the shop made before it, and how many of those were no-shows. */
export async function earlierBookings(
  shopId: string,
  db: Db,
  rows: BookingRow[],
): Promise<Map<string, { bookings: number; noShows: number }>> {
  if (!rows.length) return new Map();
  const res = await db.execute<{ id: string; bookings: number; no_shows: number }>(sql`
    SELECT b.id, count(e.id)::int AS bookings, count(e.id) FILTER (WHERE e.no_show)::int AS no_shows
    FROM bookings b
    LEFT JOIN bookings e ON e.shop_id = b.shop_id AND e.phone = b.phone AND e.created_time < b.created_time AND e.id <> b.id
    WHERE b.shop_id = ${shopId} AND b.id = ANY(${sql.param(rows.map((r) => r.id))}::uuid[])
    GROUP BY b.id`);
  return new Map(res.rows.map((r) => [r.id, { bookings: Number(r.bookings), noShows: Number(r.no_shows) }]));
}

/* ------------------------------------------------------------------------------------------------------------------
 * Placing a booking
 * ---------------------------------------------------------------------------------------------------------------- */

/**
 * The published shop's columns (as infra/storefront's PublishedShop), and `booking`, the stored settings document as
 * JSON text (null when absent): placing reads it through a cache.
 */
export type PlacementRead = {
  id: string;
  name: string;
  country: string;
  timezone: string;
  booking: string | null;
  closures: Closure[];
};

/**
 * The shop (only while PUBLISHED), its booking settings document and its closures on the day asked for and the day
 * before (a session past midnight), in one round trip.
 */
const placementQuery = prepared<PlacementRead>(
  'booking_placement_read',
  () => sql`
    SELECT s.id, s.name, s.country, s.timezone,
      (SELECT value::text FROM shop_settings WHERE shop_id = s.id AND kind = 'booking') AS booking,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'date', date, 'note', note, 'pickup', pickup, 'delivery', delivery)
          ORDER BY date), '[]')
        FROM shop_closures WHERE shop_id = s.id AND date BETWEEN ${p('from')}::date AND ${p('to')}::date) AS closures
    FROM shops s WHERE s.id = ${p('shopId')}::uuid AND s.listing_status = 'PUBLISHED'`,
);

export async function readPlacement(db: Db, shopId: string, from: string, to: string): Promise<PlacementRead | undefined> {
  const [row] = await placementQuery.run(db, { shopId, from, to });
  return row;
}

/** A booking to insert: everything but what the database fills. */
export interface NewBooking {
  name: string;
  phone: string;
  pax: number;
  dateStr: string;
  timeStr: string;
  date: Date;
  session: Meal;
  sessionDate: string;
  createdTime: Date;
  specialRequest: string | null;
  cancelTokenHash: string;
  idempotencyKey: string | null;
  requestHash: string;
}

const insertValues = sql`${p('shopId')}::uuid, ${p('name')}, ${p('phone')}, ${p('pax')}::int, ${p('dateStr')}, ${p('timeStr')},
  ${p('date')}::timestamptz, ${p('session')}, ${p('sessionDate')}, ${p('createdTime')}::timestamptz, 'NEW',
  ${p('specialRequest')}::text, ${p('cancelTokenHash')}, ${p('idempotencyKey')}::text, ${p('requestHash')},
  ${p('createdTime')}::timestamptz`;
const insertColumns = sql.raw(`INSERT INTO bookings (shop_id, name, phone, pax, date_str, time_str, date, session, session_date,
  created_time, status, special_request, cancel_token_hash, idempotency_key, request_hash, updated_at)`);

/**
 * The insert and its booking.created event, one statement. With an Idempotency-Key it inserts nothing when the shop
 * already holds a booking with that key (a retry arriving at the same moment waits for the first on the unique index).
 */
const insertStatement = prepared<{ row: Record<string, unknown> }>('booking_insert', () =>
  withEvent(
    sql`${insertColumns} VALUES (${insertValues})
        ON CONFLICT (shop_id, idempotency_key) DO NOTHING RETURNING *`,
    p('shopId'),
    'booking.created',
    storedBooking,
  ),
);

/** Inserts a booking with its booking.created event; undefined when its Idempotency-Key was already used at the shop. */
export async function insertBooking(shopId: string, db: Runner, b: NewBooking): Promise<BookingRow | undefined> {
  const [row] = await insertStatement.run(db, { ...b, shopId });
  return row && rowFromJson(bookings, row.row);
}

/** The first booking made with this Idempotency-Key at the shop, if any. */
export async function firstWithKey(shopId: string, db: Pick<Db, 'select'>, key: string): Promise<BookingRow | undefined> {
  const [first] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.shopId, shopId), eq(bookings.idempotencyKey, key)));
  return first;
}

/** The guests a session's NEW and ACCEPTED bookings seat. */
export async function seatsBooked(shopId: string, db: Pick<Db, 'execute'>, sessionDate: string, session: Meal): Promise<number> {
  const res = await db.execute<{ seats: number }>(sql`
    SELECT coalesce(sum(pax), 0)::int AS seats FROM bookings
    WHERE shop_id = ${shopId} AND session_date = ${sessionDate} AND session = ${session} AND status IN ('NEW', 'ACCEPTED')`);
  return Number(res.rows[0]?.seats ?? 0);
}

/** The advisory lock that lets one booking at a time count a session's seats and take some (capacity). */
export async function lockSession(shopId: string, tx: Pick<Db, 'execute'>, sessionDate: string, session: Meal): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`booking-seats:${shopId}:${sessionDate}:${session}`}, 0))`);
}

/* ------------------------------------------------------------------------------------------------------------------
 * Status changes
 * ---------------------------------------------------------------------------------------------------------------- */

/**
 * One conditional UPDATE and its booking.updated event, in one statement: it changes the booking only while `when`
 * holds of the row as committed (PostgreSQL checks it again on the latest version when another change got there
 * first), so of simultaneous actions exactly one succeeds. Undefined when the booking is missing or `when` is false.
 */
export async function changeBooking(
  shopId: string,
  db: Tx,
  bookingId: string,
  set: PgUpdateSetSource<typeof bookings>,
  when: SQL,
): Promise<BookingRow | undefined> {
  if (!isUuid(bookingId)) return undefined;
  const update = db
    .update(bookings)
    .set(set)
    .where(and(eq(bookings.shopId, shopId), eq(bookings.id, bookingId), when))
    .returning();
  const res = await db.execute<{ row: Record<string, unknown> }>(withEvent(update, shopId, 'booking.updated', storedBooking));
  const row = res.rows[0]?.row;
  return row && rowFromJson(bookings, row);
}

/** Marks a booking seen on a board, the first time only (no event after that); undefined when it is not the shop's. */
export async function acknowledgeBooking(shopId: string, db: Db, bookingId: string, by: string, now: Date): Promise<BookingRow> {
  const set = { acknowledgedAt: now, actedBy: sql`coalesce(${bookings.actedBy}, ${by}::uuid)`, updatedAt: now };
  return (await changeBooking(shopId, db, bookingId, set, isNull(bookings.acknowledgedAt))) ?? getBooking(shopId, db, bookingId);
}

export const statusIn = (statuses: readonly BookingStatus[]) => inArray(bookings.status, [...statuses]);
export const tokenIs = (hash: string) => eq(bookings.cancelTokenHash, hash);
/** The booking the cancel token with this hash belongs to, while its status is one of these. */
export const tokenAndStatusIn = (hash: string, statuses: readonly BookingStatus[]) => and(tokenIs(hash), statusIn(statuses))!;
/** The domain's `canMarkNoShow` in SQL: the same status, and the booking's instant at or before the same boundary. */
export const noShowAllowed = (now: Date) =>
  and(eq(bookings.status, NO_SHOW_STATUS), lte(bookings.date, latestNoShowBooking(now)), eq(bookings.noShow, false))!;

/** The shop's country, which a phone typed without its country code is read in (AU when the shop is gone). */
export async function shopCountry(shopId: string, db: Pick<Db, 'execute'>): Promise<string> {
  const res = await db.execute<{ country: string }>(sql`SELECT country FROM shops WHERE id = ${shopId}`);
  return res.rows[0]?.country ?? 'AU';
}
