import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { storedImage } from '../../helpers/images';
import { createUser, type TestUser } from '../../helpers/users';
import { shops } from '../../../server/infra/db/tables';
import { createShop } from '../../helpers/shopWorld';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx, { email: 'owner@example.com' });
  admin = await createUser(ctx, { email: 'root@example.com', superAdmin: true });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, user: TestUser | null, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: user?.headers, payload });

describe('GET /api/shops/review', () => {
  it('lists shops waiting for review, oldest submission first, with a Content-Range', async () => {
    const first = await createShop(ctx, owner, { name: 'First In Line' });
    ctx.clock.advance(60_000);
    const second = await createShop(ctx, owner, { name: 'Second In Line' });
    ctx.clock.advance(60_000);
    const published = await createShop(ctx, owner, { name: 'Already Live' });
    await call('POST', `/api/shops/${published.id}/approve`, admin);
    // Editing the first does not move it back in the queue; only a resubmission after rejection does.
    ctx.clock.advance(60_000);
    await call('POST', `/api/shops/${second.id}/reject`, admin, { rejectReason: 'Needs a real logo' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${second.id}`,
      headers: owner.headers,
      payload: {
        name: 'Second In Line',
        description: 'Coffee and cakes all day',
        locality: 'Surry Hills',
        logo: { path: await storedImage(ctx, owner) },
        timezone: 'Australia/Sydney',
      },
    });

    const res = await call('GET', '/api/shops/review', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
    expect(res.json()[0]).toMatchObject({ listing: { status: 'WAITING_FOR_REVIEW', rejectReason: null }, role: null });
    expect(res.headers['content-range']).toBe('shops 0-1/2');
    const page = await call('GET', `/api/shops/review?range=${encodeURIComponent('[1,1]')}`, admin);
    expect(page.json().map((s: { id: string }) => s.id)).toEqual([second.id]);
    expect(page.headers['content-range']).toBe('shops 1-1/2');
  });

  it('is for super admins only', async () => {
    expect((await call('GET', '/api/shops/review', null)).statusCode).toBe(401);
    const res = await call('GET', '/api/shops/review', owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not allowed to do this.');
  });
});

describe('POST /api/shops/:shopId/approve and /reject', () => {
  it('publishes a shop', async () => {
    const shop = await createShop(ctx, owner);
    const res = await call('POST', `/api/shops/${shop.id}/approve`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: shop.id, listing: { status: 'PUBLISHED', rejectReason: null } });
  });

  it('rejects a shop with the reason, and approving later clears it', async () => {
    const shop = await createShop(ctx, owner);
    const res = await call('POST', `/api/shops/${shop.id}/reject`, admin, { rejectReason: '  The logo is a photo of a cat  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing).toEqual({ status: 'REJECTED', rejectReason: 'The logo is a photo of a cat' });
    const seen = await call('GET', `/api/shops/${shop.id}`, owner);
    expect(seen.json().listing).toEqual({ status: 'REJECTED', rejectReason: 'The logo is a photo of a cat' });
    const approved = await call('POST', `/api/shops/${shop.id}/approve`, admin);
    expect(approved.json().listing).toEqual({ status: 'PUBLISHED', rejectReason: null });
  });

  it.each([
    [{}, 'Please give a reason for rejecting this shop.'],
    [{ rejectReason: '   ' }, 'Please give a reason for rejecting this shop.'],
    [{ rejectReason: 'x'.repeat(501) }, 'should not be larger than 500 characters'],
  ])('refuses the rejection %j with 400: %s', async (payload, message) => {
    const shop = await createShop(ctx, owner);
    const res = await call('POST', `/api/shops/${shop.id}/reject`, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { rejectReason: message } });
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row.listingStatus).toBe('WAITING_FOR_REVIEW');
  });

  it('is for super admins only, even for the shop admin, and changes nothing otherwise', async () => {
    const shop = await createShop(ctx, owner);
    for (const action of ['approve', 'reject']) {
      expect((await call('POST', `/api/shops/${shop.id}/${action}`, null, { rejectReason: 'x' })).statusCode).toBe(401);
      expect((await call('POST', `/api/shops/${shop.id}/${action}`, owner, { rejectReason: 'x' })).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row.listingStatus).toBe('WAITING_FOR_REVIEW');
  });

  it('answers 404 for an unknown shop', async () => {
    const id = '0d7c3f7e-1111-4111-8111-111111111111';
    const res = await call('POST', `/api/shops/${id}/approve`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Cannot find shop with id ${id}`);
  });
});
