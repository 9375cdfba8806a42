import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { databaseBefore } from '../../helpers/migrations';
import { customerMobile } from '../../../domain/contact';

/*
 * The normalize_mobiles migration on a database whose orders kept mobiles as typed: the common spellings of each shop
 * country's numbers become what placing an order stores today (customerMobile), so old and new orders of one
 * customer count together.
 */
const MIGRATION = '0027_normalize_mobiles';
let db: Awaited<ReturnType<typeof databaseBefore>>;
let client: pg.Client;
beforeAll(async () => {
  db = await databaseBefore(inject('pgAdminUrl'), MIGRATION, 'servery_mobiles');
  client = db.client;
});
afterAll(() => db?.drop());

const TIMEZONES: Record<string, string> = { AU: 'Australia/Sydney', NZ: 'Pacific/Auckland', GB: 'Europe/London', US: 'America/New_York' };

const newShop = async (country: string) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO shops (name, description, locality, timezone, country)
       VALUES ($1, 'Coffee and cakes', 'Newtown', $2, $3) RETURNING id`,
      [`${country} Cafe`, TIMEZONES[country], country],
    )
  ).rows[0].id;

const newOrder = async (shopId: string, mobile: string) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type,
         placed_at, grand_total, cart)
       VALUES ($1, 'NEW', 'UNPAID', 'CASH', 'Cathy', $2, 'PICKUP', now(), 900, '{}'::jsonb) RETURNING id`,
      [shopId, mobile],
    )
  ).rows[0].id;

/** Spellings orders kept (digits and a leading +, as the order schema left them), by shop country. */
const TYPED: Record<string, string[]> = {
  AU: [
    '0454630000',
    '+61454630000',
    '0061454630000',
    '61454630000',
    '001161454630000',
    '0291234567',
    '+447911123456',
    '00493012345678',
    '123456',
  ],
  NZ: ['0211234567', '64211234567', '0064211234567', '+64211234567', '093001234'],
  GB: ['07911123456', '447911123456', '00447911123456', '+447911123456'],
  US: ['2025550123', '12025550123', '0012025550123', '01112025550123', '+12025550123'],
};

describe('the normalize_mobiles migration', () => {
  it("rewrites each shop's orders' mobiles as placing an order stores them now, and leaves the rest as they were", async () => {
    const orders: { id: string; country: string; typed: string }[] = [];
    for (const [country, spellings] of Object.entries(TYPED)) {
      const shopId = await newShop(country);
      for (const typed of spellings) orders.push({ id: await newOrder(shopId, typed), country, typed });
    }

    await db.migrateRest();

    const stored = new Map(
      (await client.query<{ id: string; mobile: string }>('SELECT id, mobile FROM orders')).rows.map((r) => [r.id, r.mobile]),
    );
    const got = orders.map((o) => `${o.country} ${o.typed} → ${stored.get(o.id)}`);
    expect(got).toEqual(orders.map((o) => `${o.country} ${o.typed} → ${customerMobile(o.typed, o.country)}`));
    expect(got).toContain('AU 0061454630000 → +61454630000');
    expect(got).toContain('AU 123456 → 123456');
  });
});
