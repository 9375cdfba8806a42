import os from 'node:os';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { bareAppsApp } from './bareApps';
import { compareUnderLoad, round } from './compare';
import { withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_APPS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_APPS_ROUNDS ?? 3);
const POOL_MAX = 10;
/** The stats bench measures latency: few connections, so the figure is the call's, not a queue's on a busy machine. */
const STATS_CONNECTIONS = Number(process.env.BENCH_APPS_STATS_CONNECTIONS ?? 4);
const ENV = { DEVICE_REGISTRATIONS_PER_MINUTE: '1000000' };

const DEVICE_BODY = JSON.stringify({
  device_id: 'bench-{n}',
  uid: null,
  os: 'ios',
  manufacturer: 'Apple',
  brand: 'Apple',
  model: 'iPhone15,2',
  carrier: 'Telstra',
  device_country: 'AU',
  timezone: 'Australia/Sydney',
  version: '1.4.0',
  build_number: '140',
  api_level: '17.1',
});

/** Device registrations per second at 32 connections: every request a new device of one of 10 apps. */
export async function runDevices(): Promise<BenchResult> {
  const APPS = 10;
  return withBenchApp({ poolMax: POOL_MAX, env: ENV }, async ({ bench, database: { pool }, config, port }) => {
    await pool.query(
      `INSERT INTO whitelabel_apps (bundle_id, name, logo)
       SELECT 'com.bench.app' || i, 'Bench App ' || i, '{"path":"img/x.png"}' FROM generate_series(0, ${APPS - 1}) i`,
    );
    return withBare(
      () => bareAppsApp(bench.url, config.jwtSecret!, POOL_MAX),
      async (bare) => {
        const traffic = {
          template: {
            method: 'POST' as const,
            path: '/api/storefront/apps/com.bench.app{app}/devices',
            body: DEVICE_BODY,
            headers: {},
            apps: APPS,
          },
        };
        const metrics = await compareUnderLoad({
          ports: { app: port, bare: bare.port },
          traffic,
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: 32,
        });
        return {
          name: 'app-devices',
          params: {
            path: 'POST /api/storefront/apps/{bundleId}/devices',
            connections: 32,
            apps: APPS,
            seconds: SECONDS,
            rounds: ROUNDS,
            poolMax: POOL_MAX,
            cpus: os.cpus().length,
            loadavg1: round(os.loadavg()[0]),
          },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}

/** GET …/downloads/stats p99 with 1,000,000 devices in 1,000 apps, as a member of a shop that is an outlet of every app. */
export async function runStats(): Promise<BenchResult> {
  const APPS = Number(process.env.BENCH_APPS_COUNT ?? 1000);
  const PER_APP = Number(process.env.BENCH_APPS_DEVICES_PER_APP ?? 1000);
  return withBenchApp({ poolMax: POOL_MAX, env: ENV }, async ({ bench, database: { pool }, services, config, port }) => {
    const {
      rows: [user],
    } = await pool.query(
      `INSERT INTO users (email, name, password_hash, email_verified_at)
       VALUES ('bench@example.com', 'Bench Owner', $1, now()) RETURNING id`,
      [await hashPassword('bench password 1')],
    );
    const {
      rows: [shop],
    } = await pool.query(
      `INSERT INTO shops (name, description, locality, timezone, country, updated_by)
       VALUES ('Bench Shop', 'Coffee and cakes all day', 'Surry Hills', 'Australia/Sydney', 'AU', $1) RETURNING id`,
      [user.id],
    );
    await pool.query(`INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, 'ADMIN')`, [shop.id, user.id]);
    await pool.query(
      `INSERT INTO whitelabel_apps (bundle_id, name, logo)
       SELECT 'com.bench.app' || i, 'Bench App ' || i, '{"path":"img/x.png"}' FROM generate_series(0, ${APPS - 1}) i`,
    );
    await pool.query(
      `INSERT INTO app_outlets (bundle_id, shop_id, name, position)
       SELECT 'com.bench.app' || i, $1, 'Bench Shop', 0 FROM generate_series(0, ${APPS - 1}) i`,
      [shop.id],
    );
    await pool.query(`
      INSERT INTO app_devices (bundle_id, device_id, os, model, created_at, updated_at)
      SELECT 'com.bench.app' || (g % ${APPS}), 'device-' || g, CASE WHEN g % 3 = 0 THEN 'android' ELSE 'ios' END, 'Model',
        now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day'
      FROM generate_series(0, ${APPS * PER_APP - 1}) g`);
    // Autovacuum would do this a little later; a counted index-only scan needs the visibility map it writes.
    await pool.query('VACUUM ANALYZE app_devices');
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    return withBare(
      () => bareAppsApp(bench.url, config.jwtSecret!, POOL_MAX),
      async (bare) => {
        const traffic = {
          template: { method: 'GET' as const, path: '/api/reports/apps/com.bench.app{app}/downloads/stats', headers, apps: APPS },
        };
        const metrics = await compareUnderLoad({
          ports: { app: port, bare: bare.port },
          traffic,
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: STATS_CONNECTIONS,
        });
        return {
          name: 'app-download-stats',
          params: {
            path: 'GET /api/reports/apps/{bundleId}/downloads/stats',
            apps: APPS,
            devices: APPS * PER_APP,
            connections: STATS_CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
            poolMax: POOL_MAX,
            cpus: os.cpus().length,
            loadavg1: round(os.loadavg()[0]),
          },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}
