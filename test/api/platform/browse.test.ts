import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { createShop } from '../../helpers/shopWorld';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
const created: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  admin = await createUser(ctx, { superAdmin: true });
  for (let i = 0; i < 25; i++) created.push((await createShop(ctx, owner, { name: `Shop Number ${i}` })).id);
  // Several shops created in the same microsecond must still page without gaps or repeats.
  await ctx.pool.query(
    `UPDATE shops SET created_at = '2026-01-01T00:00:00.123456Z' WHERE name IN ('Shop Number 3', 'Shop Number 4', 'Shop Number 5')`,
  );
});
afterAll(() => ctx.close());

const browse = (query = '', user: TestUser | null = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/shops/browse${query}`, headers: user?.headers });

describe('GET /api/shops/browse', () => {
  it('pages through every shop, newest first, 20 at a time, with nothing missed or repeated', async () => {
    const first = await browse();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(20);
    expect(first.json().data[0].name).toBe('Shop Number 24');
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const second = await browse(`?cursor=${first.json().nextCursor}`);
    expect(second.json().data).toHaveLength(5);
    expect(second.json().nextCursor).toBeNull();
    const seen = [...first.json().data, ...second.json().data].map((s: { id: string }) => s.id);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it('honours a smaller limit and ends with a null cursor when the last page is exactly full', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await browse(`?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.json().data.length).toBeLessThanOrEqual(5);
      ids.push(...res.json().data.map((s: { id: string }) => s.id));
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(ids).size).toBe(25);
  });

  it('refuses a forged cursor or a bad limit with 400', async () => {
    const bad = await browse('?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This page link is no longer valid. Start again from the first page.');
    const injected = Buffer.from(JSON.stringify(["2026-01-01'; DROP TABLE shops; --", created[0]])).toString('base64url');
    expect((await browse(`?cursor=${injected}`)).statusCode).toBe(400);
    expect((await browse('?limit=0')).statusCode).toBe(400);
    expect((await browse('?limit=101')).statusCode).toBe(400);
  });

  it('is for super admins only', async () => {
    expect((await browse('', null)).statusCode).toBe(401);
    expect((await browse('', owner)).statusCode).toBe(403);
  });
});
