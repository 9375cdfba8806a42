import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { explainSearch, searchShops } from '../../../server/areas/platform/repoSearch';
import { addSeller, createShop } from '../../helpers/shopWorld';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  admin = await createUser(ctx, { superAdmin: true });
  const shops: [string, string, string][] = [
    ['Cappuccino Corner', 'Coffee and cakes all day', 'Surry Hills'],
    ['Corner Bakery', 'Sourdough and pastries', 'Fitzroy'],
    ['Luigi Pizza Bar', 'Wood-fired pizza daily', 'Newtown'],
    ['Pizza', 'Just pizza, nothing else', 'Glebe'],
    ['Green Bowl', 'Vegan bowls, 100% organic', 'Bondi Beach'],
    ['Espresso Lab', 'Single origin espresso', 'Surry Hills'],
  ];
  for (const [name, description, locality] of shops) await createShop(ctx, owner, { name, description, locality });
});
afterAll(() => ctx.close());

const search = (q: string, user: TestUser | null = admin, extra = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/shops/search?q=${encodeURIComponent(q)}${extra}`, headers: user?.headers });
const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((s) => s.name);

describe('GET /api/shops/search', () => {
  it("tolerates typos: 'capucino' finds 'Cappuccino Corner'", async () => {
    const res = await search('capucino');
    expect(res.statusCode).toBe(200);
    expect(names(res)[0]).toBe('Cappuccino Corner');
    expect(res.json()[0]).toMatchObject({ country: 'AU', listing: { status: 'WAITING_FOR_REVIEW' }, role: null });
  });

  it('finds words in any order and with a typo in one of them', async () => {
    expect(names(await search('corner capucino'))).toEqual(['Cappuccino Corner']);
    expect(names(await search('surry espreso'))).toEqual(['Espresso Lab']);
  });

  it('ranks an exact name first, then names starting with the query, then other matches', async () => {
    expect(names(await search('pizza'))).toEqual(['Pizza', 'Luigi Pizza Bar']);
    expect(names(await search('corner'))).toEqual(['Corner Bakery', 'Cappuccino Corner']);
  });

  it('searches the description and the locality too, case-insensitively', async () => {
    expect(names(await search('SOURDOUGH'))).toEqual(['Corner Bakery']);
    expect(names(await search('surry hills')).sort()).toEqual(['Cappuccino Corner', 'Espresso Lab']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(names(await search('100%'))).toEqual(['Green Bowl']);
    expect((await searchShops(ctx.db, '%')).map((s) => s.name)).toEqual(['Green Bowl']);
    expect(await searchShops(ctx.db, '_')).toEqual([]);
  });

  it('answers [] for an empty query or one that matches nothing, and honours limit', async () => {
    expect((await search('')).json()).toEqual([]);
    expect((await search('   ')).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shops/search', headers: admin.headers })).json()).toEqual([]);
    expect((await search('zzzzqqq')).json()).toEqual([]);
    expect(names(await search('a', admin, '&limit=2'))).toHaveLength(2);
    expect((await search('a', admin, '&limit=51')).statusCode).toBe(400);
  });

  it('finds a shop created or renamed a moment ago, typos included (the word list follows the shops)', async () => {
    const shop = await createShop(ctx, owner, { name: 'Kombucha Kiosk' });
    expect(names(await search('kombusha'))).toEqual(['Kombucha Kiosk']);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${shop.id}`,
      headers: owner.headers,
      payload: {
        name: 'Matcha Kiosk',
        description: 'Coffee and cakes all day',
        locality: 'Surry Hills',
        logo: shop.logo,
        timezone: 'Australia/Sydney',
      },
    });
    expect(names(await search('macha'))).toEqual(['Matcha Kiosk']);
  });

  it("reports the caller's own role where the super admin is also a seller", async () => {
    const shop = await createShop(ctx, owner, { name: 'Admin Owned Cafe' });
    await addSeller(ctx, shop.id, admin, 'USER');
    expect((await search('admin owned')).json()[0]).toMatchObject({ id: shop.id, role: 'USER' });
  });

  it('can be answered from the trigram index', async () => {
    // With six shops a sequential scan is cheaper, so price it out to see the index path the query allows;
    // bench/search.ts checks that PostgreSQL picks the index by itself at 100,000 shops.
    for (const q of ['capucino', 'corner capucino', 'pizza']) {
      const plan = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return explainSearch(tx, q);
      });
      expect(plan).toContain('shops_search_trgm');
      expect(plan).not.toContain('Seq Scan on shops');
    }
  });

  it('is for super admins only', async () => {
    expect((await search('cappuccino', null)).statusCode).toBe(401);
    expect((await search('cappuccino', owner)).statusCode).toBe(403);
  });
});
