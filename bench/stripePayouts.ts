import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { buildApp } from '../server/app';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { connect } from '../server/infra/db/client';
import { runMigrations } from '../server/infra/db/migrate';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { createServices } from '../server/infra/services';
import { activate } from '../server/infra/payments/accounts';
import { bareStripePayoutsApp } from './bareStripePayouts';
import { benchDatabase } from './db';
import { load, type LoadResult } from './load';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_STRIPE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_STRIPE_ROUNDS ?? 3);
const CONNECTIONS = 20;
const POOL_MAX = 10;
const round = (x: number) => Math.round(x * 100) / 100;

/**
 * GET /api/stripe/shops/{shopId}/payouts (simulated provider: the account document in PostgreSQL) for a shop member:
 * the real app (guard, shop scope, zod schemas, compiled serializer) against a bare Fastify + pg handler doing the
 * same reads. Rounds alternate between the two so a change in machine load hits both alike.
 */
export async function run(): Promise<BenchResult> {
  const bench = await benchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-bench-data-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: bench.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789', LOG_LEVEL: 'silent', DATABASE_POOL_MAX: String(POOL_MAX) });
  const database = connect(bench.url, POOL_MAX);
  let app: FastifyInstance | undefined;
  let bare: Awaited<ReturnType<typeof bareStripePayoutsApp>> | undefined;
  try {
    await runMigrations(database);
    const services = await createServices(config, database, { log: () => undefined });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@example.com', name: 'Bench Owner', passwordHash: await hashPassword('bench password 1'), emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const [shop] = await database.db
      .insert(shops)
      .values({ name: 'Bench Shop', description: 'Coffee and cakes all day', locality: 'Surry Hills', timezone: 'Australia/Sydney', country: 'AU', updatedBy: user.id })
      .returning({ id: shops.id });
    await database.db.insert(shopSellers).values({ shopId: shop.id, userId: user.id, role: 'ADMIN' });
    await activate(shop.id, database.db, { accountId: 'acct_sim0123456789abcdef', mode: 'standard' }, new Date());
    await services.stripe.connect.retrieveAccount('acct_sim0123456789abcdef');
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    const PATH = `/api/stripe/shops/${shop.id}/payouts?limit=20`;

    app = await buildApp({ services, serveConsole: false, logger: false });
    bare = await bareStripePayoutsApp(bench.url, config.jwtSecret!, POOL_MAX);
    const listen = async (a: FastifyInstance) => {
      await a.listen({ port: 0, host: '127.0.0.1' });
      return (a.server.address() as AddressInfo).port;
    };
    const ports = { app: await listen(app), bare: await listen(bare.app) };
    const get = async (port: number) => {
      const res = await fetch(`http://127.0.0.1:${port}${PATH}`, { headers });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const [a, b] = [await get(ports.app), await get(ports.bare)];
    if (a.status !== 200 || !isDeepStrictEqual(a, b)) throw new Error(`The app and the baseline disagree:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);

    const runs: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
    const once = (which: 'app' | 'bare', seconds: number) => load({ port: ports[which], path: PATH, headers, seconds, connections: CONNECTIONS });
    await once('app', 2);
    await once('bare', 2);
    for (let i = 0; i < ROUNDS; i++) {
      for (const which of i % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) runs[which].push(await once(which, SECONDS));
    }
    const rps = (rs: LoadResult[]) => rs.reduce((n, r) => n + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0);
    const p = (rs: LoadResult[], q: number) => percentile(rs.flatMap((r) => r.latencies).sort((x, y) => x - y), q);
    return {
      name: 'stripe-payouts',
      params: { path: '/api/stripe/shops/{shopId}/payouts?limit=20', provider: 'simulated', connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, database: bench.source, cpus: os.cpus().length },
      metrics: {
        appRps: round(rps(runs.app)),
        bareRps: round(rps(runs.bare)),
        ratio: round(rps(runs.app) / rps(runs.bare)),
        appP50ms: round(p(runs.app, 50)),
        appP99ms: round(p(runs.app, 99)),
        bareP50ms: round(p(runs.bare, 50)),
        bareP99ms: round(p(runs.bare, 99)),
        errors: [...runs.app, ...runs.bare].reduce((n, r) => n + r.errors, 0),
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
