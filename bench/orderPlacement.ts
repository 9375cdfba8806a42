import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { connect } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { shops } from '../server/infra/db/tables';
import { createServices } from '../server/infra/services';
import { bareOrdersApp } from './bareOrders';
import { benchDatabase } from './db';
import { cpuMeter } from './cpu';
import { postLoad } from './postLoad';
import type { LoadResult } from './load';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 3);
const CONNECTIONS = 32;
// Orders come from this many customers in turn: one mobile for every order made each order count that customer's whole
// (ever longer) history, which no shop sees.
const CUSTOMERS = Number(process.env.BENCH_ORDERS_CUSTOMERS ?? 2000);
// One shop by default: its event counter row is then the hottest row there is (every order steps it); more shops
// stand for the platform's load spread over them.
const SHOPS = Number(process.env.BENCH_ORDERS_SHOPS ?? 1);
const POOL_MAX = 20;

const round = (x: number) => Math.round(x * 100) / 100;
const OPEN = { open: '00:00', duration: 24, available: true };
const CLOSED = { ...OPEN, available: false };
const TIMINGS = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, { pickup: OPEN, pickupExt: CLOSED, delivery: OPEN, deliveryExt: CLOSED }]));

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * POST /api/storefront/shops/{id}/orders (a cash pickup of two lines, one with an attribute choice) at 32 connections:
 * the real app (rate limits, zod, pricing with every settings read, idempotency-free path, order + event + NOTIFY)
 * beside a bare Fastify + pg handler doing the same writes.
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
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
  });
  const database = connect(bench.url, POOL_MAX);
  let app: FastifyInstance | undefined;
  let bare: Awaited<ReturnType<typeof bareOrdersApp>> | undefined;
  try {
    await runMigrations(database);
    const services = await createServices(config, database, { log: () => undefined });
    const milk = { name: 'Milk', multiple: false, optional: false, min: null, max: null, values: [{ name: 'Full', extraCharge: 0, availability: { soldOut: false, until: null } }, { name: 'Oat', extraCharge: 80, availability: { soldOut: false, until: null } }] };
    const doc = (attributes: unknown[]) => JSON.stringify({ discounted: false, dows: [], timeOfDayApplicable: null, image: null, attributes });
    const menus: { shopId: string; latte: string; cake: string }[] = [];
    for (let n = 1; n <= SHOPS; n++) {
      const [shop] = await database.db
        .insert(shops)
        .values({ name: `Bench Cafe ${n}`, description: 'Coffee and cakes', locality: 'Surry Hills', timezone: 'Australia/Sydney', country: 'AU', listingStatus: 'PUBLISHED' })
        .returning({ id: shops.id });
      await database.db.execute(sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES (${shop.id}, 'timings', ${JSON.stringify(TIMINGS)}::jsonb)`);
      const latte = await database.db.execute<{ id: string }>(
        sql`INSERT INTO items (shop_id, type, name, description, price_cents, doc) VALUES (${shop.id}, 'BASIC', 'Latte', '', 450, ${doc([milk])}::jsonb) RETURNING id`,
      );
      const cake = await database.db.execute<{ id: string }>(sql`INSERT INTO items (shop_id, type, name, description, price_cents, doc) VALUES (${shop.id}, 'BASIC', 'Cake', '', 599, ${doc([])}::jsonb) RETURNING id`);
      menus.push({ shopId: shop.id, latte: latte.rows[0].id, cake: cake.rows[0].id });
    }
    const orders = Array.from({ length: CUSTOMERS }, (_, i) => {
      const menu = menus[i % SHOPS];
      const body = JSON.stringify({
        items: [
          { itemId: menu.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] },
          { itemId: menu.cake, quantity: 1 },
        ],
        customerName: `Bench Customer ${i + 1}`,
        mobile: `+614${String(i + 1).padStart(8, '0')}`,
        collectionType: 'PICKUP',
        collectionTime: null,
        paymentType: 'CASH',
      });
      return { shopId: menu.shopId, body };
    });
    const requests = {
      app: orders.map((o) => ({ path: `/api/storefront/shops/${o.shopId}/orders`, body: o.body })),
      bare: orders.map((o) => ({ path: `/bare/shops/${o.shopId}/orders`, body: o.body })),
    };

    app = await buildApp({ services, serveConsole: false, logger: false });
    bare = await bareOrdersApp(bench.url, POOL_MAX);
    const ports = { app: await listen(app), bare: await listen(bare.app) };
    const cpu = { app: { ms: 0, pgMs: 0 as number | null }, bare: { ms: 0, pgMs: 0 as number | null } };
    const once = async (which: 'app' | 'bare', seconds: number) => {
      const meter = cpuMeter(bench.dataDir);
      const r = await postLoad({ port: ports[which], headers: {}, requests: requests[which], seconds, connections: CONNECTIONS, okStatus: 201 });
      const used = meter.read();
      cpu[which].ms += used.nodeMs;
      cpu[which].pgMs = used.postgresMs === null || cpu[which].pgMs === null ? null : cpu[which].pgMs + used.postgresMs;
      return r;
    };
    const probe = await once('app', 0.2);
    if (!probe.requests) throw new Error(`The app refused the bench order (${probe.errors} errors)`);
    await once('bare', 1);
    await once('app', 1);
    cpu.app = { ms: 0, pgMs: 0 };
    cpu.bare = { ms: 0, pgMs: 0 };
    const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
    for (let i = 0; i < ROUNDS; i++) for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) runs[which].push(await once(which, SECONDS));
    const summary = (rs: LoadResult[]) => {
      const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
      return { rps: rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0), p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors: rs.reduce((n, r) => n + r.errors, 0) };
    };
    const a = summary(runs.app);
    const b = summary(runs.bare);
    // CPU per order: what a loaded machine does not distort (node includes the load generator's thread, alike for both).
    const perOrder = (which: 'app' | 'bare') => {
      const n = runs[which].reduce((k, r) => k + r.requests, 0);
      return { node: cpu[which].ms / n, pg: cpu[which].pgMs === null ? Number.NaN : cpu[which].pgMs / n };
    };
    const ca = perOrder('app');
    const cb = perOrder('bare');
    return {
      name: 'order-placement',
      params: { connections: CONNECTIONS, shops: SHOPS, customers: CUSTOMERS, seconds: SECONDS, rounds: ROUNDS, poolMax: POOL_MAX, database: bench.source, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]) },
      metrics: { appRps: round(a.rps), appP50ms: round(a.p50), appP99ms: round(a.p99), bareRps: round(b.rps), bareP50ms: round(b.p50), bareP99ms: round(b.p99), ratio: round(a.rps / b.rps), appNodeCpuMsPerOrder: round(ca.node), appPgCpuMsPerOrder: round(ca.pg), bareNodeCpuMsPerOrder: round(cb.node), barePgCpuMsPerOrder: round(cb.pg), cpuRatio: round((cb.node + cb.pg) / (ca.node + ca.pg)), errors: a.errors + b.errors },
      unit: 'req/s, ms',
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
