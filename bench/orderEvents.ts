import crypto from 'node:crypto';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { insertOrder } from '../server/areas/orders/repo';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { bareEventsApp, bareInsert } from './bareEvents';
import { round, machineParams } from './compare';
import { openBare, openBenchApp, type OpenBare } from './harness';
import { sseClients, type SseRunResult } from './sseClients';
import { percentile, type BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const DASHBOARDS = Number(process.env.BENCH_EVENTS_DASHBOARDS ?? 1000);
const SHOPS = 100;
const RATE = 50;
const POOL_MAX = 10;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** The bench first stopped listening this long after the last write; deliveries after that are counted as late. */
const ON_TIME_MS = 2_000;
/** How long after the last order it still waits for the deliveries missing; those that never come are lost. */
const DEADLINE_MS = 10_000;

/**
 * Every order must reach each dashboard of its shop exactly once. Delivered: arrived within ON_TIME_MS of the last
 * write; late: arrived after that, before the deadline; lost: never arrived.
 */
function score(started: Map<string, { at: number; shopId: string }>, run: SseRunResult, perShop: number, onTimeUntil: number) {
  const latencies = run.arrivals.map(([id, at]) => at - (started.get(id)?.at ?? at)).sort((a, b) => a - b);
  const expected = started.size * perShop;
  const late = run.arrivals.filter(([, at]) => at > onTimeUntil).length;
  const delivered = run.arrivals.length - late;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    delivered: delivered / expected,
    late,
    lost: expected - run.arrivals.length,
    duplicates: run.duplicates,
    errors: run.errors,
    startReads: run.startReads,
    // Measured from the boards' own HTTP list reads while connected; 0 when every event applied in place.
    listReadsPerEvent: run.arrivals.length ? run.gapReads / run.arrivals.length : 0,
  };
}

/** Which (order, stream) pairs never arrived, with the stream's cut if it had one: where to look for a loss. */
function describeLost(started: Map<string, { at: number; shopId: string }>, run: SseRunResult, streams: string[], t0: number) {
  const got = new Set(run.arrivals.map(([id, , i]) => `${id}/${i}`));
  const cuts = new Map(run.cuts.map(([i, at, back]) => [i, { at, back }]));
  const lost: string[] = [];
  for (const [orderId, { at, shopId }] of started)
    streams.forEach((s, i) => {
      if (s !== shopId || got.has(`${orderId}/${i}`)) return;
      const cut = cuts.get(i);
      const rel = (x: number | null | undefined) => (x == null ? '-' : `${Math.round(x - t0)}ms`);
      lost.push(
        `order written at ${rel(at)} on stream ${i} (opened at ${rel(run.openedAt[i])}): ` +
          `cut at ${rel(cut?.at)}, reopened at ${rel(cut?.back)}`,
      );
    });
  return lost;
}

/**
 * Order → dashboard latency: DASHBOARDS open streams (DASHBOARDS / SHOPS per shop) while orders are written at RATE/s,
 * through the app (order row + event row + NOTIFY, streams that re-read the table) and again while every stream is cut
 * and reopened once with Last-Event-ID; beside a bare Fastify + pg LISTEN fan-out that forwards the NOTIFY payload.
 * The app's dashboards are boards: they read their list on start and apply each event in place (list reads per event).
 */
