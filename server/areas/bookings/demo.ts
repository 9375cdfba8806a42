import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { AppError } from '../../infra/http/errors';
import { loadSettings } from '../../infra/db/settings';
import { addDays, localDate } from '../../../domain/hours';
import { judgeBooking, MEALS, type BookingSettings, type PlaceBooking } from '../../../domain/booking';
import { readSettings, SETTINGS } from '../../../domain/settings';
import { WEEKDAYS, minutesOf } from '../../../domain/weekdays';
import { placeBooking } from './service';

/** How often the demo asks the demo cafe for a table, so a newcomer sees New Bookings ring. */
const DEMO_BOOKING_EVERY_MS = 45_000;
const DEMO_CAFE = 'Cappuccino Corner';

const GUESTS = ['Harper Quinn', 'Ethan Walsh', 'Isla Murphy', 'Lucas Rossi', 'Chloe Park', 'Henry Adams', 'Grace Kim', 'Arlo Singh'];
const REQUESTS = [null, null, 'High chair please', 'Window seat if possible', null, "It's a birthday", 'One guest uses a wheelchair'];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The n-th demo booking request: a day in the coming week and a half-hour slot in one of that day's open sessions that
 * the booking rules accept (the cafe's own settings, closures left to the rules), or null when none is open.
 */
function requestFor(n: number, settings: BookingSettings, timeZone: string, now: Date) {
  const today = localDate(now, timeZone);
  for (let tries = 0; tries < 20; tries++) {
    const date = addDays(today, (n + tries) % 7);
    const day = settings[WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!];
    const meal = pick(
      MEALS.filter((m) => day[m].on),
      n + tries,
    ) as (typeof MEALS)[number] | undefined;
    if (!meal) continue;
    const s = day[meal];
    const slots = Math.max(1, Math.floor((s.duration * 60) / 30));
    const time = hhmm(minutesOf(s.open) + 30 * ((n * 5 + tries) % slots));
    const pax = settings.minPax + ((n + tries) % (settings.maxPax - settings.minPax + 1));
    const judged = judgeBooking(settings, { pax, date, time }, { now, timeZone, closures: [] });
    if (judged.ok) return { date, time, pax };
  }
  return null;
}

/**
 * Sends a booking request to the demo cafe now and every DEMO_BOOKING_EVERY_MS, into its open sessions, through the
 * same code path as the customers' API (rules, capacity, events). Answers a stop function.
 */
export async function startBookingsDemo(services: Services, log: (msg: string) => void): Promise<() => void> {
  const { db, clock } = services;
  const [cafe] = (
    await db.execute<{ id: string; timezone: string }>(
      sql`SELECT id, timezone FROM shops WHERE demo AND name = ${DEMO_CAFE} AND listing_status = 'PUBLISHED' LIMIT 1`,
    )
  ).rows;
  if (!cafe) {
    log('Demo bookings: no published demo cafe, so no booking requests are sent');
    return () => undefined;
  }
  let n = 0;
  let lastProblem = '';
  const requestOne = async () => {
    n++;
    const settings = readSettings(SETTINGS.booking, await loadSettings(cafe.id, db, 'booking'));
    const now = clock.now();
    const slot = settings.on ? requestFor(n, settings, cafe.timezone, now) : null;
    if (!slot) return;
    const booking: PlaceBooking = {
      name: pick(GUESTS, n),
      phone: `+6141000${String(2000 + (n % 40)).padStart(4, '0')}`,
      specialRequest: pick(REQUESTS, n),
      ...slot,
    };
    try {
      await placeBooking(services, cafe.id, booking, booking, `demo-booking-${now.getTime()}-${n}`, 'demo');
      lastProblem = '';
    } catch (e) {
      const message = e instanceof AppError ? e.message : (e as Error).message;
      if (message !== lastProblem) log(`Demo bookings: the cafe refused a booking: ${message}`);
      lastProblem = message;
    }
  };
  for (let i = 0; i < 3; i++) await requestOne();
  const timer = setInterval(() => void requestOne(), DEMO_BOOKING_EVERY_MS);
  timer.unref();
  const every = `every ${DEMO_BOOKING_EVERY_MS / 1000} s`;
  log(`Demo bookings: a booking request to ${DEMO_CAFE} ${every} (New Bookings at /shops/${cafe.id}/bookings/dashboard)`);
  return () => clearInterval(timer);
}
