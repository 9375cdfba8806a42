import { expect } from 'vitest';
import { tzOffset } from '@date-fns/tz';
import type { TestContext } from './app';
import { login, PASSWORD, type TestUser } from './users';
import { defaultBooking, type BookingSettings } from '../../domain/booking';
import { addDays, localDate, zonedInstant } from '../../domain/hours';
import { perWeekday } from '../../domain/weekdays';

type Session = { on: boolean; open: string; duration: number; capacity: number | null };

/** Booking settings: on, 2–10 guests, 90 days ahead, and these sessions every day (others off). */
export function bookingSettings(
  sessions: Partial<Record<'breakfast' | 'lunch' | 'dinner', Partial<Session>>> = { lunch: { on: true } },
  overrides: Partial<BookingSettings> = {},
): BookingSettings {
  const day = defaultBooking.monday;
  return {
    ...defaultBooking,
    on: true,
    ...perWeekday(() => ({
      breakfast: { ...day.breakfast, ...sessions.breakfast },
      lunch: { ...day.lunch, ...sessions.lunch },
      dinner: { ...day.dinner, ...sessions.dinner },
    })),
    ...overrides,
  };
}

/** Saves the shop's booking settings through the API, as its ADMIN. */
export async function setBookingSettings(ctx: TestContext, shopId: string, admin: TestUser, settings: BookingSettings) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/shops/${shopId}/settings/booking`,
    headers: admin.headers,
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A booking request body: 4 guests, a valid Australian mobile, the date and time given. */
export const bookingBody = (date: string, time: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Betty Booker',
  phone: '0412 345 678',
  pax: 4,
  date,
  time,
  ...overrides,
});

/** POST /api/storefront/shops/{shopId}/bookings as a customer's app. */
export const book = (ctx: TestContext, shopId: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/storefront/shops/${shopId}/bookings`, payload, headers, remoteAddress });

/** The shop-zone date `days` after today by the app's clock. */
export const shopDay = (ctx: TestContext, timeZone: string, days = 0) => addDays(localDate(ctx.clock.now(), timeZone), days);

/**
 * Moves the app's clock forward to a wall-clock time of the shop (never back), then signs the users in again: their
 * access tokens were issued at the old time.
 */
export async function moveClockTo(ctx: TestContext, date: string, time: string, timeZone: string, users: TestUser[] = []) {
  const [h, m] = time.split(':').map(Number);
  const target = zonedInstant(date, h! * 60 + m!, timeZone).getTime();
  const ms = target - ctx.clock.now().getTime();
  expect(ms, 'the clock only moves forward').toBeGreaterThanOrEqual(0);
  ctx.clock.advance(ms);
  for (const u of users) Object.assign(u, await login(ctx, u.email, PASSWORD));
}

/**
 * The next nights a zone's clocks change, from the app's clock: the shop-zone date of the change (clocks move in the
 * early hours), and the UTC offsets before and after, in minutes.
 */
export function nextClockChanges(ctx: TestContext, timeZone: string) {
  const offsetOn = (date: string) => tzOffset(timeZone, zonedInstant(date, 12 * 60, timeZone));
  const found: { date: string; before: number; after: number }[] = [];
  let day = shopDay(ctx, timeZone, 1);
  for (let i = 0; i < 400 && found.length < 2; i++, day = addDays(day, 1)) {
    const before = offsetOn(addDays(day, -1));
    const after = offsetOn(day);
    if (before !== after) found.push({ date: day, before, after });
  }
  const forward = found.find((c) => c.after > c.before)!;
  const back = found.find((c) => c.after < c.before)!;
  return { forward, back };
}

/** '+11:00' for 660 minutes, '-05:00' for -300. */
export const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/** A NEW booking for lunch tomorrow, straight in the database (the booking flow has its own tests). */
export async function seedBooking(ctx: TestContext, shopId: string): Promise<{ id: string }> {
  const res = await ctx.pool.query<{ id: string }>(
    `INSERT INTO bookings (shop_id, name, phone, pax, date_str, time_str, date, session, session_date, created_time, status,
                           cancel_token_hash)
     VALUES ($1, 'Betty Booker', '+61412345678', 4, '2030-01-01', '12:00', '2030-01-01T01:00:00Z', 'lunch', '2030-01-01', now(),
             'NEW', 'seeded') RETURNING id`,
    [shopId],
  );
  return res.rows[0];
}
