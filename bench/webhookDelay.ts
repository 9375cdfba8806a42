import http from 'node:http';
import { benchCartItems, seedBenchCafe } from './cafe';
import { machineParams, round } from './compare';
import { runWhenMain, withBenchApp } from './harness';
import { roundProfiler } from './profile';
import { percentile, type BenchResult } from './types';
import { benchReceivers, subscribeEndpoints, webhooksDone } from './webhookReceivers';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 20);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 3);
/** How long after the last order the bench still waits for webhooks; those that never come are lost. */
const DEADLINE_MS = Number(process.env.BENCH_WEBHOOK_DEADLINE_MS ?? 60_000);
const POOL_MAX = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POSTs one order through the storefront API; answers its id, or null when it was not placed. */
function placeOrder(agent: http.Agent, port: number, shopId: string, body: string): Promise<string | null> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/storefront/shops/${shopId}/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 201) return resolve(null);
          resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
        });
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

/**
 * Placed order → webhook at the receiver: RATE orders a second for SECONDS through the real storefront API (each
 * order's webhook goes out while the next ones are placed), ENDPOINTS endpoints subscribed to order.placed with a
 * receiver each on loopback (in a worker thread, answering 204). Delay: arrival at the receiver − when the order's
 * request was sent (and − the order's placedAt); every (order, endpoint) must arrive once; a sample's signatures are
 * verified at arrival.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp(
    {
      poolMax: POOL_MAX,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true' },
    },
    async ({ bench, database, port, services }) => {
      const receivers = await benchReceivers(ENDPOINTS);
      const agent = new http.Agent({ keepAlive: true });
      try {
        const cafe = await seedBenchCafe(database.db, 'Bench Cafe');
        receivers.useSecrets(await subscribeEndpoints(services, cafe.shopId, receivers.urls, ['order.placed']));
        const bodyOf = (i: number) =>
          JSON.stringify({
            items: benchCartItems(cafe),
            customerName: `Bench Customer ${i + 1}`,
            mobile: `+614${String(i + 1).padStart(8, '0')}`,
            collectionType: 'PICKUP',
            collectionTime: null,
            paymentType: 'CASH',
          });

        const sentAt = new Map<string, number>();
        const placing: Promise<void>[] = [];
        let refused = 0;
        const total = RATE * SECONDS;
        // BENCH_PROFILE: one CPU profile of this process (the app, its workers) from the first order to the last webhook.
        const profiler = roundProfiler();
        profiler?.start();
        const t0 = Date.now();
        for (let i = 0; i < total; i++) {
          const wait = t0 + (i * 1000) / RATE - Date.now();
          if (wait > 0) await sleep(wait);
          const at = Date.now();
          placing.push(
            placeOrder(agent, port, cafe.shopId, bodyOf(i)).then((id) => {
              if (id) sentAt.set(id, at);
              else refused++;
            }),
          );
        }
        await Promise.all(placing);
        const lastPlaced = Date.now();
        const expected = sentAt.size * ENDPOINTS;
        while ((await receivers.count()) < expected && Date.now() < lastPlaced + DEADLINE_MS) await sleep(100);
        // Also out by the database's account (nothing waiting, no endpoint behind): a receiver count alone could hide
        // a message the receivers were never meant to have.
        const settled = await webhooksDone(database.db, 1_000);
        profiler?.stop('app');
        await profiler?.done();
        const got = await receivers.report();

        const pairs = new Set<string>();
        const fromSend: number[] = [];
        const fromPlaced: number[] = [];
        let strangers = 0;
        for (const [endpoint, orderId, at, placedAt] of got.arrivals) {
          const sent = orderId ? sentAt.get(orderId) : undefined;
          if (sent === undefined) {
            strangers++;
            continue;
          }
          pairs.add(`${orderId}/${endpoint}`);
          fromSend.push(at - sent);
          if (placedAt !== null) fromPlaced.push(at - placedAt);
        }
        fromSend.sort((a, b) => a - b);
        fromPlaced.sort((a, b) => a - b);
        const lost = expected - pairs.size;
        console.log(
          `webhookDelay: ${sentAt.size} orders placed (${refused} refused) at ${RATE}/s for ${SECONDS} s, ${ENDPOINTS} endpoints: ` +
            `${pairs.size} of ${expected} webhooks arrived, ${lost} lost, ${got.duplicates} duplicates, ` +
            `${got.verified} signatures verified of the sample, ${got.badSignatures} bad` +
            (settled ? '' : ', NOT all settled in the database'),
        );
        return {
          name: 'webhook-delay',
          params: { ordersPerSecond: RATE, seconds: SECONDS, endpoints: ENDPOINTS, poolMax: POOL_MAX, ...machineParams(bench.source) },
          metrics: {
            p50ms: round(percentile(fromSend, 50)),
            p95ms: round(percentile(fromSend, 95)),
            p99ms: round(percentile(fromSend, 99)),
            maxMs: round(fromSend[fromSend.length - 1] ?? Number.NaN),
            fromPlacedAtP95ms: round(percentile(fromPlaced, 95)),
            orders: sentAt.size,
            refused,
            arrived: pairs.size,
            lost,
            duplicates: got.duplicates,
            strangers,
            signaturesVerified: got.verified,
            badSignatures: got.badSignatures,
          },
          unit: 'ms, count',
        };
      } finally {
        agent.destroy();
        await receivers.close();
      }
    },
  );
}

runWhenMain(import.meta.url, run);
