import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { createShop } from '../../helpers/shopWorld';

/*
 * GET /api/shops?sort=["attention","ASC"]: the owner's list puts what needs them first (a refused shop, one never
 * sent for review, one waiting for it, then the listed ones), by name within each, ordered by the server so the
 * order holds across pages.
 */
let ctx: TestContext;
let seller: TestUser;
const STATUSES = ['PUBLISHED', 'WAITING_FOR_REVIEW', 'UNPUBLISHED', 'REJECTED', null] as const;
const RANK: Record<string, number> = { REJECTED: 0, UNPUBLISHED: 1, WAITING_FOR_REVIEW: 2, PUBLISHED: 3 };

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUser(ctx, { email: 'thirty@example.com' });
  // 30 shops, created in an order that is neither the attention order nor the name order.
  for (let i = 0; i < 30; i++) {
    const shop = await createShop(ctx, seller, { name: `Shop ${String((i * 7) % 30).padStart(2, '0')}` });
    // No listing record (null) reads as UNPUBLISHED.
    await ctx.pool.query('UPDATE shops SET listing_status = $2 WHERE id = $1', [shop.id, STATUSES[i % STATUSES.length]]);
  }
}, 120_000);
afterAll(() => ctx.close());

type Row = { name: string; listing: { status: string } };
const page = async (from: number, to: number, order = 'ASC') => {
  const q = new URLSearchParams({ sort: JSON.stringify(['attention', order]), range: JSON.stringify([from, to]) });
  const res = await ctx.app.inject({ url: `/api/shops?${q}`, headers: seller.headers });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Row[], range: res.headers['content-range'] };
};

describe('GET /api/shops sorted by attention', () => {
  it('orders all 30 across two pages: refused, never sent, waiting, listed; by name within each', async () => {
    const first = await page(0, 19);
    const second = await page(20, 39);
    expect(first.range).toBe('shops 0-19/30');
    expect(second.range).toBe('shops 20-29/30');
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((s) => s.name)).size).toBe(30);
    const expected = [...all].sort((a, b) => RANK[a.listing.status] - RANK[b.listing.status] || a.name.localeCompare(b.name));
    expect(all.map((s) => s.name)).toEqual(expected.map((s) => s.name));
    expect(all.map((s) => s.listing.status).slice(0, 6)).toEqual(Array(6).fill('REJECTED'));
    // The first page ends inside the waiting shops and the second goes on with them: no page is sorted on its own.
    expect(first.rows.at(-1)!.listing.status).toBe('WAITING_FOR_REVIEW');
    expect(second.rows[0].listing.status).toBe('WAITING_FOR_REVIEW');
    expect(second.rows.at(-1)!.listing.status).toBe('PUBLISHED');
  });

  it('puts the listed shops first when turned around, still by name within each', async () => {
    const { rows } = await page(0, 29, 'DESC');
    expect(rows.map((s) => s.listing.status).slice(0, 6)).toEqual(Array(6).fill('PUBLISHED'));
    expect(rows.slice(0, 6).map((s) => s.name)).toEqual(
      rows
        .slice(0, 6)
        .map((s) => s.name)
        .sort(),
    );
    expect(rows.at(-1)!.listing.status).toBe('REJECTED');
  });

  it('counts the filtered list in Content-Range', async () => {
    const q = new URLSearchParams({
      sort: JSON.stringify(['attention', 'ASC']),
      range: JSON.stringify([0, 4]),
      filter: JSON.stringify({ 'listing.status': 'UNPUBLISHED' }),
    });
    const res = await ctx.app.inject({ url: `/api/shops?${q}`, headers: seller.headers });
    expect(res.headers['content-range']).toBe('shops 0-4/12');
  });

  it('names the sort in its error for an unknown one', async () => {
    const q = new URLSearchParams({ sort: JSON.stringify(['needs', 'ASC']) });
    const res = await ctx.app.inject({ url: `/api/shops?${q}`, headers: seller.headers });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('attention');
  });
});
