import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { databaseBefore } from '../../helpers/migrations';

/*
 * The order_number migration on a database that already holds orders: each shop's orders are numbered from 1001 in
 * the order they were placed, and the next order continues from the last of them.
 */
const MIGRATION = '0022_order_number';
let db: Awaited<ReturnType<typeof databaseBefore>>;
let client: pg.Client;
beforeAll(async () => {
  db = await databaseBefore(inject('pgAdminUrl'), MIGRATION, 'servery_backfill');
  client = db.client;
});
afterAll(() => db?.drop());

const newShop = async (shopName: string) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO shops (name, description, locality, timezone, country)
       VALUES ($1, 'Coffee and cakes', 'Newtown', 'Australia/Sydney', 'AU') RETURNING id`,
      [shopName],
    )
  ).rows[0].id;

const newOrder = (shopId: string, customer: string, placedAt: string) =>
  client.query(
    `INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type,
       placed_at, grand_total, cart)
     VALUES ($1, 'NEW', 'UNPAID', 'CASH', $2, '+61400000001', 'PICKUP', $3, 900, '{}'::jsonb)`,
    [shopId, customer, placedAt],
  );

const numbers = async (shopId: string) =>
  (
    await client.query<{ customer_name: string; number: number }>(
      'SELECT customer_name, number FROM orders WHERE shop_id = $1 ORDER BY number',
      [shopId],
    )
  ).rows.map((r) => `${r.number} ${r.customer_name}`);

describe('the order_number migration', () => {
  it('numbers existing orders per shop in placed order from 1001, and new orders continue from there', async () => {
    const a = await newShop('Alpha Cafe');
    const b = await newShop('Beta Cafe');
    const empty = await newShop('Gamma Cafe');
    await newOrder(a, 'Second', '2026-11-20T10:00:00Z');
    await newOrder(a, 'First', '2026-11-20T09:00:00Z');
    await newOrder(b, 'Only', '2026-11-21T09:00:00Z');
    await newOrder(a, 'Third', '2026-11-22T09:00:00Z');

    await db.migrateRest();

    expect(await numbers(a)).toEqual(['1001 First', '1002 Second', '1003 Third']);
    expect(await numbers(b)).toEqual(['1001 Only']);
    await newOrder(a, 'Fourth', '2026-11-23T09:00:00Z');
    await newOrder(b, 'Next', '2026-11-23T09:00:00Z');
    await newOrder(empty, 'Opening', '2026-11-23T09:00:00Z');
    expect(await numbers(a)).toEqual(['1001 First', '1002 Second', '1003 Third', '1004 Fourth']);
    expect(await numbers(b)).toEqual(['1001 Only', '1002 Next']);
    expect(await numbers(empty)).toEqual(['1001 Opening']);
  });
});
