import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, conflict } from '../../infra/http/errors';
import { requestHash } from '../../infra/http/idempotency';
import { hashToken, randomToken } from '../../infra/auth/tokens';
import { shopNotFound } from '../../infra/storefront/publishedShop';
import { isUuid } from '../../infra/db/uuid';
import { format, messages } from '../../../domain/messages';
import { e164WithDefault } from '../../../domain/contact';
import { addDays } from '../../../domain/hours';
import { readSettings, SETTINGS, storedFromText } from '../../../domain/settings';
import {
  capacityRefusal,
  judgeBooking,
  SEATED_STATUSES,
  type ApiBooking,
  type BookingGuest,
  type BookingRefusal,
  type PlaceBooking,
  type RejectReason,
} from '../../../domain/booking';
import { orderCountsByMobile } from '../orders';
import { queueMail } from '../../infra/mail/queued';
import { bookingPageUrl, bookingRequestMail } from './mails';
import {
  bookingForApi,
  bookingNotFound,
  changeBooking,
  earlierBookings,
  firstWithKey,
  getBooking,
  insertBooking,
  lockSession,
  noShowAllowed,
  phoneHistory,
  readPlacement,
  seatsBooked,
  shopCountry,
  statusIn,
  tokenAndStatusIn,
  type BookingRow,
  type NewBooking,
} from './repo';

const phoneRefusal: BookingRefusal = { ok: false, status: 400, message: messages.bookingPhoneInvalid, field: 'phone' };
const refused = (r: BookingRefusal) => new AppError(r.status, r.message, 'BOOKING_REFUSED', r.field ? { [r.field]: r.message } : undefined);

export interface Placed {
  booking: BookingRow;
  /** Shown once: only its hash is stored. Absent when a retry is answered again (the first answer had it). */
  cancelToken?: string;
  /** The first answer to this Idempotency-Key, sent again. */
  replayed: boolean;
}

/** The first answer again, when the retry sent the same body. */
function replay(first: BookingRow, hash: string): Placed {
  if (first.requestHash !== hash) throw new AppError(422, messages.bookingIdempotencyReuse, 'IDEMPOTENCY_KEY_REUSED');
  return { booking: first, replayed: true };
}

/**
 * Places a customer's booking: the shop must be PUBLISHED and take bookings; the request is judged in the shop's time
 * zone (domain/booking.ts judgeBooking); a request the rules accept counts against its phone's rate limit.
 * Without a capacity on the session the insert and its booking.created event are one statement; with one, a
 * transaction holds the session's advisory lock while it counts the seats taken and inserts, so two requests for the
 * last seats cannot both get them. With an e-mail address, the confirmation mail (the booking's link) is queued in the
 * booking's transaction. An Idempotency-Key answers a retry with the first booking (422 with another body).
 */
