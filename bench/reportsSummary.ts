import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { rebuildTotals } from '../server/areas/reports';
import { addDays, localDate, startOfDay } from '../domain/hours';
import { bareOrdersSummary, bareSalesSummary } from './bareReports';
import { machineParams } from './compare';
import { withBenchApp } from './harness';
import { percentile, type BenchResult } from './types';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 40);
const ZONE = 'Australia/Sydney';
const DAYS = 730;

async function p95(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm: plans, caches
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

/**
 * The reports at size: one shop with ORDERS accepted orders (plus 5% not counted) spread over the last two years.
 * A 12-month orders summary and a 12-month sales summary through the real app (HTTP, auth, rollup), each beside the
 * same figures aggregated straight from the orders table; then the 24-month CSV export: rows per second and the
 * process's peak RSS growth while it streams (the app and the reading client share this process).
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp({ poolMax: 10 }, async ({ bench, database, services, port }) => {
    const { db, pool } = database;
    const [user] = await db
      .insert(users)
      .values({
        email: 'bench@example.com',
        name: 'Bench Owner',
        passwordHash: await hashPassword('bench password 1'),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const [shop] = await db
      .insert(shops)
      .values({
        name: 'Bench Shop',
        description: 'Coffee and cakes all day',
        locality: 'Surry Hills',
        timezone: ZONE,
        country: 'AU',
        updatedBy: user!.id,
      })
      .returning({ id: shops.id });
    const shopId = shop!.id;
    await db.insert(shopSellers).values({ shopId, userId: user!.id, role: 'ADMIN' });

    const now = new Date();
    const today = localDate(now, ZONE);
    const extra = Math.round(ORDERS * 0.05);
    const seedStart = performance.now();
    // A bulk load goes around the trigger, then the kept totals are rebuilt from the orders in one pass.
    // Per-row triggers step one counter row per order (numbers) or queue a job for each (alerts): a bulk load numbers
    // its orders itself and sets the counter after.
    const BULK_TRIGGERS = ['orders_report_insert', 'orders_assign_number', 'orders_alerts'];
    for (const t of BULK_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE orders DISABLE TRIGGER ${t}`));
    const BATCH = 100_000;
    for (let start = 1; start <= ORDERS + extra; start += BATCH) {
      const end = Math.min(ORDERS + extra, start + BATCH - 1);
      await db.execute(sql`
        INSERT INTO orders (shop_id, number, order_status_restaurant, payment_status, payment_type, customer_name, mobile,
          collection_type, placed_at, accepted_at, grand_total, delivery_charges, discount, credit_card_surcharge,
          application_fee, cart)
        SELECT ${shopId}::uuid, 1000 + i,
          CASE WHEN i > ${ORDERS} THEN (ARRAY['NEW', 'DECLINED', 'CANCELLED'])[1 + i % 3] ELSE 'ACCEPTED' END,
          CASE WHEN i % 3 = 0 THEN 'PAID' ELSE 'UNPAID' END, CASE WHEN i % 3 = 0 THEN 'CREDIT_CARD' ELSE 'CASH' END,
          'Customer ' || i, '+614' || lpad((i % 100000000)::text, 8, '0'), CASE WHEN i % 4 = 0 THEN 'DELIVERY' ELSE 'PICKUP' END,
          ${now}::timestamptz - (i::double precision / ${ORDERS + extra} * ${DAYS} * interval '1 day'),
          ${now}::timestamptz - (i::double precision / ${ORDERS + extra} * ${DAYS} * interval '1 day') + interval '2 minutes',
          1000 + i % 4000, CASE WHEN i % 4 = 0 THEN 500 ELSE 0 END, CASE WHEN i % 10 = 0 THEN 200 ELSE 0 END,
          CASE WHEN i % 3 = 0 THEN 50 ELSE 0 END, CASE WHEN i % 3 = 0 THEN 22 ELSE 0 END,
          jsonb_build_object('items', jsonb_build_array(jsonb_build_object('name', 'Item ' || i % 40, 'quantity', 1 + i % 3,
            'total', 1000 + i % 4000)), 'loyaltyDiscount', 0)
        FROM generate_series(${start}::integer, ${end}::integer) AS i`);
    }
    for (const t of BULK_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE orders ENABLE TRIGGER ${t}`));
    await db.execute(sql`INSERT INTO order_number_counters (shop_id, last) VALUES (${shopId}, ${1000 + ORDERS + extra})`);
    await rebuildTotals(shopId, db, { from: addDays(today, -DAYS - 1), to: today });
    // Settled as a live database is: the bulk load's visibility map and statistics in place before anything is timed.
    for (const table of ['orders', 'report_daily', 'report_daily_items']) await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const { accessToken } = await createSession(services, user!.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    const base = `http://127.0.0.1:${port}/api/reports/shops/${shopId}`;
    const yearAgo = addDays(today, -364);
    const year = { gte: startOfDay(yearAgo, ZONE), lt: startOfDay(addDays(today, 1), ZONE) };
    const ask = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const summaryUrl = `${base}/orders/summary?${new URLSearchParams({ from: year.gte.toISOString(), to: year.lt.toISOString() })}`;
    const salesBody = JSON.stringify({ range: 'CUSTOM', from: yearAgo, to: today });
    const sales = () => ask(`${base}/sales/summary`, { method: 'POST', body: salesBody, headers: { 'content-type': 'application/json' } });

    // The app and the baseline must agree before either is timed.
    const [app, bare] = [
      (await ask(summaryUrl)) as { orders: number; net: number },
      await bareOrdersSummary(pool, shopId, year.gte, year.lt),
    ];
    if (app.orders !== Number(bare.orders) || Math.round(app.net * 100) !== Number(bare.net))
      throw new Error(`The app and the baseline disagree: ${JSON.stringify(app).slice(0, 200)} vs ${JSON.stringify(bare)}`);

    const ordersApp = await p95(RUNS, () => ask(summaryUrl));
    const ordersBare = await p95(Math.max(5, Math.round(RUNS / 4)), () => bareOrdersSummary(pool, shopId, year.gte, year.lt));
    const salesApp = await p95(RUNS, sales);
    const salesBare = await p95(Math.max(5, Math.round(RUNS / 4)), () => bareSalesSummary(pool, shopId, year.gte, year.lt, ZONE));

    // The whole two years as CSV (the longest range a report takes), read as it streams and thrown away.
    const csvUrl = `${base}/orders.csv?${new URLSearchParams({
      from: startOfDay(addDays(today, -DAYS + 1), ZONE).toISOString(),
      to: startOfDay(addDays(today, 1), ZONE).toISOString(),
    })}`;
    const { rows: counted } = await pool.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM orders WHERE shop_id = $1 AND order_status_restaurant = 'ACCEPTED'`,
      [shopId],
    );
    const rows = counted[0]!.n;
    // The reader is another process (curl), so this process's memory is the server's alone.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const csvStart = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      const curl = spawn('curl', [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        `authorization: ${headers.authorization}`,
        csvUrl,
      ]);
      let out = '';
      curl.stdout.on('data', (d) => (out += d));
      curl.on('error', reject);
      curl.on('close', () => {
        const [code, size] = out.trim().split(' ');
        if (code !== '200') reject(new Error(`CSV export answered ${code}`));
        else resolve(Number(size));
      });
    });
    const csvSeconds = (performance.now() - csvStart) / 1000;
    clearInterval(sampler);

    return {
      name: 'reports',
      params: {
        orders: ORDERS,
        notCounted: extra,
        days: DAYS,
        runs: RUNS,
        seedSeconds: Math.round(seedSeconds),
        csvRows: rows,
        csvMegabytes: Math.round(bytes / 2 ** 20),
        note: 'p95 of sequential calls; the machine is shared with other work, so absolute times are loaded ones',
        ...machineParams(bench.source),
      },
      metrics: {
        ordersSummary12mP95Ms: ordersApp,
        ordersSummaryBareSqlP95Ms: ordersBare,
        ordersSummaryRatio: ordersApp / ordersBare,
        salesSummary12mP95Ms: salesApp,
        salesSummaryBareSqlP95Ms: salesBare,
        salesSummaryRatio: salesApp / salesBare,
        csvRowsPerSecond: rows / csvSeconds,
        csvPeakRssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
      },
      unit: 'ms, ratio, rows/s, MB',
    };
  });
}
