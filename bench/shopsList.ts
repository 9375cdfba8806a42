import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { connect } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { createServices } from '../server/infra/services';
import { bareShopsApp } from './bareShops';
import { benchDatabase } from './db';
import { load, type LoadResult } from './load';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_SHOPS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SHOPS_ROUNDS ?? 5);
const CONNECTIONS = 20;
const SHOPS = 6;
const POOL_MAX = 10;
const PATH = `/api/shops?range=${encodeURIComponent('[0,19]')}`;

const round = (x: number) => Math.round(x * 100) / 100;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function get(port: number, headers: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}${PATH}`, { headers });
  return { status: res.status, range: res.headers.get('content-range'), body: (await res.json()) as unknown };
}

/**
 * GET /api/shops?range=[0,19] for a verified user with 6 shops: the real app (every plugin, hook, zod schema and the
 * per-request session check) against a bare Fastify + pg handler doing the same work on the same database.
 * Runs alternate between the two so a change in machine load hits both alike.
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
  });
  const database = connect(bench.url, POOL_MAX);
  let app: FastifyInstance | undefined;
  let bare: Awaited<ReturnType<typeof bareShopsApp>> | undefined;
  try {
    await runMigrations(database);
    const services = await createServices(config, database, { log: () => undefined });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@example.com', name: 'Bench Owner', passwordHash: await hashPassword('bench password 1'), emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const created = await database.db
      .insert(shops)
      .values(
        Array.from({ length: SHOPS }, (_, i) => ({
          name: `Bench Shop ${i + 1}`,
          description: 'Coffee and cakes all day',
          locality: 'Surry Hills',
          logo: { path: `img/00000000-0000-4000-8000-00000000000${i}.png` },
          timezone: 'Australia/Sydney',
          country: 'AU',
          updatedBy: user.id,
          listingStatus: i % 2 ? ('PUBLISHED' as const) : ('WAITING_FOR_REVIEW' as const),
        })),
      )
      .returning({ id: shops.id });
    await database.db.insert(shopSellers).values(created.map((s, i) => ({ shopId: s.id, userId: user.id, role: i ? ('USER' as const) : ('ADMIN' as const) })));
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };

    app = await buildApp({ services, serveConsole: false, logger: false });
    bare = await bareShopsApp(bench.url, config.jwtSecret!, POOL_MAX);
    const ports = { app: await listen(app), bare: await listen(bare.app) };

    // Both must answer the same thing (key order aside), or the comparison means nothing.
    const [a, b] = [await get(ports.app, headers), await get(ports.bare, headers)];
    if (a.status !== 200 || !isDeepStrictEqual(a, b)) {
      throw new Error(`The app and the baseline disagree:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
    }

    const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
    // Event-loop busy time per request on the server's thread: what each request costs the server, less swayed than
    // req/s by other processes competing for the CPU.
    const busyMs: Record<'app' | 'bare', number> = { app: 0, bare: 0 };
    const once = async (which: 'app' | 'bare', seconds: number) => {
      const before = performance.eventLoopUtilization();
      const result = await load({ port: ports[which], path: PATH, headers, seconds, connections: CONNECTIONS });
      busyMs[which] += performance.eventLoopUtilization(before).active;
      return result;
    };
    await once('app', 2); // warm-up: JIT, pool connections, prepared statements
    await once('bare', 2);
    busyMs.app = busyMs.bare = 0;
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
    const appStats = summary(runs.app);
    const bareStats = summary(runs.bare);
    // Each round's app run sits next to its bare run, so the median of the rounds' ratios shrugs off a burst of
    // load from other processes that the totals would absorb.
    const rps = (r: LoadResult) => r.requests / r.seconds;
    const roundRatios = runs.app.map((r, i) => rps(r) / rps(runs.bare[i])).sort((x, y) => x - y);
    return {
      name: 'shops-list',
      params: {
        path: '/api/shops?range=[0,19]',
        shops: SHOPS,
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        poolMax: POOL_MAX,
        database: bench.source,
        cpus: os.cpus().length,
        loadavg1: round(os.loadavg()[0]),
      },
      metrics: {
        appRps: round(appStats.rps),
        bareRps: round(bareStats.rps),
        ratio: round(appStats.rps / bareStats.rps),
        medianRoundRatio: round(percentile(roundRatios, 50)),
        appP50ms: round(appStats.p50),
        appP99ms: round(appStats.p99),
        bareP50ms: round(bareStats.p50),
        bareP99ms: round(bareStats.p99),
        appBusyMsPerRequest: round(1000 * busyMs.app / runs.app.reduce((n, r) => n + r.requests, 0)) / 1000,
        bareBusyMsPerRequest: round(1000 * busyMs.bare / runs.bare.reduce((n, r) => n + r.requests, 0)) / 1000,
        errors: appStats.errors + bareStats.errors,
      },
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
