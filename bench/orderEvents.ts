import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { connect } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { shops, users } from '../server/infra/db/tables';
import { createServices } from '../server/infra/services';
import { insertOrder } from '../server/areas/orders/repo';
import { bareEventsApp, bareInsert } from './bareEvents';
import { benchDatabase } from './db';
import { sseClients, type SseRunResult } from './sseClients';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const DASHBOARDS = Number(process.env.BENCH_EVENTS_DASHBOARDS ?? 1000);
const SHOPS = 100;
const RATE = 50;
const POOL_MAX = 10;

const now = () => performance.timeOrigin + performance.now();
const round = (x: number) => Math.round(x * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Writes RATE orders a second for SECONDS, spread over the shops; answers when each write began, by order id. */
async function writeOrders(shopIds: string[], write: (shopId: string, orderId: string) => Promise<void>) {
  const started = new Map<string, { at: number; shopId: string }>();
  const total = RATE * SECONDS;
  const t0 = now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    const orderId = crypto.randomUUID();
    const shopId = shopIds[i % shopIds.length];
    started.set(orderId, { at: now(), shopId });
    pending.push(write(shopId, orderId));
  }
  await Promise.all(pending);
  return started;
}

/** Latencies and delivery: every order must reach each dashboard of its shop exactly once. */
function score(started: Map<string, { at: number; shopId: string }>, run: SseRunResult, perShop: number) {
  const latencies = run.arrivals.map(([id, at]) => at - (started.get(id)?.at ?? at)).sort((a, b) => a - b);
  const expected = started.size * perShop;
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), delivered: run.arrivals.length / expected, duplicates: run.duplicates, errors: run.errors };
}

/**
 * Order → dashboard latency: DASHBOARDS open streams (DASHBOARDS / SHOPS per shop) while orders are written at RATE/s,
 * through the app (order row + event row + NOTIFY, streams that re-read the table) and again while every stream is cut
 * and reopened once with Last-Event-ID; beside a bare Fastify + pg LISTEN fan-out that forwards the NOTIFY payload.
 */
export async function run(): Promise<BenchResult> {
  const bench = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-data-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789', LOG_LEVEL: 'silent' });
  const database = connect(bench.url, POOL_MAX);
  let app: FastifyInstance | undefined;
  let bare: Awaited<ReturnType<typeof bareEventsApp>> | undefined;
  try {
    await runMigrations(database);
    const services = await createServices(config, database, { log: () => undefined });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@example.com', name: 'Bench Admin', passwordHash: await hashPassword('bench password 1'), emailVerifiedAt: new Date(), isSuperAdmin: true })
      .returning({ id: users.id });
    const created = await database.db
      .insert(shops)
      .values(Array.from({ length: SHOPS }, (_, i) => ({ name: `Bench Shop ${i + 1}`, description: 'Coffee and cakes', locality: 'Surry Hills', timezone: 'Australia/Sydney', country: 'AU' })))
      .returning({ id: shops.id });
    const shopIds = created.map((s) => s.id);
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    const perShop = DASHBOARDS / SHOPS;
    const streams = Array.from({ length: DASHBOARDS }, (_, i) => shopIds[i % SHOPS]);
    const cart = { currency: 'AUD', items: [], collectionName: null, customerName: 'Bench', collectionType: 'PICKUP' as const, collectionTime: null, paymentType: 'CASH' as const, deliveryAddress: null, subtotal: 900, deliveryCharges: 0, discount: 0, creditCardSurcharge: 0, creditCardSurchargeMessage: null, grandTotal: 900, coupon: null, comments: null };
    // As the ordering API writes a cash order: one statement (order, event, NOTIFY), no transaction around it.
    const appWrite = async (shopId: string, id: string) => {
      await insertOrder(shopId, database.db, { id, orderStatusRestaurant: 'NEW', paymentStatus: 'UNPAID', paymentType: 'CASH', customerName: 'Bench', mobile: '+61400000001', collectionType: 'PICKUP', placedAt: new Date(), grandTotal: 900, cart } as never);
    };

    app = await buildApp({ services, serveConsole: false, logger: false });
    const appPort = await listen(app);
    const phase = async (cut: boolean) => {
      const clients = sseClients({ port: appPort, streams, headers, pathOf: '/api/shops/{shop}/events', cutWithinMs: cut ? SECONDS * 800 : 0 });
      await clients.ready;
      await sleep(1500);
      const started = await writeOrders(shopIds, appWrite);
      await sleep(2000);
      return score(started, await clients.stop(), perShop);
    };
    const steady = await phase(false);
    const cuts = await phase(true);

    bare = await bareEventsApp(bench.url);
    const barePort = await listen(bare.app);
    const bareClients = sseClients({ port: barePort, streams, headers: {}, pathOf: '/bare/{shop}/events' });
    await bareClients.ready;
    await sleep(1500);
    const bareStarted = await writeOrders(shopIds, (shopId, id) => bareInsert(database.pool, shopId, id));
    await sleep(2000);
    const base = score(bareStarted, await bareClients.stop(), perShop);

    return {
      name: 'order-events',
      params: { dashboards: DASHBOARDS, shops: SHOPS, ordersPerSecond: RATE, seconds: SECONDS, database: bench.source, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]) },
      metrics: {
        appP50ms: round(steady.p50),
        appP99ms: round(steady.p99),
        appDeliveredPct: round(steady.delivered * 100),
        appDuplicates: steady.duplicates,
        cutP99ms: round(cuts.p99),
        cutDeliveredPct: round(cuts.delivered * 100),
        cutDuplicates: cuts.duplicates,
        bareP50ms: round(base.p50),
        bareP99ms: round(base.p99),
        bareDeliveredPct: round(base.delivered * 100),
        p99Ratio: round(steady.p99 / base.p99),
        errors: steady.errors + cuts.errors + base.errors,
      },
      unit: 'ms, %',
    };
  } finally {
    await app?.close();
    await bare?.close();
    await database.pool.end();
    await bench.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