export async function placeBooking(
  services: Services,
  shopId: string,
  body: PlaceBooking,
  rawBody: unknown,
  idempotencyKey: string | undefined,
  ip: string,
): Promise<Placed> {
  const { db, clock, config, rateLimiter } = services;
  if (!isUuid(shopId)) throw shopNotFound(shopId);
  const now = clock.now();
  const hash = requestHash(rawBody);
  // The date asked for and the day before (a session past midnight); an impossible date is refused by the schema.
  const shop = await readPlacement(db, shopId, addDays(body.date, -1), body.date);
  if (!shop) throw shopNotFound(shopId);
  if (idempotencyKey) {
    const first = await firstWithKey(shop.id, db, idempotencyKey);
    if (first) return replay(first, hash);
  }
  const phone = e164WithDefault(body.phone, shop.country);
  const settings = readSettings(SETTINGS.booking, storedFromText(shop.booking));
  const judged = judgeBooking(settings, body, { now, timeZone: shop.timezone, closures: shop.closures });
  const slot = phone ? judged : phoneRefusal;
  // Every attempt counts for its address; only one the rules accept counts for its phone, so nobody locks a customer
  // out with bookings the shop refuses. Both in one statement: the hot path pays one round trip for its limits.
  const { perIp, perAccount, windowSeconds } = config.rateLimit;
  await rateLimiter.enforce(
    [{ key: `ip:booking:${ip}`, limit: perIp }, ...(slot.ok ? [{ key: `phone:booking:${shop.id}:${phone}`, limit: perAccount }] : [])],
    windowSeconds,
  );
  if (!slot.ok) throw refused(slot);

  const cancelToken = randomToken();
  const booking: NewBooking = {
    name: body.name,
    phone: phone!,
    pax: body.pax,
    dateStr: body.date,
    timeStr: body.time,
    date: slot.at,
    session: slot.session,
    sessionDate: slot.sessionDate,
    createdTime: now,
    specialRequest: body.specialRequest,
    cancelTokenHash: hashToken(cancelToken),
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
  };
  const answer = async (row: BookingRow | undefined, runner: Db): Promise<Placed> =>
    row ? { booking: row, cancelToken, replayed: false } : replay((await firstWithKey(shop.id, runner, idempotencyKey!))!, hash);

  const { capacity, session, sessionDate } = slot;
  const email = body.email;
  if (capacity === null && !email) return answer(await insertBooking(shop.id, db, booking), db);
  // The key that seals queued mails is read before the transaction, so that read never waits for a pool connection
  // while the transaction holds one.
  if (email) await services.credentials.sealText('');
  let mailed = false;
  const placed = await db.transaction(async (transaction) => {
    // Every statement goes through the transaction's own connection (a second one from the pool could deadlock it).
    const tx = transaction as unknown as Db;
    if (capacity !== null) await lockSession(shop.id, tx, sessionDate, session);
    if (idempotencyKey) {
      const first = await firstWithKey(shop.id, tx, idempotencyKey);
      if (first) return replay(first, hash);
    }
    if (capacity !== null) {
      const taken = await seatsBooked(shop.id, tx, sessionDate, session);
      if (taken + body.pax > capacity) throw refused(capacityRefusal(session, capacity - taken));
    }
    const result = await answer(await insertBooking(shop.id, tx, booking), tx);
    // The confirmation exists exactly when the booking does; a retry answered again sends none.
    if (email && !result.replayed) {
      const url = bookingPageUrl(services, shop.id, result.booking.id, cancelToken);
      await queueMail(services, bookingRequestMail(email, result.booking, shop, url), tx);
      mailed = true;
    }
    return result;
  });
  if (mailed) services.jobs.wake('mail');
  return placed;
}

/** Every way an order's mobile may have been typed for this E.164 number (orders keep digits and a leading +). */
function mobileSpellings(e164: string, country: string): string[] {
  const parsed = parsePhoneNumberFromString(e164, country as CountryCode);
  const national = parsed?.formatNational().replace(/\D/g, '');
  return [...new Set([e164, e164.slice(1), ...(national ? [national] : [])])];
}

export type ConsoleBooking = ReturnType<typeof bookingForApi> & { guest: BookingGuest };

/** Bookings as the console reads them: each with the guest's earlier bookings, no-shows and orders at the shop. */
export async function withGuests(shopId: string, db: Db, rows: BookingRow[]): Promise<ConsoleBooking[]> {
  if (!rows.length) return [];
  const country = await shopCountry(shopId, db);
  const spellings = new Map([...new Set(rows.map((r) => r.phone))].map((phone) => [phone, mobileSpellings(phone, country)]));
  const [earlier, orders] = await Promise.all([
    earlierBookings(shopId, db, rows),
    orderCountsByMobile(shopId, db, [...spellings.values()].flat()),
  ]);
  return rows.map((r) => {
    const before = earlier.get(r.id) ?? { bookings: 0, noShows: 0 };
    const ordered = spellings.get(r.phone)!.reduce((n, m) => n + (orders.get(m) ?? 0), 0);
    return { ...bookingForApi(r), guest: { bookings: before.bookings, noShows: before.noShows, orders: ordered } };
  });
}

