import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { addSeller, createShop, ownShop, shopWorld, validShop } from '../../helpers/shopWorld';
import { storedImage } from '../../helpers/images';
import { createUser, type TestUser } from '../../helpers/users';
import { shops, shopSellers } from '../../../server/infra/db/tables';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  // The world's own shops stay out of these tests; each creates the shops it looks at.
  ({ ctx, owner, outsider: other, superAdmin: admin } = await shopWorld());
});
afterAll(() => ctx.close());

const post = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/shops', headers: user?.headers, payload: payload as Record<string, unknown> });

describe('POST /api/shops', () => {
  it('creates the shop, makes the creator its ADMIN and puts it in the review queue', async () => {
    const body = await ownShop(ctx, owner);
    const res = await post(owner, body);
    expect(res.statusCode).toBe(201);
    const shop = res.json();
    expect(shop).toEqual({
      id: expect.any(String),
      ...body,
      countries: null,
      demo: false,
      updatedBy: owner.id,
      listing: { status: 'WAITING_FOR_REVIEW', rejectReason: null },
      role: 'ADMIN',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [seller] = await ctx.db.select().from(shopSellers).where(eq(shopSellers.shopId, shop.id));
    expect(seller).toMatchObject({ userId: owner.id, role: 'ADMIN' });
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row.submittedAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ name: 'ab' }, 'name', 'should be at least 3 characters'],
    [{ name: 'x'.repeat(25) }, 'name', 'should not be larger than 24 characters'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: undefined }, 'name', 'Name is required'],
    [{ description: 'too short' }, 'description', 'should be at least 10 characters'],
    [{ description: 'x'.repeat(33) }, 'description', 'should not be larger than 32 characters'],
    [{ locality: 'abc' }, 'locality', 'should be at least 4 characters'],
    [{ locality: 'x'.repeat(25) }, 'locality', 'should not be larger than 24 characters'],
    [{ logo: undefined }, 'logo', 'Logo is required'],
    [{ logo: { path: '' } }, 'logo.path', 'Logo is required'],
    [{ country: 'FR' }, 'country', 'Country is required'],
    [{ type: 'BAR' }, 'type', 'Category is required'],
    [{ timezone: 'Europe/London' }, 'timezone', 'Choose a time zone of AU'],
  ])('refuses %j with 400 on %s: %s', async (overrides, field, message) => {
    const before = await ctx.db.$count(shops);
    const res = await post(owner, validShop(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
    expect(await ctx.db.$count(shops)).toBe(before);
  });

  it("refuses a logo that is not the caller's own upload, creating nothing", async () => {
    const before = await ctx.db.$count(shops);
    for (const path of ['https://evil.example/logo.png', 'img/00000000-0000-4000-8000-000000000000.png', await storedImage(ctx, other)]) {
      const res = await post(owner, validShop({ logo: { path } }));
      expect({ path, status: res.statusCode, message: res.json().message }).toEqual({
        path,
        status: 400,
        message: 'Use an image uploaded to Servery by you or this shop. Upload it again.',
      });
    }
    expect(await ctx.db.$count(shops)).toBe(before);
  });

  it('accepts each shop country with one of its time zones', async () => {
    for (const [country, timezone] of [
      ['US', 'America/New_York'],
      ['GB', 'Europe/London'],
      ['NZ', 'Pacific/Auckland'],
    ]) {
      const res = await post(owner, await ownShop(ctx, owner, { country, timezone }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('answers 401 without a session and 403 for an unverified e-mail, creating nothing', async () => {
    const before = await ctx.db.$count(shops);
    expect((await post(null, validShop())).statusCode).toBe(401);
    const unverified = await createUser(ctx, { verified: false });
    const res = await post(unverified, validShop());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Email Not Verified');
    expect(await ctx.db.$count(shops)).toBe(before);
  });

  it('leaves nothing half-written when a step of the creation fails', async () => {
    // Make the second write (the seller row) fail inside the transaction.
    await ctx.pool.query(`CREATE FUNCTION fail_seller() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`);
    await ctx.pool.query(`CREATE TRIGGER fail_seller BEFORE INSERT ON shop_sellers FOR EACH ROW EXECUTE FUNCTION fail_seller()`);
    try {
      const before = await ctx.db.$count(shops);
      const res = await post(owner, await ownShop(ctx, owner, { name: 'Half Written' }));
      expect(res.statusCode).toBe(500);
      expect(await ctx.db.$count(shops)).toBe(before);
      expect(await ctx.db.$count(shops, eq(shops.name, 'Half Written'))).toBe(0);
    } finally {
      await ctx.pool.query('DROP TRIGGER fail_seller ON shop_sellers; DROP FUNCTION fail_seller()');
    }
  });
});

describe('GET /api/shops', () => {
  let ctx2: TestContext;
  let seller: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    ctx2 = await createTestContext();
    seller = await createUser(ctx2, { email: 'seller@example.com' });
    staff = await createUser(ctx2, { email: 'staff@example.com' });
    const stranger = await createUser(ctx2, { email: 'stranger@example.com' });
    for (const name of ['Bravo Bakery', 'Alpha Cafe', 'Charlie Grill']) await createShop(ctx2, seller, { name });
    const shared = await createShop(ctx2, stranger, { name: 'Delta Deli', country: 'NZ', timezone: 'Pacific/Auckland' });
    await addSeller(ctx2, shared.id, seller, 'USER');
    await createShop(ctx2, stranger, { name: 'Not Yours' });
  });
  afterAll(() => ctx2.close());
  const list = (user: TestUser, query = '') => ctx2.app.inject({ method: 'GET', url: `/api/shops${query}`, headers: user.headers });

  it("lists only the caller's shops with their role and a Content-Range", async () => {
    const res = await list(seller, `?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,9]')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string; role: string }) => [s.name, s.role])).toEqual([
      ['Alpha Cafe', 'ADMIN'],
      ['Bravo Bakery', 'ADMIN'],
      ['Charlie Grill', 'ADMIN'],
      ['Delta Deli', 'USER'],
    ]);
    expect(res.headers['content-range']).toBe('shops 0-3/4');
  });

  it('pages with range, filters by text, country, status and id', async () => {
    const page = await list(seller, `?sort=${encodeURIComponent('["name","DESC"]')}&range=${encodeURIComponent('[1,2]')}`);
    expect(page.json().map((s: { name: string }) => s.name)).toEqual(['Charlie Grill', 'Bravo Bakery']);
    expect(page.headers['content-range']).toBe('shops 1-2/4');

    const q = await list(seller, `?filter=${encodeURIComponent('{"q":"bak"}')}`);
    expect(q.json().map((s: { name: string }) => s.name)).toEqual(['Bravo Bakery']);
    const nz = await list(seller, `?filter=${encodeURIComponent('{"country":"NZ"}')}`);
    expect(nz.json().map((s: { name: string }) => s.name)).toEqual(['Delta Deli']);
    const waiting = await list(seller, `?filter=${encodeURIComponent('{"listing.status":"WAITING_FOR_REVIEW"}')}`);
    expect(waiting.json()).toHaveLength(4);
    const one = q.json()[0].id as string;
    const byId = await list(seller, `?filter=${encodeURIComponent(JSON.stringify({ id: [one, 'not-a-uuid'] }))}`);
    expect(byId.json().map((s: { id: string }) => s.id)).toEqual([one]);
  });

  it('answers an empty list to someone with no shops', async () => {
    const res = await list(staff);
    expect(res.json()).toEqual([]);
    expect(res.headers['content-range']).toBe('shops */0');
  });

  it('refuses bad list parameters with 400', async () => {
    expect((await list(seller, '?sort=nonsense')).json().message).toBe('sort should be JSON');
    expect((await list(seller, `?sort=${encodeURIComponent('["passwordHash","ASC"]')}`)).statusCode).toBe(400);
    expect((await list(seller, `?range=${encodeURIComponent('[5,1]')}`)).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx2.app.inject({ method: 'GET', url: '/api/shops' })).statusCode).toBe(401);
  });
});

describe('GET /api/shops/:shopId', () => {
  it('shows the shop to its users with their role', async () => {
    const shop = await createShop(ctx, owner, { name: 'Viewable Cafe' });
    const staff = await createUser(ctx);
    await addSeller(ctx, shop.id, staff, 'USER');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: shop.id, name: 'Viewable Cafe', role: 'USER' });
  });

  it('shows any shop to a super admin, whose role there is null unless they are a seller', async () => {
    const shop = await createShop(ctx, owner, { name: 'Platform Visible' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Platform Visible', role: null });
  });

  it("answers 404 to another shop's user without revealing the shop", async () => {
    const shop = await createShop(ctx, owner, { name: 'Secret Sauce' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Cannot find shop with id ${shop.id}`);
    expect(res.body).not.toContain('Secret Sauce');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = '6f1c7b9e-0000-4000-8000-000000000000';
    const res = await ctx.app.inject({ method: 'GET', url: `/api/shops/${unknown}`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Cannot find shop with id ${unknown}`);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shops/42', headers: owner.headers })).statusCode).toBe(404);
  });
});

describe('PUT /api/shops/:shopId', () => {
  const put = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/shops/${id}`, headers: user.headers, payload });
  /** An edit of `shop` that keeps its logo (its current image is always accepted). */
  const edit = (shop: { logo: { path: string } | null }, overrides: Record<string, unknown> = {}) => {
    const {
      type: _t,
      country: _c,
      ...rest
    } = validShop({ name: 'Renamed Cafe', timezone: 'Australia/Perth', logo: shop.logo, ...overrides });
    return rest;
  };

  it('saves the edit and records who made it', async () => {
    const shop = await createShop(ctx, owner);
    const coAdmin = await createUser(ctx);
    await addSeller(ctx, shop.id, coAdmin, 'ADMIN');
    const res = await put(coAdmin, shop.id, edit(shop));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Cafe',
      timezone: 'Australia/Perth',
      updatedBy: coAdmin.id,
      role: 'ADMIN',
      country: 'AU',
    });
  });

  it('accepts the whole record back (as the console sends it) when country and category are unchanged', async () => {
    const shop = await createShop(ctx, owner);
    const res = await put(owner, shop.id, {
      ...shop,
      name: 'Same Country',
      role: 'USER',
      listing: { status: 'PUBLISHED', rejectReason: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Same Country', role: 'ADMIN', listing: { status: 'WAITING_FOR_REVIEW' } });
  });

  it('refuses to change the country or the category', async () => {
    const shop = await createShop(ctx, owner);
    const country = await put(owner, shop.id, { ...edit(shop), country: 'US' });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({
      message: 'The country cannot be changed after the shop is created.',
      errors: { country: 'The country cannot be changed after the shop is created.' },
    });
    const type = await put(owner, shop.id, { ...edit(shop), type: 'BAR' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('The category cannot be changed after the shop is created.');
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row).toMatchObject({ country: 'AU', name: 'Cappuccino Corner' });
  });

  it.each([
    [{ name: 'ab' }, 'name', 'should be at least 3 characters'],
    [{ description: 'x'.repeat(33) }, 'description', 'should not be larger than 32 characters'],
    [{ locality: '' }, 'locality', 'Locality is required'],
    [{ logo: null }, 'logo', 'Logo is required'],
    [{ timezone: 'America/New_York' }, 'timezone', 'Choose a time zone of AU'],
  ])('refuses %j with 400 on %s: %s', async (overrides, field, message) => {
    const shop = await createShop(ctx, owner);
    const res = await put(owner, shop.id, edit(shop, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('sends a rejected shop back to review and clears the reason', async () => {
    const shop = await createShop(ctx, owner);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${shop.id}/reject`,
      headers: admin.headers,
      payload: { rejectReason: 'Logo is blurry' },
    });
    ctx.clock.advance(60_000);
    const res = await put(owner, shop.id, edit(shop));
    expect(res.json().listing).toEqual({ status: 'WAITING_FOR_REVIEW', rejectReason: null });
  });

  const published = async () => {
    const shop = await createShop(ctx, owner);
    await ctx.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/approve`, headers: admin.headers });
    ctx.clock.advance(60_000);
    return shop;
  };
  const submittedAt = async (id: string) => (await ctx.db.select({ at: shops.submittedAt }).from(shops).where(eq(shops.id, id)))[0].at;
  const unchanged = (shop: { name: string; description: string; logo: { path: string } | null }) =>
    edit(shop, { name: shop.name, description: shop.description });

  it('keeps a published shop published when only its locality or time zone change', async () => {
    const shop = await published();
    const before = await submittedAt(shop.id);
    const res = await put(owner, shop.id, { ...unchanged(shop), locality: 'Newtown', timezone: 'Australia/Perth' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      locality: 'Newtown',
      timezone: 'Australia/Perth',
      listing: { status: 'PUBLISHED', rejectReason: null },
    });
    expect(await submittedAt(shop.id)).toEqual(before);
  });

  it.each([
    ['name', async () => ({ name: 'A New Name' })],
    ['description', async () => ({ description: 'Now also selling tea' })],
    ['logo', async () => ({ logo: { path: await storedImage(ctx, owner) } })],
  ])('sends a published shop back to review when its %s changes', async (_field, makeChange) => {
    const shop = await published();
    const before = await submittedAt(shop.id);
    const change = await makeChange();
    const res = await put(owner, shop.id, { ...unchanged(shop), ...change });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...change, listing: { status: 'WAITING_FOR_REVIEW', rejectReason: null } });
    // Resubmitted now (the clock moved on a minute since the shop was created), so it queues behind earlier ones.
    expect((await submittedAt(shop.id))!.getTime()).toBeGreaterThan(before!.getTime());
  });

  it('answers 403 to a USER of the shop, 404 to another shop and 401 without a session, changing nothing', async () => {
    const shop = await createShop(ctx, owner);
    const staff = await createUser(ctx);
    await addSeller(ctx, shop.id, staff, 'USER');
    expect((await put(staff, shop.id, edit(shop))).statusCode).toBe(403);
    const cross = await put(other, shop.id, edit(shop));
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('Cappuccino Corner');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/shops/${shop.id}`, payload: edit(shop) })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row.name).toBe('Cappuccino Corner');
  });

  it("takes as logo only an image uploaded by the caller or a seller of the shop, or the shop's current one", async () => {
    const shop = await createShop(ctx, owner);
    const coAdmin = await createUser(ctx);
    await addSeller(ctx, shop.id, coAdmin, 'ADMIN');
    const byColleague = await storedImage(ctx, coAdmin);
    const ok = await put(owner, shop.id, edit(shop, { logo: { path: byColleague } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().logo).toEqual({ path: byColleague });
    const refusal = {
      message: 'Use an image uploaded to Servery by you or this shop. Upload it again.',
      code: 'IMAGE_NOT_UPLOADED',
      errors: { logo: 'Use an image uploaded to Servery by you or this shop. Upload it again.' },
    };
    for (const path of [
      'https://evil.example/logo.png',
      'img/11111111-1111-4111-8111-111111111111.png',
      await storedImage(ctx, other),
      await storedImage(ctx, null),
    ]) {
      const res = await put(owner, shop.id, edit(shop, { logo: { path } }));
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 400, body: refusal });
    }
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row.logo).toEqual({ path: byColleague });
  });

  it('lets a super admin edit any shop', async () => {
    const shop = await createShop(ctx, owner);
    const res = await put(admin, shop.id, edit(shop, { name: 'Fixed By Staff' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Fixed By Staff', updatedBy: admin.id, role: null });
  });
});
