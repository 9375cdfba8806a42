import { sql } from 'drizzle-orm';
import { bareOrdersApp } from './bareOrders';
import { benchCartItems, seedBenchCafe, type BenchCafe } from './cafe';
import { compareUnderLoad, round, machineParams, roundLog } from './compare';
import { cpuMeter } from './cpu';
import { withBare, withBenchApp, type BenchApp } from './harness';
import { postLoad } from './postLoad';
import type { BenchResult } from './types';
import { benchReceivers, subscribeEndpoints, webhooksDone } from './webhookReceivers';
import type { Db } from '../server/infra/db/client';

/** Waits (up to two minutes) until the job queue holds nothing to run. */
async function queueDrained(db: Db) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const res = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state < 'completed' AND name <> 'dead-letters'`,
    );
    if (!res.rows[0].n) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  // Say what is left, so a round that starts on an undrained queue is not taken for a clean one.
  const left = await db.execute<{ name: string; state: string; n: number; output: unknown }>(
    sql`SELECT name, state::text, count(*)::int AS n, max(output::text) AS output FROM pgboss.job
         WHERE state < 'completed' AND name <> 'dead-letters' GROUP BY name, state`,
  );
  console.error('the job queue did not drain in 2 minutes:', left.rows);
}

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
// Each customer's earlier orders (accepted, days ago), then VACUUM ANALYZE: the shop has a history and the database its
// statistics, as a live platform's has. On an empty table with none, a pool connection may cache a plan made for a
// handful of rows (counting a customer's orders by walking all of the shop's) and keep it for the whole run, every
// insert slower than the last: a state a real database leaves at its first autovacuum, a minute in.
const HISTORY = Number(process.env.BENCH_ORDERS_HISTORY ?? 10);
// BENCH_ORDERS_LOYALTY=on: the shop runs a loyalty program and every customer's card already holds stamps (short of
// the reward), so each order also reads and folds its card; compare its ratio with the default run's.
const LOYALTY = process.env.BENCH_ORDERS_LOYALTY === 'on';
const STAMPS_PER_CARD = 4;
// BENCH_ORDERS_ALERTS=on: the shop has a new-order alert list and two members who want new-order mails, so each order
// fans out to three alert mails through the job queue while the load runs (placing never waits for them).
const ALERTS = process.env.BENCH_ORDERS_ALERTS === 'on';
// BENCH_ORDERS_KITCHEN=capacity: pickup takes at most 500 orders a 15-minute slot, so each order takes the kitchen's
// lock and counts the slots' orders (those that are full send it on to a later one); =auto: every pickup is accepted
// as it is placed (its loyalty and accept in the placing transaction). Compare its ratio with the default run's.
const KITCHEN = process.env.BENCH_ORDERS_KITCHEN;
// BENCH_ORDERS_WEBHOOKS=3: the shop has three webhook endpoints subscribed to order.placed (receivers on loopback
// answering 204), so each order (the bare side's too: it writes the same event) goes out three times while the load
// runs; each round starts once the last round's webhooks are out, and the run ends once every one has arrived.
const WEBHOOKS = Number(process.env.BENCH_ORDERS_WEBHOOKS ?? 0);
/** How long the end of the run waits for the last webhooks. */
const WEBHOOKS_DEADLINE_MS = 10 * 60_000;
const KITCHEN_DOCS: Record<string, object> = {
  capacity: { autoAccept: false, readyInMinutes: 20, maxOrders: 500, maxSales: null },
  auto: { autoAccept: true, readyInMinutes: 20, maxOrders: null, maxSales: null },
};

/**
 * POST /api/storefront/shops/{id}/orders (a cash pickup of two lines, one with an attribute choice) at 32 connections:
 * the real app (rate limits, zod, pricing with every settings read, idempotency-free path, order + event + NOTIFY)
 * beside a bare Fastify + pg handler doing the same writes.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp(
    {
      poolMax: POOL_MAX,
      env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000', ...(WEBHOOKS ? { WEBHOOKS_ALLOW_PRIVATE: 'true' } : {}) },
    },
    async ({ bench, database, port, services }) => {
      const receivers = WEBHOOKS ? await benchReceivers(WEBHOOKS) : null;
      try {
        return await placeOrders({ bench, database, port, services, receivers });
      } finally {
        await receivers?.close();
      }
    },
  );
}

async function placeOrders({
  bench,
  database,
  port,
  services,
  receivers,
}: Pick<BenchApp, 'bench' | 'database' | 'port' | 'services'> & {
  receivers: Awaited<ReturnType<typeof benchReceivers>> | null;
}): Promise<BenchResult> {
  const menus: BenchCafe[] = [];
  for (let n = 1; n <= SHOPS; n++) {
    const cafe = await seedBenchCafe(database.db, `Bench Cafe ${n}`);
    const shop = { id: cafe.shopId };
    if (LOYALTY) {
      const program = { enabled: true, count: 7, type: 'PERCENTAGE', percentage: 10, amount: 200, noLoyaltyOnDiscountedOrders: false };
      await database.db.execute(
        sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES (${shop.id}, 'loyalty', ${JSON.stringify(program)}::jsonb)`,
      );
    }
    if (KITCHEN) {
      const pickup = KITCHEN_DOCS[KITCHEN];
      if (!pickup) throw new Error(`BENCH_ORDERS_KITCHEN should be one of ${Object.keys(KITCHEN_DOCS).join(', ')}`);
      const doc = { pickup, delivery: KITCHEN_DOCS.capacity };
      await database.db.execute(
        sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES (${shop.id}, 'kitchen', ${JSON.stringify(doc)}::jsonb)`,
      );
    }
    if (ALERTS) {
      const settings = {
        hasEta: true,
        etaType: 'RESTAURANT',
        hasUnprocessedOrderMonitor: true,
        newOrderAlertEmailsCsv: `kitchen-${n}@bench.example`,
        unprocessedOrderAlertEmailsCsv: '',
      };
      await database.db.execute(
        sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES (${shop.id}, 'order', ${JSON.stringify(settings)}::jsonb)`,
      );
      for (const who of ['owner', 'staff']) {
        await database.db.execute(sql`
              WITH u AS (INSERT INTO users (email, name, password_hash) VALUES (${`${who}-${n}@bench.example`}, ${who}, 'x') RETURNING id)
              INSERT INTO shop_sellers (shop_id, user_id, role) SELECT ${shop.id}, id, 'ADMIN' FROM u`);
      }
    }
    if (receivers) receivers.useSecrets(await subscribeEndpoints(services, shop.id, receivers.urls, ['order.placed']));
    menus.push(cafe);
  }
  const orders = Array.from({ length: CUSTOMERS }, (_, i) => {
    const menu = menus[i % SHOPS];
    const body = JSON.stringify({
      items: [...benchCartItems(menu)],
      customerName: `Bench Customer ${i + 1}`,
      mobile: `+614${String(i + 1).padStart(8, '0')}`,
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
    });
    return { shopId: menu.shopId, body };
  });
  if (LOYALTY) {
    // Each customer's card: STAMPS_PER_CARD stamps of earlier accepted orders (as the ledger keeps them).
    for (let i = 0; i < CUSTOMERS; i++) {
      await database.db.execute(sql`
            INSERT INTO loyalty_ledger (shop_id, mobile, order_id, kind, at, order_time, grand_total, amount)
            SELECT ${orders[i].shopId}, ${`+614${String(i + 1).padStart(8, '0')}`}, gen_random_uuid(), 'STAMP', now(), now(), 1659, 166
            FROM generate_series(1, ${STAMPS_PER_CARD})`);
    }
  }
  for (let n = 0; n < SHOPS; n++) {
    await database.db.execute(sql`
          INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type,
                              placed_at, accepted_at, grand_total, cart)
          SELECT ${menus[n].shopId}, 'ACCEPTED', 'UNPAID', 'CASH', 'Bench Customer ' || c, '+614' || lpad(c::text, 8, '0'), 'PICKUP',
                 now() - make_interval(days => h, secs => c), now() - make_interval(days => h, secs => c), 1659,
                 jsonb_build_object('items', '[]'::jsonb, 'grandTotal', 1659)
          FROM generate_series(1, ${CUSTOMERS}) c, generate_series(1, ${HISTORY}) h
          WHERE (c - 1) % ${SHOPS} = ${n}`);
  }
  await database.db.execute(sql`VACUUM ANALYZE`);
  // Every order from here on (probe, warm-ups and rounds of both sides) is one webhook per endpoint.
  const since = (await database.db.execute<{ t: Date }>(sql`SELECT now() AS t`)).rows[0].t;
  const traffic = {
    app: { post: orders.map((o) => ({ path: `/api/storefront/shops/${o.shopId}/orders`, body: o.body })), okStatus: 201 },
    bare: { post: orders.map((o) => ({ path: `/bare/shops/${o.shopId}/orders`, body: o.body })), okStatus: 201 },
  };

  return withBare(
    () => bareOrdersApp(bench.url, POOL_MAX, { accepted: KITCHEN === 'auto' }),
    async (bare) => {
      const ports = { app: port, bare: bare.port };
      const probe = await postLoad({
        port: ports.app,
        headers: {},
        requests: traffic.app.post,
        seconds: 0.2,
        connections: CONNECTIONS,
        okStatus: 201,
      });
      if (!probe.requests) throw new Error(`The app refused the bench order (${probe.errors} errors)`);
      const cpu = { app: { ms: 0, pgMs: 0 as number | null, orders: 0 }, bare: { ms: 0, pgMs: 0 as number | null, orders: 0 } };
      const metrics = await compareUnderLoad({
        ports,
        traffic,
        seconds: SECONDS,
        rounds: ROUNDS,
        connections: CONNECTIONS,
        warmupSeconds: 1,
        // Every order (either side's: the trigger queues it) queues its alerts' fan-out, which the app's workers run:
        // each round starts once the last round's are done, so neither side's round runs the other's.
        // The same for the webhooks: what one round's orders send is out before the next round starts.
        settle: async () => {
          await queueDrained(database.db);
          if (receivers && !(await webhooksDone(database.db, WEBHOOKS_DEADLINE_MS))) throw new Error('The webhooks were not out in time');
        },
        meter: (which) => {
          const meter = cpuMeter(bench.dataDir);
          return (r) => {
            const used = meter.read();
            const pgMs = used.postgresMs === null ? '?' : round(used.postgresMs / r.requests);
            roundLog(`${which}: node ${round(used.nodeMs / r.requests)} ms, postgres ${pgMs} ms an order`);
            cpu[which].ms += used.nodeMs;
            cpu[which].pgMs = used.postgresMs === null || cpu[which].pgMs === null ? null : cpu[which].pgMs + used.postgresMs;
            cpu[which].orders += r.requests;
          };
        },
      });
      // CPU per order: what a loaded machine does not distort (node includes the load generator's thread, alike for both).
      const perOrder = (which: 'app' | 'bare') => ({
        node: cpu[which].ms / cpu[which].orders,
        pg: cpu[which].pgMs === null ? Number.NaN : cpu[which].pgMs / cpu[which].orders,
      });
      const ca = perOrder('app');
      const cb = perOrder('bare');
      const hooks = receivers ? await webhookFigures(database.db, receivers, since) : {};
      return {
        name: 'order-placement',
        params: {
          connections: CONNECTIONS,
          shops: SHOPS,
          customers: CUSTOMERS,
          seconds: SECONDS,
          rounds: ROUNDS,
          poolMax: POOL_MAX,
          loyalty: LOYALTY ? `on, ${STAMPS_PER_CARD} stamps a card` : 'off',
          alerts: ALERTS ? 'on, an alert list and 2 members: 3 mails an order' : 'off',
          webhooks: WEBHOOKS ? `${WEBHOOKS} endpoints subscribed to order.placed, receivers on loopback answering 204` : 'off',
          ...machineParams(bench.source),
        },
        metrics: {
          ...metrics,
          appNodeCpuMsPerOrder: round(ca.node),
          appPgCpuMsPerOrder: round(ca.pg),
          bareNodeCpuMsPerOrder: round(cb.node),
          barePgCpuMsPerOrder: round(cb.pg),
          cpuRatio: round((cb.node + cb.pg) / (ca.node + ca.pg)),
          ...hooks,
        },
        unit: 'req/s, ms',
      };
    },
  );
}