/** One booking for its console page: the booking, its guest, and the same phone's other bookings (newest first). */
export async function bookingDetail(shopId: string, db: Db, bookingId: string) {
  const row = await getBooking(shopId, db, bookingId);
  const [[booking], history] = await Promise.all([withGuests(shopId, db, [row]), phoneHistory(shopId, db, row)]);
  return {
    ...booking!,
    history: history.map((h) => ({ id: h.id, dateStr: h.dateStr, timeStr: h.timeStr, pax: h.pax, status: h.status, noShow: h.noShow })),
  };
}

/** The 409 of an action on a booking another device already moved: its message, and the booking as it is now. */
export class BookingMoved extends AppError {
  constructor(
    message: string,
    public booking: ApiBooking,
  ) {
    super(409, message, 'BOOKING_STATUS_CHANGED');
  }
}

const moved = (row: BookingRow) => new BookingMoved(format(messages.bookingAlreadyMoved, { status: row.status }), bookingForApi(row));

/** NEW → ACCEPTED. Of simultaneous accepts (and rejects) exactly one changes the booking; the others get a 409. */
export async function acceptBooking(shopId: string, db: Db, bookingId: string, by: string, now: Date): Promise<BookingRow> {
  const row = await changeBooking(shopId, db, bookingId, { status: 'ACCEPTED', actedBy: by, updatedAt: now }, statusIn(['NEW']));
  if (row) return row;
  throw moved(await getBooking(shopId, db, bookingId));
}

/** NEW or ACCEPTED → REJECTED with the reason (spec 2 §4). */
export async function rejectBooking(shopId: string, db: Db, bookingId: string, reason: RejectReason, by: string, now: Date) {
  const row = await changeBooking(
    shopId,
    db,
    bookingId,
    { status: 'REJECTED', rejectReason: reason, actedBy: by, updatedAt: now },
    statusIn(SEATED_STATUSES),
  );
  if (row) return row;
  throw moved(await getBooking(shopId, db, bookingId));
}

/** An ACCEPTED booking whose time has come (by the app's clock, `canMarkNoShow`) → marked no-show; it keeps its status. */
export async function markNoShow(shopId: string, db: Db, bookingId: string, by: string, now: Date): Promise<BookingRow> {
  const row = await changeBooking(shopId, db, bookingId, { noShow: true, actedBy: by, updatedAt: now }, noShowAllowed(now));
  if (row) return row;
  const current = await getBooking(shopId, db, bookingId);
  const booking = bookingForApi(current);
  if (current.status !== 'ACCEPTED') throw new BookingMoved(messages.bookingNoShowNotAccepted, booking);
  if (current.noShow) throw new BookingMoved(messages.bookingNoShowAlready, booking);
  throw new BookingMoved(messages.bookingNoShowTooEarly, booking);
}

/** What a wrong token, an unknown booking and another shop's booking all answer alike. */
const cancelNotFound = () => new AppError(404, messages.bookingCancelNotFound, 'NOT_FOUND');

/** The booking the token belongs to (the customer's status check); 404 alike for any wrong id or token. */
export async function bookingByToken(shopId: string, db: Db, bookingId: string, token: string): Promise<BookingRow> {
  const row = await getBooking(shopId, db, bookingId).catch(() => undefined);
  if (!row || row.cancelTokenHash !== hashToken(token)) throw cancelNotFound();
  return row;
}

/** The customer cancels a NEW or ACCEPTED booking with its token → CANCELLED ('Customer Cancelled'). */
export async function cancelBooking(shopId: string, db: Db, bookingId: string, token: string, now: Date): Promise<BookingRow> {
  if (!isUuid(shopId)) throw cancelNotFound();
  const hash = hashToken(token);
  const row = await changeBooking(shopId, db, bookingId, { status: 'CANCELLED', updatedAt: now }, tokenAndStatusIn(hash, SEATED_STATUSES));
  if (row) return row;
  const current = await bookingByToken(shopId, db, bookingId, token);
  throw conflict(format(messages.bookingNotCancellable, { status: current.status }), 'BOOKING_STATUS_CHANGED');
}

export { bookingNotFound };
