import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { addDays, localDate } from '../domain/hours';
import { readSettings, SETTINGS } from '../domain/settings';
import { perWeekday } from '../domain/weekdays';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { connect } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { shopClosures } from '../server/areas/timings/tables';
import { shops, shopSettings } from '../server/infra/db/tables';
import { createServices } from '../server/infra/services';
import { hoursBody } from '../server/areas/timings/routesStorefront';
import { etagOf } from '../server/infra/storefront/cacheable';
import { benchDatabase } from './db';
import { load, type LoadResult } from './load';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_HOURS_SECONDS ?? 4);
const ROUNDS = 3;
const CONNECTIONS = 20;
const POOL_MAX = 10;
const FROM = '2030-01-15T05:30:00.000Z';
const round = (x: number) => Math.round(x * 100) / 100;

const SHOP = `SELECT id, timezone FROM shops WHERE id = $1 AND listing_status = 'PUBLISHED'`;
const TIMINGS = `SELECT value FROM shop_settings WHERE shop_id = $1 AND kind = 'timings'`;
const CLOSURES = `SELECT id, date::text AS date, note, pickup, delivery FROM shop_closures WHERE shop_id = $1 AND date >= $2 AND date <= $3 ORDER BY date`;

/** The baseline: bare Fastify + pg, the same three reads and the same engine and ETag, no zod, no plugins. */
function bareApp(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
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
    return reply.header('ETag', etagOf(body)).header('Cache-Control', 'public, no-cache').type('application/json; charset=utf-8').send(body);
  });
  return { app, pool };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * GET /api/storefront/shops/{id}/hours?from=… (the customers' hours: the hours engine over a week of timings and
 * closures) on the real app against a bare Fastify + pg handler doing the same reads and the same computation.
 */
export async function run(): Promise<BenchResult> {
  const bench = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: bench.url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    DATABASE_POOL_MAX: String(POOL_MAX),
    STOREFRONT_READS_PER_MINUTE: '1000000',
  });
  const database = connect(bench.url, POOL_MAX);
  let app: FastifyInstance | undefined;
  let bare: ReturnType<typeof bareApp> | undefined;
  try {
    await runMigrations(database);
    const services = await createServices(config, database, { log: () => undefined });
    const [shop] = await database.db
      .insert(shops)
      .values({ name: 'Bench Cafe', description: 'Coffee', locality: 'Glebe', timezone: 'Australia/Sydney', country: 'AU', listingStatus: 'PUBLISHED' })
      .returning({ id: shops.id });
    const session = (open: string, duration: number) => ({ open, duration, available: true });
    const timings = SETTINGS.timings.schema.parse(perWeekday(() => ({ pickup: session('07:00', 8), pickupExt: session('18:00', 6), delivery: session('11:00', 3), deliveryExt: session('17:00', 4) })));
    await database.db.insert(shopSettings).values({ shopId: shop!.id, kind: 'timings', value: timings });
    await database.db.insert(shopClosures).values({ shopId: shop!.id, date: '2030-01-17', note: 'Stocktake', pickup: true, delivery: false });

    app = await buildApp({ services, serveConsole: false, logger: false });
    bare = bareApp(bench.url);
    const ports = { app: await listen(app), bare: await listen(bare.app) };
    const urlPath = `/api/storefront/shops/${shop!.id}/hours?from=${encodeURIComponent(FROM)}`;
    const [a, b] = await Promise.all([ports.app, ports.bare].map(async (p) => (await fetch(`http://127.0.0.1:${p}${urlPath}`)).text()));
    if (a !== b) throw new Error(`The app and the baseline disagree:\n${a}\n${b}`);

    const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
    const once = (which: 'app' | 'bare', seconds: number) => load({ port: ports[which], path: urlPath, headers: {}, seconds, connections: CONNECTIONS });
    await once('app', 1);
    await once('bare', 1);
    for (let i = 0; i < ROUNDS; i++) for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) runs[which].push(await once(which, SECONDS));
    const rps = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0);
    return {
      name: 'storefront-hours',
      params: { path: '/api/storefront/shops/{id}/hours?from=…', connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, database: bench.source, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]!) },
      metrics: { appRps: round(rps(runs.app)), bareRps: round(rps(runs.bare)), ratio: round(rps(runs.app) / rps(runs.bare)), errors: [...runs.app, ...runs.bare].reduce((n, r) => n + r.errors, 0) },
      unit: 'req/s',
    };
  } finally {
    await app?.close();
    await bare?.app.close();
    await bare?.pool.end();
    await database.pool.end();
    await bench.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
