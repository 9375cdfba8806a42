import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { login } from '../../helpers/users';
import { invites } from '../../../server/areas/staff/tables';
import { images, shops, shopSellers } from '../../../server/infra/db/tables';
import { loadShopsDemo } from '../../../server/areas/shops/demo';
import { DEMO_PASSWORD } from '../../../server/areas/accounts/demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadShopsDemo', () => {
  it('creates shops in every country and listing state for the demo owner, with staff, an invitation and real logos', async () => {
    const lines = await loadShopsDemo(ctx.services);
    expect(lines.some((l) => /^Demo invitation for barista@servery\.demo/.test(l))).toBe(true);

    const owner = await login(ctx, 'owner@servery.demo', DEMO_PASSWORD);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/shops?range=[0,49]', headers: owner.headers })).json() as {
      id: string; country: string; demo: boolean; role: string; logo: { path: string }; listing: { status: string; rejectReason: string | null };
    }[];
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(new Set(mine.map((s) => s.country))).toEqual(new Set(['AU', 'US', 'GB', 'NZ']));
    expect(new Set(mine.map((s) => s.listing.status))).toEqual(new Set(['PUBLISHED', 'WAITING_FOR_REVIEW', 'REJECTED', 'UNPUBLISHED']));
    expect(mine.find((s) => s.listing.status === 'REJECTED')?.listing.rejectReason).toMatch(/\w/);
    expect(mine.every((s) => s.demo && s.role === 'ADMIN')).toBe(true);

    const staff = await login(ctx, 'staff@servery.demo', DEMO_PASSWORD);
    const theirs = (await ctx.app.inject({ method: 'GET', url: '/api/shops', headers: staff.headers })).json();
    expect(theirs.map((s: { role: string }) => s.role)).toEqual(['USER']);
    const pending = await ctx.app.inject({ method: 'GET', url: `/api/shops/${theirs[0].id}/invites`, headers: staff.headers });
    expect(pending.json().map((i: { toEmail: string }) => i.toEmail)).toEqual(['barista@servery.demo']);

    for (const shop of mine) {
      const media = await ctx.app.inject({ method: 'GET', url: `/api/media/${shop.logo.path}?w=300` });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(/^image\//);
      expect(await ctx.db.$count(images, eq(images.path, shop.logo.path))).toBe(1);
    }
  });

  it('is idempotent', async () => {
    const counts = async () => [await ctx.db.$count(shops), await ctx.db.$count(shopSellers), await ctx.db.$count(invites), await ctx.db.$count(images)];
    const before = await counts();
    expect(await loadShopsDemo(ctx.services)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
