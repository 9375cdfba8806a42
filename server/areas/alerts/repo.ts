import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { orderBy, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import type { Alert, AlertKind } from '../../../domain/alerts';
import {
  defaultShopPreferences,
  preferencesFromStored,
  type ShopPreferences,
  type ShopPreferencesPatch,
} from '../../../domain/preferences';
import { users } from '../../infra/db/tables/users';
import { AppError } from '../../infra/http/errors';
import { messages } from '../../../domain/messages';
import { alertPreferences, alerts } from './tables';

type AlertRow = typeof alerts.$inferSelect;

export const alertOut = (r: AlertRow): Alert => ({
  id: r.id,
  kind: r.kind,
  to: r.to,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  orderId: r.orderId,
  bookingId: r.bookingId,
});

/**
 * The caller's preferences at a shop. What they never chose at this shop reads as the default, except the sound's
 * switch, which follows the account-wide New Orders sound (GET|PATCH /me/preferences) until chosen here.
 */
export async function shopPreferences(shopId: string, db: Db, userId: string): Promise<ShopPreferences> {
  const [row] = await db
    .select({ p: alertPreferences, account: users.preferences })
    .from(users)
    .leftJoin(alertPreferences, and(eq(alertPreferences.userId, users.id), eq(alertPreferences.shopId, shopId)))
    .where(eq(users.id, userId));
  const account = preferencesFromStored(row?.account);
  const p = row?.p;
  return {
    orderPlaced: p?.orderPlaced ?? defaultShopPreferences.orderPlaced,
    newBooking: p?.newBooking ?? defaultShopPreferences.newBooking,
    sound: p?.sound ?? defaultShopPreferences.sound,
    soundOn: p?.soundOn ?? account.orderSound,
  };
}

/** Saves the fields sent, in one statement (two devices changing different fields both keep their change). */
export async function saveShopPreferences(shopId: string, db: Db, userId: string, patch: ShopPreferencesPatch, now: Date) {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await db
    .insert(alertPreferences)
    .values({ shopId, userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: [alertPreferences.shopId, alertPreferences.userId], set: { ...set, updatedAt: now } });
}

/** An order's or booking's alerts, oldest first. */
/** An order's or a booking's log; one that is not the shop's is a 404, as it is everywhere else. */
export async function alertsOf(shopId: string, db: Db, of: { orderId: string } | { bookingId: string }): Promise<Alert[]> {
  const exists = await db.execute(
    'orderId' in of
      ? sql`SELECT 1 FROM orders WHERE shop_id = ${shopId} AND id = ${of.orderId}`
      : sql`SELECT 1 FROM bookings WHERE shop_id = ${shopId} AND id = ${of.bookingId}`,
  );
  if (exists.rows.length === 0)
    throw new AppError(404, 'orderId' in of ? messages.cannotFindOrder : messages.cannotFindBooking, 'NOT_FOUND');
  const rows = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.shopId, shopId), 'orderId' in of ? eq(alerts.orderId, of.orderId) : eq(alerts.bookingId, of.bookingId)))
    .orderBy(asc(alerts.createdAt), asc(alerts.id));
  return rows.map(alertOut);
}

export const ALERT_SORTS = ['createdAt', 'status', 'kind', 'to'] as const;

export async function listAlerts(
  shopId: string,
  db: Db,
  q: { range: Range; sort: (typeof ALERT_SORTS)[number]; order: SortOrder; status?: string; kind?: string },
) {
  const where = and(
    eq(alerts.shopId, shopId),
    q.status ? eq(alerts.status, q.status as AlertRow['status']) : undefined,
    q.kind ? eq(alerts.kind, q.kind as AlertKind) : undefined,
  );
  const rows = await db
    .select({ row: alerts, total: totalOver() })
    .from(alerts)
    .where(where)
    .orderBy(...orderBy(alerts[q.sort], q.order, alerts.id))
    .limit(pageOf(q.range).limit)
    .offset(pageOf(q.range).offset);
  const page = await withTotal(rows, q.range, async () => (await db.$count(alerts, where)) as number);
  return { rows: page.rows.map((r) => alertOut(r.row)), total: page.total };
}

/** Sets a FAILED alert back to QUEUED (its mail is queued again by the same statement); undefined when not FAILED. */
export async function requeueFailed(shopId: string, db: Db, alertId: string) {
  const [row] = await db
    .update(alerts)
    .set({ status: 'QUEUED', lastError: null })
    .where(and(eq(alerts.shopId, shopId), eq(alerts.id, alertId), eq(alerts.status, 'FAILED')))
    .returning();
  return row ? alertOut(row) : undefined;
}

export async function findAlert(shopId: string, db: Db, alertId: string) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.shopId, shopId), eq(alerts.id, alertId)));
  return row;
}

/**
 * Writes the alerts of one order or booking, one per address, skipping any already written (the unique index): each
 * inserted row queues its own mail, so a fan-out that runs twice mails nobody twice.
 */
export async function insertAlerts(
  shopId: string,
  db: Db,
  of: { orderId?: string; bookingId?: string },
  kind: AlertKind,
  subject: string,
  addresses: string[],
  now: Date,
): Promise<number> {
  if (!addresses.length) return 0;
  const rows = await db
    .insert(alerts)
    .values(
      addresses.map((to) => ({
        shopId,
        orderId: of.orderId ?? null,
        bookingId: of.bookingId ?? null,
        kind,
        to,
        subject,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: alerts.id });
  return rows.length;
}

/** The members of a shop who want this kind of mail there (a preference never chosen is on). */
export async function membersWanting(shopId: string, db: Db, what: 'orderPlaced' | 'newBooking'): Promise<string[]> {
  const column = what === 'orderPlaced' ? sql.raw('p.order_placed') : sql.raw('p.new_booking');
  const res = await db.execute<{ email: string }>(sql`
    SELECT lower(u.email) AS email FROM shop_sellers s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN alert_preferences p ON p.shop_id = s.shop_id AND p.user_id = s.user_id
     WHERE s.shop_id = ${shopId} AND COALESCE(${column}, true)`);
  return res.rows.map((r) => r.email);
}

export async function markSent(shopId: string, db: Db, alertId: string, now: Date) {
  await db
    .update(alerts)
    .set({ status: 'SENT', sentAt: now, attempts: sql`${alerts.attempts} + 1`, lastError: null })
    .where(and(eq(alerts.shopId, shopId), eq(alerts.id, alertId)));
}

export async function markFailedAttempt(shopId: string, db: Db, alertId: string, error: string, final: boolean) {
  await db
    .update(alerts)
    .set({ status: final ? 'FAILED' : 'RETRYING', attempts: sql`${alerts.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(and(eq(alerts.shopId, shopId), eq(alerts.id, alertId)));
}
