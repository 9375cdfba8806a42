import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { createShop } from '../../helpers/shopWorld';

let ctx: TestContext;
let seller: TestUser;
let reviewer: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUser(ctx, { email: 'pager@example.com' });
  reviewer = await createUser(ctx, { email: 'reviewer@example.com', superAdmin: true });
  for (const name of ['Alpha Cafe', 'Bravo Bakery', 'Charlie Grill', 'Delta Deli', 'Echo Espresso'])
    await createShop(ctx, seller, { name });
});
afterAll(() => ctx.close());

const range = (a: number, b: number) => `range=${encodeURIComponent(JSON.stringify([a, b]))}`;
const list = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/shops?${query}`, headers: seller.headers });

/** What the request sent to PostgreSQL, in order. */
async function queriesOf<T>(fn: () => Promise<T>): Promise<string[]> {
  const spy = vi.spyOn(ctx.pool, 'query');
  try {
    await fn();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/shops: the page and its total', () => {
  it('reads the page and the total in one query (beside the session check)', async () => {
    const sent = await queriesOf(() => list(range(0, 1)));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/from "sessions"/i);
    expect(sent[1]).toMatch(/count\(\*\) over \(\)/i);
  });

  it('states the whole total on every page', async () => {
    const first = await list(`sort=${encodeURIComponent('["name","ASC"]')}&${range(0, 1)}`);
    expect(first.json().map((s: { name: string }) => s.name)).toEqual(['Alpha Cafe', 'Bravo Bakery']);
    expect(first.headers['content-range']).toBe('shops 0-1/5');
    const last = await list(`sort=${encodeURIComponent('["name","ASC"]')}&${range(4, 9)}`);
    expect(last.json().map((s: { name: string }) => s.name)).toEqual(['Echo Espresso']);
    expect(last.headers['content-range']).toBe('shops 4-4/5');
  });

  it('counts separately only for an empty page past the first, so Content-Range still has the total', async () => {
    let res;
    const sent = await queriesOf(async () => (res = await list(range(20, 39))));
    expect(res!.json()).toEqual([]);
    expect(res!.headers['content-range']).toBe('shops */5');
    expect(sent).toHaveLength(3);
  });

  it('says 0 for a filter that matches nothing, without a second query', async () => {
    let res;
    const sent = await queriesOf(async () => (res = await list(`filter=${encodeURIComponent('{"q":"zzz"}')}`)));
    expect(res!.headers['content-range']).toBe('shops */0');
    expect(sent).toHaveLength(2);
  });

  it.each(['name', 'createdAt', 'updatedAt', 'country', 'locality', 'listing.status', 'attention', 'id'])(
    'sorts by %s both ways',
    async (field) => {
      const sorted = async (order: string) =>
        ((await list(`sort=${encodeURIComponent(JSON.stringify([field, order]))}&${range(0, 9)}`)).json() as { id: string }[]).map(
          (s) => s.id,
        );
      const [up, down] = [await sorted('ASC'), await sorted('DESC')];
      expect(up).toHaveLength(5);
      expect(new Set(up)).toEqual(new Set(down));
      if (field === 'name' || field === 'id') expect(down).toEqual([...up].reverse());
    },
  );

  it('matches % and _ in the text filter literally', async () => {
    const res = await list(`filter=${encodeURIComponent('{"q":"%"}')}`);
    expect(res.json()).toEqual([]);
  });

  it('sends only the fields of the shop schema', async () => {
    const [shop] = (await list(range(0, 0))).json() as Record<string, unknown>[];
    expect(Object.keys(shop).sort()).toEqual(
      [
        'id',
        'type',
        'name',
        'description',
        'locality',
        'logo',
        'timezone',
        'country',
        'countries',
        'demo',
        'updatedBy',
        'listing',
        'role',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });
});

describe('GET /api/shops/review: the queue and its length', () => {
  const queue = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/shops/review?${query}`, headers: reviewer.headers });

  it("reads the page and the total in one query (beside the session check and the reviewer's roles)", async () => {
    let res;
    const sent = await queriesOf(async () => (res = await queue(range(1, 2))));
    expect(res!.json().map((s: { name: string }) => s.name)).toEqual(['Bravo Bakery', 'Charlie Grill']);
    expect(res!.headers['content-range']).toBe('shops 1-2/5');
    expect(sent.filter((q) => /count\(/i.test(q))).toEqual([expect.stringMatching(/count\(\*\) over \(\)/i)]);
  });

  it('keeps the total for an empty page past the end', async () => {
    const res = await queue(range(10, 19));
    expect(res.json()).toEqual([]);
    expect(res.headers['content-range']).toBe('shops */5');
  });
});
