import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { login } from '../../helpers/users';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { loadPostsDemo } from '../../../server/areas/posts/demo';
import { DEMO_PASSWORD } from '../../../server/areas/accounts/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadPostsDemo', () => {
  it('gives every demo shop a few posts (one scheduled) and billboards customers can load, once', async () => {
    await loadShopsDemo(ctx.services);
    await loadPostsDemo(ctx.services);
    const owner = await login(ctx, 'owner@servery.demo', DEMO_PASSWORD);
    const shops = (await ctx.app.inject({ method: 'GET', url: '/api/shops?range=[0,49]', headers: owner.headers })).json() as { id: string; listing: { status: string } }[];
    expect(shops.length).toBeGreaterThan(0);
    for (const shop of shops) {
      const posts = (await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}/posts`, headers: owner.headers })).json() as { status: string }[];
      expect(posts.map((p) => p.status).sort()).toEqual(['LIVE', 'LIVE', 'SCHEDULED']);
      const boards = (await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}/billboards`, headers: owner.headers })).json();
      expect(boards.images).toHaveLength(3);
      const banner = await ctx.app.inject({ method: 'GET', url: `/api/media/${boards.images[0].path}?w=300` });
      expect(banner.statusCode).toBe(200);
    }
    const published = shops.find((s) => s.listing.status === 'PUBLISHED')!;
    const live = (await ctx.app.inject({ method: 'GET', url: `/api/storefront/shops/${published.id}/posts` })).json();
    expect(live.data).toHaveLength(2);
    // Loading again adds nothing.
    const before = await ctx.pool.query('SELECT count(*)::int AS n FROM posts');
    expect(await loadPostsDemo(ctx.services)).toEqual([]);
    expect((await ctx.pool.query('SELECT count(*)::int AS n FROM posts')).rows).toEqual(before.rows);
  });
});
