import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';

let world: ShopWorld;
beforeAll(async () => {
  world = await shopWorld();
});
afterAll(async () => world.ctx.close());

const get = (url: string, user = world.owner) => world.ctx.app.inject({ url, headers: user.headers });

describe("a list's sort, range and filter", () => {
  it('read an empty value as absent: the first page, in the default order, unfiltered', async () => {
    for (const list of ['items', 'orders', 'posts', 'promotions', 'bookings']) {
      const url = `/api/shops/${world.shop.id}/${list}`;
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      for (const query of ['sort=', 'range=', 'filter=', 'sort=&range=&filter=']) {
        const res = await get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
        expect(res.headers['content-range'], `${url}?${query}`).toBe(plain.headers['content-range']);
      }
    }
    const review = await get('/api/shops/review?range=', world.superAdmin);
    expect(review.statusCode, review.body).toBe(200);
    expect((await get('/api/shops?sort=&range=&filter=')).statusCode).toBe(200);
  });

  it('still refuse a value that is there but not JSON', async () => {
    const res = await get(`/api/shops/${world.shop.id}/items?range=x`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { range: 'range should be JSON' } });
  });
});
