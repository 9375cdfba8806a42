import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { connect, type Database } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { createServices } from '../server/infra/services';
import type { Services } from '../server/infra/context';
import { bareAppsApp } from './bareApps';
import { benchDatabase } from './db';
import type { LoadResult } from './load';
import { templateLoad, type TemplateLoad } from './appsLoad';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_APPS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_APPS_ROUNDS ?? 3);
const POOL_MAX = 10;
/** The stats bench measures latency: few connections, so the figure is the call's, not a queue's on a busy machine. */
const STATS_CONNECTIONS = Number(process.env.BENCH_APPS_STATS_CONNECTIONS ?? 4);
const round = (x: number) => Math.round(x * 100) / 100;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

interface Setup {
  services: Services;
  database: Database;
  ports: { app: number; bare: number };
  close(): Promise<void>;
}

/** The real app and the bare baseline on one fresh database, after `seed` has filled it. */
async function setUp(seed: (database: Database, services: Services) => Promise<void>): Promise<Setup> {
  const bench = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-data-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: bench.url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    LOG_LEVEL: 'silent',
    DATABASE_POOL_MAX: String(POOL_MAX),
    DEVICE_REGISTRATIONS_PER_MINUTE: '1000000',
  });
  const database = connect(bench.url, POOL_MAX);
  await runMigrations(database);
  const services = await createServices(config, database, { log: () => undefined });
  await seed(database, services);
  const app = await buildApp({ services, serveConsole: false, logger: false });
  const bare = await bareAppsApp(bench.url, config.jwtSecret!, POOL_MAX);
  const ports = { app: await listen(app), bare: await listen(bare.app) };
  return {
    services,
    database,
    ports,
    async close() {
      await app.close();
      await bare.app.close();
      await bare.pool.end();
      await database.pool.end();
      await bench.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Alternates app and bare runs (after a warm-up of each) and sums them up. */
async function compare(ports: Setup['ports'], load: Omit<TemplateLoad, 'port' | 'seconds' | 'tag'>) {
  const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
  let k = 0;
  const once = (which: 'app' | 'bare', seconds: number) => templateLoad({ ...load, port: ports[which], seconds, tag: `${which}${k++}` });
  await once('app', 2);
  await once('bare', 2);
  for (let i = 0; i < ROUNDS; i++) {
    for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) runs[which].push(await once(which, SECONDS));
  }
  const summary = (rs: LoadResult[]) => {
    const latencies = rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
    return {
      rps: rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    };
  };
  const a = summary(runs.app);
  const b = summary(runs.bare);
  return {
    appRps: round(a.rps),
    bareRps: round(b.rps),
    ratio: round(a.rps / b.rps),
    appP50ms: round(a.p50),
    appP99ms: round(a.p99),
    bareP50ms: round(b.p50),
    bareP99ms: round(b.p99),
    p99Ratio: round(a.p99 / b.p99),
    errors: a.errors + b.errors,
  };
}

const DEVICE_BODY = JSON.stringify({
  device_id: 'bench-{n}', uid: null, os: 'ios', manufacturer: 'Apple', brand: 'Apple', model: 'iPhone15,2', carrier: 'Telstra',
  device_country: 'AU', timezone: 'Australia/Sydney', version: '1.4.0', build_number: '140', api_level: '17.1',
});

/** Device registrations per second at 32 connections: every request a new device of one of 10 apps. */
export async function runDevices(): Promise<BenchResult> {
  const APPS = 10;
  const setup = await setUp(async ({ pool }) => {
    await pool.query(`INSERT INTO whitelabel_apps (bundle_id, name, logo) SELECT 'com.bench.app' || i, 'Bench App ' || i, '{"path":"img/x.png"}' FROM generate_series(0, ${APPS - 1}) i`);
  });
  try {
    const metrics = await compare(setup.ports, { method: 'POST', path: '/api/storefront/apps/com.bench.app{app}/devices', body: DEVICE_BODY, headers: {}, connections: 32, apps: APPS });
    return {
      name: 'app-devices',
      params: { path: 'POST /api/storefront/apps/{bundleId}/devices', connections: 32, apps: APPS, seconds: SECONDS, rounds: ROUNDS, poolMax: POOL_MAX, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]) },
      metrics,
      unit: 'req/s, ms',
    };
  } finally {
    await setup.close();
  }
}

/** GET …/downloads/stats p99 with 1,000,000 devices in 1,000 apps, as a member of a shop that is an outlet of every app. */
export async function runStats(): Promise<BenchResult> {
  const APPS = Number(process.env.BENCH_APPS_COUNT ?? 1000);
  const PER_APP = Number(process.env.BENCH_APPS_DEVICES_PER_APP ?? 1000);
  let headers: Record<string, string> = {};
  const setup = await setUp(async ({ pool }, services) => {
    const { rows: [user] } = await pool.query(
      `INSERT INTO users (email, name, password_hash, email_verified_at) VALUES ('bench@example.com', 'Bench Owner', $1, now()) RETURNING id`,
      [await hashPassword('bench password 1')],
    );
    const { rows: [shop] } = await pool.query(
      `INSERT INTO shops (name, description, locality, timezone, country, updated_by) VALUES ('Bench Shop', 'Coffee and cakes all day', 'Surry Hills', 'Australia/Sydney', 'AU', $1) RETURNING id`,
      [user.id],
    );
    await pool.query(`INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, 'ADMIN')`, [shop.id, user.id]);
    await pool.query(`INSERT INTO whitelabel_apps (bundle_id, name, logo) SELECT 'com.bench.app' || i, 'Bench App ' || i, '{"path":"img/x.png"}' FROM generate_series(0, ${APPS - 1}) i`);
    await pool.query(`INSERT INTO app_outlets (bundle_id, shop_id, name, position) SELECT 'com.bench.app' || i, $1, 'Bench Shop', 0 FROM generate_series(0, ${APPS - 1}) i`, [shop.id]);
    await pool.query(`
      INSERT INTO app_devices (bundle_id, device_id, os, model, created_at, updated_at)
      SELECT 'com.bench.app' || (g % ${APPS}), 'device-' || g, CASE WHEN g % 3 = 0 THEN 'android' ELSE 'ios' END, 'Model', now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day'
      FROM generate_series(0, ${APPS * PER_APP - 1}) g`);
    // Autovacuum would do this a little later; a counted index-only scan needs the visibility map it writes.
    await pool.query('VACUUM ANALYZE app_devices');
    const { accessToken } = await createSession(services, user.id);
    headers = { authorization: `Bearer ${accessToken}` };
  });
  try {
    const metrics = await compare(setup.ports, { method: 'GET', path: '/api/reports/apps/com.bench.app{app}/downloads/stats', headers, connections: STATS_CONNECTIONS, apps: APPS });
    return {
      name: 'app-download-stats',
      params: { path: 'GET /api/reports/apps/{bundleId}/downloads/stats', apps: APPS, devices: APPS * PER_APP, connections: STATS_CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, poolMax: POOL_MAX, cpus: os.cpus().length, loadavg1: round(os.loadavg()[0]) },
      metrics,
      unit: 'req/s, ms',
    };
  } finally {
    await setup.close();
  }
}
