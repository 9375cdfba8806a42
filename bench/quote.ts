import { sql } from 'drizzle-orm';
import { bareQuoteApp } from './bareQuote';
import { benchCartItems, seedBenchCafe } from './cafe';
import { compareUnderLoad, machineParams } from './compare';
import { withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_QUOTE_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_QUOTE_ROUNDS ?? 3);
const CONNECTIONS = 32;
const POOL_MAX = 20;

/**
 * POST /api/storefront/shops/{id}/quote (the cart of bench/orderPlacement.ts: two lattes with oat milk and a cake,
 * cash pickup now) at 32 connections: the real app (the per-IP limit counted in the placing read, zod, every
 * settings document, coupon and card reads, busy mode, priceOrder) beside a bare Fastify + pg handler reading the
 * same inputs and running the same priceOrder. Nothing is written but the app's rate-limit counter.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp({ poolMax: POOL_MAX, env: { RATE_LIMIT_PER_IP: '100000' } }, async ({ bench, database, port }) => {
    const cafe = await seedBenchCafe(database.db, 'Bench Cafe');
    const shop = { id: cafe.shopId };
    await database.db.execute(sql`VACUUM ANALYZE`);
    const body = JSON.stringify({
      items: benchCartItems(cafe),
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
    });
    const traffic = {
      app: { post: [{ path: `/api/storefront/shops/${shop.id}/quote`, body }], okStatus: 200 },
      bare: { post: [{ path: `/bare/shops/${shop.id}/quote`, body }], okStatus: 200 },
    };
    return withBare(
      () => bareQuoteApp(bench.url, POOL_MAX),
      async (bare) => {
        const ports = { app: port, bare: bare.port };
        const total = async (side: 'app' | 'bare') => {
          const { path } = traffic[side].post[0];
          const res = await fetch(`http://127.0.0.1:${ports[side]}${path}`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
          });
          if (res.status !== 200) throw new Error(`${side} answered ${res.status}: ${await res.text()}`);
          return ((await res.json()) as { grandTotal: number }).grandTotal;
        };
        const [a, b] = [await total('app'), await total('bare')];
        if (a !== b) throw new Error(`The app and the baseline disagree: ${a} against ${b}`);
        const metrics = await compareUnderLoad({
          ports,
          traffic,
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
          warmupSeconds: 1,
        });
        return {
          name: 'quote',
          params: { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, poolMax: POOL_MAX, ...machineParams(bench.source) },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}
