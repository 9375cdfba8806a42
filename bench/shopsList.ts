import { isDeepStrictEqual } from 'node:util';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { bareShopsApp } from './bareShops';
import { compareUnderLoad, machineParams } from './compare';
import { runWhenMain, withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_SHOPS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SHOPS_ROUNDS ?? 5);
const CONNECTIONS = 20;
const SHOPS = 6;
const POOL_MAX = 10;
const PATH = `/api/shops?range=${encodeURIComponent('[0,19]')}`;

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
  return withBenchApp({ poolMax: POOL_MAX }, async ({ bench, database, services, config, port }) => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'bench@example.com',
        name: 'Bench Owner',
        passwordHash: await hashPassword('bench password 1'),
        emailVerifiedAt: new Date(),
      })
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
    await database.db
      .insert(shopSellers)
      .values(created.map((s, i) => ({ shopId: s.id, userId: user.id, role: i ? ('USER' as const) : ('ADMIN' as const) })));
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };

    return withBare(
      () => bareShopsApp(bench.url, config.jwtSecret!, POOL_MAX),
      async (bare) => {
        const ports = { app: port, bare: bare.port };

        // Both must answer the same thing (key order aside), or the comparison means nothing.
        const [a, b] = [await get(ports.app, headers), await get(ports.bare, headers)];
        if (a.status !== 200 || !isDeepStrictEqual(a, b)) {
          throw new Error(`The app and the baseline disagree:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
        }

        const metrics = await compareUnderLoad({
          ports,
          traffic: { path: PATH, headers },
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
        });
        return {
          name: 'shops-list',
          params: {
            path: '/api/shops?range=[0,19]',
            shops: SHOPS,
            connections: CONNECTIONS,
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
  });
}

runWhenMain(import.meta.url, run);
