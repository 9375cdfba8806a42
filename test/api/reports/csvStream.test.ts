import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { replayed } from '../../helpers/replica';

/*
 * The orders CSV over real HTTP at a size that takes many cursor fetches: every row arrives, in order; a reader that
 * goes away mid-export stops the cursor and gives its database connection back.
 */
let w: ShopWorld;
let base: string;
// Enough rows that the export takes the server a while: the reader below leaves long before the last one.
const ROWS = 100_000;
const range = { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' };

beforeAll(async () => {
  w = await shopWorld();
  // Bulk-loaded around the per-row triggers (numbering, alerts, daily totals), as an import would.
  const triggers = ['orders_report_insert', 'orders_assign_number', 'orders_alerts'];
  for (const t of triggers) await w.ctx.db.execute(sql.raw(`ALTER TABLE orders DISABLE TRIGGER ${t}`));
  await w.ctx.db.execute(sql`
    INSERT INTO orders (shop_id, number, order_status_restaurant, payment_status, payment_type, customer_name, mobile,
      collection_type, placed_at, accepted_at, grand_total, delivery_charges, cart)
    SELECT ${w.shop.id}::uuid, 1000 + i, 'ACCEPTED', 'UNPAID', 'CASH', 'Customer ' || i, '+614' || lpad(i::text, 8, '0'),
      'PICKUP', '2026-01-02T00:00:00Z'::timestamptz + i * interval '30 seconds', '2026-01-02T00:00:00Z'::timestamptz,
      1000 + i, 0, '{"items": []}'::jsonb
    FROM generate_series(1, ${ROWS}::integer) AS i`);
  for (const t of triggers) await w.ctx.db.execute(sql.raw(`ALTER TABLE orders ENABLE TRIGGER ${t}`));
  // The exports read the replica when there is one.
  await replayed(w.ctx);
  await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(w.ctx.app.server.address() as AddressInfo).port}/api/reports/shops/${w.shop.id}`;
});
afterAll(() => w.ctx.close());

const csvUrl = () => `${base}/orders.csv?${new URLSearchParams(range)}`;
const busyClients = () => w.ctx.pool.totalCount - w.ctx.pool.idleCount;

describe('a large CSV export', () => {
  it('streams every row once, oldest first, in writes larger than a line', async () => {
    const res = await fetch(csvUrl(), { headers: w.staff.headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    let chunks = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      chunks += 1;
      text += new TextDecoder().decode(r.value);
    }
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(ROWS + 1);
    // Mobiles as an Australian writes them (0412 345 678): nothing starts with +, so no cell needs a quote.
    const national = (i: number) =>
      String(i)
        .padStart(8, '0')
        .replace(/^(\d{2})(\d{3})(\d{3})$/, '04$1 $2 $3');
    expect(lines[1]).toContain(`,${national(1)},`);
    expect(lines[ROWS]).toContain(`,${national(ROWS)},`);
    expect(lines[ROWS]).toContain(`,${((1000 + ROWS) / 100).toFixed(2)},`);
    // About 7 MB: a write per line would be 100,000 chunks.
    expect(chunks).toBeLessThan(ROWS / 10);
  });

  it('stops reading and gives the connection back when the reader goes away', async () => {
    const before = busyClients();
    // The reader hangs up as soon as the first bytes arrive, while the cursor still has most of the rows to read.
    const first = await new Promise<string>((resolve, reject) => {
      const req = http.get(csvUrl(), { headers: w.staff.headers }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.toString('utf8'));
        });
      });
      req.on('error', (e) => (e.message === 'socket hang up' || /aborted/.test(e.message) ? undefined : reject(e)));
    });
    expect(first.startsWith('Order Time,Store,')).toBe(true);
    await expect.poll(busyClients, { timeout: 10_000 }).toBe(before);
    // Its backend is gone too (a cursor cut off mid-read is not reused).
    const exporting = async () =>
      (
        await w.ctx.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%ORDER BY placed_at, id%'`,
        )
      ).rows[0].n;
    await expect.poll(exporting, { timeout: 10_000 }).toBe(0);
    // The next export is whole.
    const again = await w.ctx.app.inject({ url: csvUrl().replace(/^http:\/\/[^/]+/, ''), headers: w.staff.headers });
    expect(again.body.trimEnd().split('\n')).toHaveLength(ROWS + 1);
  });
});