/**
 * Waits for the last webhooks, then counts them at the receivers: each order placed since `since` (both sides') once
 * per endpoint, none twice, and the sample's signatures verified.
 */
async function webhookFigures(db: Db, receivers: Awaited<ReturnType<typeof benchReceivers>>, since: Date) {
  const t0 = performance.now();
  const out = await webhooksDone(db, WEBHOOKS_DEADLINE_MS);
  const drainSeconds = (performance.now() - t0) / 1000;
  const orders = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE placed_at >= ${since}`)).rows[0].n;
  const got = await receivers.report();
  const expected = orders * WEBHOOKS;
  const delivered = got.arrivals.length;
  console.log(
    `webhooks: ${delivered} delivered of ${expected} (${orders} orders × ${WEBHOOKS} endpoints)` +
      `${out ? '' : ', NOT all out by the deadline'}, ${got.duplicates} duplicates, ` +
      `${got.verified} signatures verified of the sample, ${got.badSignatures} bad; ` +
      `the last out ${round(drainSeconds)} s after the last round`,
  );
  return {
    webhooksDelivered: delivered,
    webhooksExpected: expected,
    webhooksDuplicates: got.duplicates,
    webhooksBadSignatures: got.badSignatures,
    webhooksDrainSeconds: round(drainSeconds),
  };
}
