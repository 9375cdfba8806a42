import { isDeepStrictEqual } from 'node:util';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { activate } from '../server/infra/payments/accounts';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { bareStripePayoutsApp } from './bareStripePayouts';
import { compareUnderLoad, machineParams } from './compare';
import { withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_STRIPE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_STRIPE_ROUNDS ?? 3);
const CONNECTIONS = 20;
const POOL_MAX = 10;

/**
 * GET /api/stripe/shops/{shopId}/payouts (simulated provider: the account document in PostgreSQL) for a shop member:
 * the real app (guard, shop scope, zod schemas, compiled serializer) against a bare Fastify + pg handler doing the
 * same reads. Rounds alternate between the two so a change in machine load hits both alike.
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
    const [shop] = await database.db
      .insert(shops)
      .values({
        name: 'Bench Shop',
        description: 'Coffee and cakes all day',
        locality: 'Surry Hills',
        timezone: 'Australia/Sydney',
        country: 'AU',
        updatedBy: user.id,
      })
      .returning({ id: shops.id });
    await database.db.insert(shopSellers).values({ shopId: shop.id, userId: user.id, role: 'ADMIN' });
    await activate(shop.id, database.db, { accountId: 'acct_sim0123456789abcdef', mode: 'standard' }, new Date());
    await services.stripe.connect.retrieveAccount('acct_sim0123456789abcdef');
    const { accessToken } = await createSession(services, user.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    const PATH = `/api/stripe/shops/${shop.id}/payouts?limit=20`;

    return withBare(
      () => bareStripePayoutsApp(bench.url, config.jwtSecret!, POOL_MAX),
      async (bare) => {
        const ports = { app: port, bare: bare.port };
        const get = async (p: number) => {
          const res = await fetch(`http://127.0.0.1:${p}${PATH}`, { headers });
          return { status: res.status, body: (await res.json()) as unknown };
        };
        const [a, b] = [await get(ports.app), await get(ports.bare)];
        if (a.status !== 200 || !isDeepStrictEqual(a, b))
          throw new Error(`The app and the baseline disagree:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);

        const metrics = await compareUnderLoad({
          ports,
          traffic: { path: PATH, headers },
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
        });
        return {
          name: 'stripe-payouts',
          params: {
            path: '/api/stripe/shops/{shopId}/payouts?limit=20',
            provider: 'simulated',
            connections: CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
            ...machineParams(bench.source),
          },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}