export async function run(): Promise<BenchResult> {
  const { bench, database, services, port: appPort, close } = await openBenchApp({ poolMax: POOL_MAX });
  let bare: OpenBare<Awaited<ReturnType<typeof bareEventsApp>>> | undefined;
  try {
    const created = await database.db
      .insert(shops)
      .values(
        Array.from({ length: SHOPS }, (_, i) => ({
          name: `Bench Shop ${i + 1}`,
          description: 'Coffee and cakes',
          locality: 'Surry Hills',
          timezone: 'Australia/Sydney',
          country: 'AU',
        })),
      )
      .returning({ id: shops.id });
    const shopIds = created.map((s) => s.id);
    const streams = Array.from({ length: DASHBOARDS }, (_, i) => shopIds[i % SHOPS]);
    // One staff member signed in per dashboard, as a shop's tablets are: a user may hold only a few streams at once.
    const passwordHash = await hashPassword('bench password 1');
    const staff = await database.db
      .insert(users)
      .values(
        streams.map((_, i) => ({ email: `bench${i}@example.com`, name: `Bench Staff ${i}`, passwordHash, emailVerifiedAt: new Date() })),
      )
      .returning({ id: users.id });
    await database.db.insert(shopSellers).values(staff.map((u, i) => ({ shopId: streams[i], userId: u.id, role: 'USER' as const })));
    const sessions: string[] = [];
    for (const u of staff) sessions.push((await createSession(services, u.id)).accessToken);
    const perShop = DASHBOARDS / SHOPS;
    const cart = {
      currency: 'AUD',
      items: [],
      collectionName: null,
      customerName: 'Bench',
      collectionType: 'PICKUP' as const,
      collectionTime: null,
      paymentType: 'CASH' as const,
      deliveryAddress: null,
      subtotal: 900,
      deliveryCharges: 0,
      discount: 0,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: 900,
      coupon: null,
      comments: null,
    };
    // As the ordering API writes a cash order: one statement (order, event, NOTIFY), no transaction around it.
    const appWrite = async (shopId: string, id: string) => {
      await insertOrder(shopId, database.db, {
        id,
        orderStatusRestaurant: 'NEW',
        paymentStatus: 'UNPAID',
        paymentType: 'CASH',
        customerName: 'Bench',
        mobile: '+61400000001',
        collectionType: 'PICKUP',
        placedAt: new Date(),
        grandTotal: 900,
        cart,
      } as never);
    };

    /**
     * Opens the dashboards, writes the orders, then waits for every expected delivery until DEADLINE_MS after the last
     * order; prints what never arrived.
     */
    const phase = async (
      label: string,
      port: number,
      pathOf: string,
      headersOf: Record<string, string>[],
      write: (shopId: string, orderId: string) => Promise<void>,
      cut: boolean,
      listPathOf?: string,
    ) => {
      const clients = sseClients({ port, streams, headers: headersOf, pathOf, listPathOf, cutWithinMs: cut ? SECONDS * 800 : 0 });
      const opened = await clients.ready;
      if (opened < streams.length) console.error(`${label}: only ${opened} of ${streams.length} streams opened`);
      await sleep(1500);
      const t0 = now();
      if (cut) clients.startCuts();
      const started = await writeOrders(shopIds, write);
      const lastWrite = now();
      const expected = started.size * perShop;
      while ((await clients.count()) < expected && now() < lastWrite + DEADLINE_MS) await sleep(100);
      const run = await clients.stop();
      const result = score(started, run, perShop, lastWrite + ON_TIME_MS);
      if (result.lost) {
        const lost = describeLost(started, run, streams, t0);
        console.error(`${label}: ${result.lost} of ${expected} deliveries lost, e.g.\n  ${lost.slice(0, 10).join('\n  ')}`);
      }
      return result;
    };
    const userHeaders = sessions.map((token) => ({ authorization: `Bearer ${token}` }));
    // The New Orders board's list: what each simulated board reads on start (and would read after a gap).
    const query = { filter: '{"orderStatusRestaurant":"NEW"}', range: '[0,49]' };
    const board = `/api/shops/{shop}/orders?${new URLSearchParams(query)}`;
    const steady = await phase('app', appPort, '/api/shops/{shop}/events', userHeaders, appWrite, false, board);
    const cuts = await phase('app with cuts', appPort, '/api/shops/{shop}/events', userHeaders, appWrite, true, board);
    console.log(
      `list reads per delivered event: ${round(steady.listReadsPerEvent)} steady, ${round(cuts.listReadsPerEvent)} with every stream cut ` +
        `once (goal 0; plus ${steady.startReads} and ${cuts.startReads} reads as the boards started)`,
    );

    bare = await openBare(() => bareEventsApp(bench.url));
    const barePort = bare.port;
    const base = await phase(
      'bare',
      barePort,
      '/bare/{shop}/events',
      streams.map(() => ({})),
      (shopId, id) => bareInsert(database.pool, shopId, id),
      false,
    );

    return {
      name: 'order-events',
      params: {
        dashboards: DASHBOARDS,
        shops: SHOPS,
        ordersPerSecond: RATE,
        seconds: SECONDS,
        ...machineParams(bench.source),
      },
      metrics: {
        appP50ms: round(steady.p50),
        appP99ms: round(steady.p99),
        appDeliveredPct: round(steady.delivered * 100),
        appLate: steady.late,
        appLost: steady.lost,
        appDuplicates: steady.duplicates,
        appListReadsPerEvent: round(steady.listReadsPerEvent),
        cutP99ms: round(cuts.p99),
        cutDeliveredPct: round(cuts.delivered * 100),
        cutLate: cuts.late,
        cutLost: cuts.lost,
        cutDuplicates: cuts.duplicates,
        cutListReadsPerEvent: round(cuts.listReadsPerEvent),
        bareP50ms: round(base.p50),
        bareP99ms: round(base.p99),
        bareDeliveredPct: round(base.delivered * 100),
        bareLate: base.late,
        bareLost: base.lost,
        p99Ratio: round(steady.p99 / base.p99),
        errors: steady.errors + cuts.errors + base.errors,
      },
      unit: 'ms, %',
    };
  } finally {
    await bare?.close();
    await close();
  }
}
