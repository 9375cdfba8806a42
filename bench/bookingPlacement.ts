import { sql } from 'drizzle-orm';
import { shops } from '../server/infra/db/tables';
import { addDays, localDate } from '../domain/hours';
import { defaultBooking } from '../domain/booking';
import { perWeekday } from '../domain/weekdays';
import { bareBookingsApp } from './bareBookings';
import { compareUnderLoad, machineParams } from './compare';
import { withBare, withBenchApp } from './harness';
import { postLoad } from './postLoad';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_BOOKINGS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_BOOKINGS_ROUNDS ?? 3);
const CONNECTIONS = 32;
// Requests come from this many customers in turn, for lunch on the next DAYS days at quarter-hour slots.
const CUSTOMERS = Number(process.env.BENCH_BOOKINGS_CUSTOMERS ?? 2000);
const DAYS = 60;
const POOL_MAX = 20;
const TZ = 'Australia/Sydney';

/**
 * POST /api/storefront/shops/{id}/bookings at 32 connections: the real app (zod, the per-IP and per-phone limits, the
 * shop, booking settings and closures read, the rules in the shop's zone, booking + event + NOTIFY) beside a bare
 * Fastify + pg handler making the same checks and insert. Sessions have no capacity (the common case: one statement
 * writes the booking).
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp(
    { poolMax: POOL_MAX, env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' } },
    async ({ bench, database, port }) => {
      const [shop] = await database.db
        .insert(shops)
        .values({
          name: 'Bench Bistro',
          description: 'Tables for two to ten',
          locality: 'Surry Hills',
          timezone: TZ,
          country: 'AU',
          listingStatus: 'PUBLISHED',
        })
        .returning({ id: shops.id });
      const booking = {
        ...defaultBooking,
        on: true,
        numDaysInAdvance: DAYS + 5,
        ...perWeekday(() => ({ ...defaultBooking.monday, lunch: { on: true, open: '11:00', duration: 5, capacity: null } })),
      };
      await database.db.execute(
        sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES (${shop.id}, 'booking', ${JSON.stringify(booking)}::jsonb)`,
      );
      const today = localDate(new Date(), TZ);
      const requests = Array.from({ length: CUSTOMERS }, (_, i) => {
        const minutes = 11 * 60 + 15 * (i % 20);
        return JSON.stringify({
          name: `Bench Guest ${i + 1}`,
          phone: `04${String(10_000_000 + i).slice(-8)}`,
          pax: 2 + (i % 9),
          date: addDays(today, 1 + (i % DAYS)),
          time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
          specialRequest: i % 4 ? undefined : 'Window seat please',
        });
      });
      const traffic = {
        app: { post: requests.map((body) => ({ path: `/api/storefront/shops/${shop.id}/bookings`, body })), okStatus: 201 },
        bare: { post: requests.map((body) => ({ path: `/bare/shops/${shop.id}/bookings`, body })), okStatus: 201 },
      };
      return withBare(
        () => bareBookingsApp(bench.url, POOL_MAX),
        async (bare) => {
          const ports = { app: port, bare: bare.port };
          for (const which of ['app', 'bare'] as const) {
            const probe = await postLoad({
              port: ports[which],
              headers: {},
              requests: traffic[which].post,
              seconds: 0.2,
              connections: CONNECTIONS,
              okStatus: 201,
            });
            if (!probe.requests) throw new Error(`The ${which} refused the bench booking (${probe.errors} errors)`);
          }
          const metrics = await compareUnderLoad({
            ports,
            traffic,
            seconds: SECONDS,
            rounds: ROUNDS,
            connections: CONNECTIONS,
            warmupSeconds: 1,
          });
          return {
            name: 'booking-placement',
            params: {
              connections: CONNECTIONS,
              customers: CUSTOMERS,
              days: DAYS,
              seconds: SECONDS,
              rounds: ROUNDS,
              poolMax: POOL_MAX,
              ...machineParams(bench.source),
            },
            metrics,
            unit: 'req/s, ms',
          };
        },
      );
    },
  );
}
