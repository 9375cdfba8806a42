import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { databaseBefore } from '../../helpers/migrations';

/*
 * The repair_out_of_range_dates migration on a database an older release filled with dates outside 2000–2100 (it took
 * year 0020, BC and 9999): nullable times emptied, required ones brought into the range, closures on such days removed,
 * and the rows with good dates left exactly as they were.
 */
let db: Awaited<ReturnType<typeof databaseBefore>>;
beforeAll(async () => {
  db = await databaseBefore(inject('pgAdminUrl'), '0025_repair_out_of_range_dates', 'servery_dates');
});
afterAll(() => db?.drop());

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.client.query<T>(text, values)).rows;
const BC = `'0001-01-01T00:00:00Z'::timestamptz - interval '1 year'`;

describe('the repair_out_of_range_dates migration', () => {
  it('empties, brings into range or removes every stored date a shop cannot mean, and leaves good ones alone', async () => {
    const [{ id: shop }] = await q<{ id: string }>(
      `INSERT INTO shops (name, description, locality, timezone, country)
       VALUES ('Old Rows Cafe', 'Coffee and cakes', 'Newtown', 'Australia/Sydney', 'AU') RETURNING id`,
    );
    const post = (title: string, publishAt: string, expireAt: string) =>
      q(`INSERT INTO posts (shop_id, title, description, publish_at, expire_at) VALUES ($1, $2, 'd', ${publishAt}, ${expireAt})`, [
        shop,
        title,
      ]);
    await post('ancient', `'0020-02-29T00:00:00Z'`, BC);
    await post('far', `'2030-01-01T00:00:00Z'`, `'9999-12-31T00:00:00Z'`);
    await post('good', `'2030-01-01T00:00:00Z'`, `'2030-02-01T00:00:00Z'`);

    const item = (name: string, until: string | null) =>
      q(
        `INSERT INTO items (shop_id, type, name, price_cents, doc, sold_out, sold_out_until) VALUES ($1, 'BASIC', $2, 100, '{}', true, $3)`,
        [shop, name, until],
      );
    await item('past', '0020-02-29T00:00:00Z');
    await item('forever', '9999-12-31T00:00:00Z');
    await item('tomorrow', '2030-01-01T00:00:00Z');

    const order = (customer: string, collectionTime: string) =>
      q(
        `INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type,
           collection_time, placed_at, grand_total, cart)
         VALUES ($1, 'NEW', 'UNPAID', 'CASH', $2, '+61400000001', 'PICKUP', $3, '2026-11-20T09:00:00Z', 900, '{}'::jsonb)`,
        [shop, customer, collectionTime],
      );
    await order('Ancient', '0020-02-29T12:00:00Z');
    await order('Soon', '2026-11-20T10:00:00Z');

    for (const date of ['0020-02-29', '2101-01-01', '2030-12-25'])
      await q(`INSERT INTO shop_closures (shop_id, date, pickup, delivery) VALUES ($1, $2, 'true', 'true')`, [shop, date]);

    const coupon = (code: string, start: string, end: string) =>
      q(
        `INSERT INTO promotions (shop_id, coupon, description, type, start_date, end_date, applicable_over_cents)
         VALUES ($1, $2, 'A coupon', 'FREE_DELIVERY', $3, $4, 0)`,
        [shop, code, start, end],
      );
    await coupon('OLD', '0020-02-29', '0020-03-01');
    await coupon('LONG', '2030-01-01', '9999-12-31');
    await coupon('GOOD', '2030-01-01', '2030-02-01');

    const booking = (name: string, day: string) =>
      q(
        `INSERT INTO bookings (shop_id, name, phone, pax, date_str, time_str, date, session, session_date, created_time, status,
           cancel_token_hash)
         VALUES ($1, $2, '+61400000001', 2, $3, '12:30', ($3 || 'T01:30:00Z')::timestamptz, 'LUNCH', $3, now(), 'NEW', 'x')`,
        [shop, name, day],
      );
    await booking('Ancient', '0020-02-29');
    await booking('Future', '9999-12-31');
    await booking('Good', '2030-01-01');

    await db.migrateRest();

    const text = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`;
    expect(await q(`SELECT title, ${text('publish_at')} AS p, ${text('expire_at')} AS e FROM posts ORDER BY title`)).toEqual([
      { title: 'ancient', p: null, e: null },
      { title: 'far', p: '2030-01-01T00:00Z', e: null },
      { title: 'good', p: '2030-01-01T00:00Z', e: '2030-02-01T00:00Z' },
    ]);
    expect(await q(`SELECT name, sold_out AS "soldOut", ${text('sold_out_until')} AS until FROM items ORDER BY name`)).toEqual([
      { name: 'forever', soldOut: true, until: null },
      { name: 'past', soldOut: false, until: null },
      { name: 'tomorrow', soldOut: true, until: '2030-01-01T00:00Z' },
    ]);
    expect(await q(`SELECT customer_name AS name, ${text('collection_time')} AS at FROM orders ORDER BY name`)).toEqual([
      { name: 'Ancient', at: null },
      { name: 'Soon', at: '2026-11-20T10:00Z' },
    ]);
    expect(await q(`SELECT date::text FROM shop_closures`)).toEqual([{ date: '2030-12-25' }]);
    expect(await q(`SELECT coupon, start_date::text AS s, end_date::text AS e FROM promotions ORDER BY coupon`)).toEqual([
      { coupon: 'GOOD', s: '2030-01-01', e: '2030-02-01' },
      { coupon: 'LONG', s: '2030-01-01', e: '2100-12-31' },
      { coupon: 'OLD', s: '2000-01-01', e: '2000-01-01' },
    ]);
    expect(await q(`SELECT name, date_str AS day, session_date AS session, ${text('date')} AS at FROM bookings ORDER BY name`)).toEqual([
      { name: 'Ancient', day: '2000-01-01', session: '2000-01-01', at: '2000-01-01T00:00Z' },
      { name: 'Future', day: '2100-12-31', session: '2100-12-31', at: '2100-12-31T23:59Z' },
      { name: 'Good', day: '2030-01-01', session: '2030-01-01', at: '2030-01-01T01:30Z' },
    ]);
  });
});
