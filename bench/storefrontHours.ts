import os from 'node:os';
import fastify from 'fastify';
import { addDays, localDate } from '../domain/hours';
import { readSettings, SETTINGS } from '../domain/settings';
import { perWeekday } from '../domain/weekdays';
import { hoursBody } from '../server/areas/timings/routesStorefront';
import { etagOf } from '../server/infra/storefront/cacheable';
import { compareUnderLoad, round, machineParams } from './compare';
import { withBare, withBenchApp, barePool } from './harness';
import { shopClosures } from '../server/areas/timings/tables';
import { shops, shopSettings } from '../server/infra/db/tables';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_HOURS_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HOURS_ROUNDS ?? 3);
const CONNECTIONS = 20;
const POOL_MAX = 10;
const FROM = '2030-01-15T05:30:00.000Z';

const SHOP = `SELECT id, timezone FROM shops WHERE id = $1 AND listing_status = 'PUBLISHED'`;
const TIMINGS = `SELECT value FROM shop_settings WHERE shop_id = $1 AND kind = 'timings'`;
const CLOSURES = `SELECT id, date::text AS date, note, pickup, delivery FROM shop_closures
  WHERE shop_id = $1 AND date >= $2 AND date <= $3 ORDER BY date`;

/** The baseline: bare Fastify + pg, the same three reads and the same engine and ETag, no zod, no plugins. */
function bareApp(url: string) {
  const pool = barePool(url, POOL_MAX);
  const app = fastify();
  app.get<{ Params: { shopId: string }; Querystring: { from?: string } }>('/api/storefront/shops/:shopId/hours', async (req, reply) => {
    const shop = (await pool.query({ name: 'shop', text: SHOP, values: [req.params.shopId] })).rows[0];
    if (!shop) return reply.code(404).send({ message: 'Not found' });
    const from = new Date(req.query.from ?? Date.now());
    const firstDate = localDate(from, shop.timezone);
    const [timings, closures] = await Promise.all([
      pool.query({ name: 'timings', text: TIMINGS, values: [shop.id] }),
      pool.query({ name: 'closures', text: CLOSURES, values: [shop.id, addDays(firstDate, -1), addDays(firstDate, 8)] }),
    ]);
    const h = { timeZone: shop.timezone, timings: readSettings(SETTINGS.timings, timings.rows[0]?.value), closures: closures.rows };
    const body = JSON.stringify(hoursBody(h, from, firstDate, 7, 15));
    return reply
      .header('ETag', etagOf(body))
      .header('Cache-Control', 'public, no-cache')
      .type('application/json; charset=utf-8')
      .send(body);
  });
  return { app, pool };
}

/**
 * GET /api/storefront/shops/{id}/hours?from=… (the customers' hours: the hours engine over a week of timings and
 * closures) on the real app against a bare Fastify + pg handler doing the same reads and the same computation.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp({ poolMax: POOL_MAX, env: { STOREFRONT_READS_PER_MINUTE: '1000000' } }, async ({ bench, database, port }) => {
    const [shop] = await database.db
      .insert(shops)
      .values({
        name: 'Bench Cafe',
        description: 'Coffee',
        locality: 'Glebe',
        timezone: 'Australia/Sydney',
        country: 'AU',
        listingStatus: 'PUBLISHED',
      })
      .returning({ id: shops.id });
    const session = (open: string, duration: number) => ({ open, duration, available: true });
    const timings = SETTINGS.timings.schema.parse(
      perWeekday(() => ({
        pickup: session('07:00', 8),
        pickupExt: session('18:00', 6),
        delivery: session('11:00', 3),
        deliveryExt: session('17:00', 4),
      })),
    );
    await database.db.insert(shopSettings).values({ shopId: shop!.id, kind: 'timings', value: timings });
    await database.db
      .insert(shopClosures)
      .values({ shopId: shop!.id, date: '2030-01-17', note: 'Stocktake', pickup: true, delivery: false });

    return withBare(
      () => bareApp(bench.url),
      async (bare) => {
        const ports = { app: port, bare: bare.port };
        const urlPath = `/api/storefront/shops/${shop!.id}/hours?from=${encodeURIComponent(FROM)}`;
        const [a, b] = await Promise.all([ports.app, ports.bare].map(async (p) => (await fetch(`http://127.0.0.1:${p}${urlPath}`)).text()));
        if (a !== b) throw new Error(`The app and the baseline disagree:\n${a}\n${b}`);

        const metrics = await compareUnderLoad({
          ports,
          traffic: { path: urlPath },
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
          warmupSeconds: 1,
        });
        return {
          name: 'storefront-hours',
          params: {
            path: '/api/storefront/shops/{id}/hours?from=…',
            connections: CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
            ...machineParams(bench.source),
            loadavg1: round(os.loadavg()[0]!),
          },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}
