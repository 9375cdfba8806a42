import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers/app';
import { login } from '../helpers/users';
import { DEMO_PASSWORD, loadAccountsDemo } from '../../server/areas/accounts/demo';
import { loadShopsDemo } from '../../server/areas/shops/demo';
import { loadPostsDemo } from '../../server/areas/posts/demo';
import { loadAppsDemo } from '../../server/areas/apps/demo';
import { loadSettingsDemo } from '../../server/areas/settings/demo';
import { loadCatalogDemo } from '../../server/areas/catalog/demo';
import { loadStripeDemo } from '../../server/areas/stripe/demo';
import { startBookingsDemo } from '../../server/areas/bookings/demo';
import { startOrdersDemo } from '../../server/areas/orders/demo';
import { orderingDemoNotes } from '../../server/areas/ordering/demo';
import { loadAuditDemo } from '../../server/areas/audit/demo';
import { localDate, zonedInstant } from '../../domain/hours';
import { seedOrder } from '../helpers/orders';
import { images, shops, shopSellers } from '../../server/infra/db/tables';
import { invites } from '../../server/areas/staff/tables';
import { items } from '../../server/areas/catalog/tables';
import { promotions } from '../../server/areas/promotions/tables';
import { shopClosures } from '../../server/areas/timings/tables';

/**
 * The demo platform, loaded area by area in the order `npm run demo` loads it, on one database: what each area
 * adds, and that loading everything again adds nothing.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof login>>;
const get = async (url: string, headers: Record<string, string> = owner.headers) =>
  (await ctx.app.inject({ method: 'GET', url, headers })).json();
const cafeId = async () => {
  const [cafe] = await ctx.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.name, 'Cappuccino Corner'), eq(shops.demo, true)));
  return cafe.id;
};
const tableCounts = async () => {
  const tables = [
    'users',
    'shops',
    'shop_sellers',
    'invites',
    'images',
    'posts',
    'billboards',
    'shop_settings',
    'whitelabel_apps',
    'app_outlets',
    'app_builds',
    'app_devices',
    'items',
    'promotions',
    'shop_closures',
    'stripe_accounts',
    'audit_entries',
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await ctx.pool.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  return counts;
};

beforeAll(async () => {
  ctx = await createTestContext();
  await loadAccountsDemo(ctx.services);
});
afterAll(() => ctx.close());

describe('the demo platform', () => {
  it('settings: with no demo cafe yet, there is nothing to set up', async () => {
    expect(await loadSettingsDemo(ctx.services)).toEqual([]);
  });

  it('shops: every country and listing state for the demo owner, with staff, an invitation and real logos', async () => {
    const lines = await loadShopsDemo(ctx.services);
    expect(lines.some((l) => /^Demo invitation for barista@servery\.demo/.test(l))).toBe(true);
    owner = await login(ctx, 'owner@servery.demo', DEMO_PASSWORD);
    const mine = (await get('/api/shops?range=[0,49]')) as {
      id: string;
      country: string;
      demo: boolean;
      role: string;
      logo: { path: string };
      listing: { status: string; rejectReason: string | null };
    }[];
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(new Set(mine.map((s) => s.country))).toEqual(new Set(['AU', 'US', 'GB', 'NZ']));
    expect(new Set(mine.map((s) => s.listing.status))).toEqual(new Set(['PUBLISHED', 'WAITING_FOR_REVIEW', 'REJECTED', 'UNPUBLISHED']));
    expect(mine.find((s) => s.listing.status === 'REJECTED')?.listing.rejectReason).toMatch(/\w/);
    expect(mine.every((s) => s.demo && s.role === 'ADMIN')).toBe(true);

    const staff = await login(ctx, 'staff@servery.demo', DEMO_PASSWORD);
    const theirs = await get('/api/shops', staff.headers);
    expect(theirs.map((s: { role: string }) => s.role)).toEqual(['USER']);
    const pending = await get(`/api/shops/${theirs[0].id}/invites`, staff.headers);
    expect(pending.map((i: { toEmail: string }) => i.toEmail)).toEqual(['barista@servery.demo']);

    for (const shop of mine) {
      const media = await ctx.app.inject({ method: 'GET', url: `/api/media/${shop.logo.path}?w=300` });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(/^image\//);
      expect(await ctx.db.$count(images, eq(images.path, shop.logo.path))).toBe(1);
    }
    expect(await ctx.db.$count(shopSellers)).toBeGreaterThan(0);
    expect(await ctx.db.$count(invites)).toBe(1);
  });

  it('posts: every demo shop gets a few posts (one scheduled) and billboards customers can load', async () => {
    await loadPostsDemo(ctx.services);
    const mine = (await get('/api/shops?range=[0,49]')) as { id: string; listing: { status: string } }[];
    for (const shop of mine) {
      const posts = (await get(`/api/shops/${shop.id}/posts`)) as { status: string }[];
      expect(posts.map((p) => p.status).sort()).toEqual(['LIVE', 'LIVE', 'SCHEDULED']);
      const boards = await get(`/api/shops/${shop.id}/billboards`);
      expect(boards.images).toHaveLength(3);
      const banner = await ctx.app.inject({ method: 'GET', url: `/api/media/${boards.images[0].path}?w=300` });
      expect(banner.statusCode).toBe(200);
    }
    const published = mine.find((s) => s.listing.status === 'PUBLISHED')!;
    expect((await get(`/api/storefront/shops/${published.id}/posts`, {})).data).toHaveLength(2);
  });

  it('apps: one app with the demo shops as outlets, a build history and devices over 90 days', async () => {
    expect(await loadAppsDemo(ctx.services)).toHaveLength(1);
    const mine = (await get('/api/shops')) as { id: string }[];
    expect(await get(`/api/reports/shops/${mine[0].id}/apps`)).toEqual([{ bundle_id: 'com.servery.demo', bundle_name: 'Servery Demo' }]);
    const stats = await get('/api/reports/apps/com.servery.demo/downloads/stats');
    expect(stats.totalDownloads).toBe(360);
    expect(stats.iosDownloads).toBeGreaterThan(0);
    expect(stats.androidDownloads).toBeGreaterThan(0);
    const daily = await get('/api/reports/apps/com.servery.demo/downloads/daily');
    expect(daily.days.filter((d: { ios: number; android: number }) => d.ios + d.android > 0).length).toBeGreaterThan(30);
    const { rows } = await ctx.pool.query(
      `SELECT store, status FROM app_builds WHERE bundle_id = 'com.servery.demo' ORDER BY requested_at`,
    );
    expect(rows).toEqual([
      { store: 'APPSTORE', status: 'SUCCESS' },
      { store: 'PLAYSTORE', status: 'FAILURE' },
      { store: 'PLAYSTORE', status: 'REQUESTED' },
    ]);
  });

  it('settings: the demo cafe is set up as a real cafe', async () => {
    expect(await loadSettingsDemo(ctx.services)).toHaveLength(1);
    const cafe = await cafeId();
    expect(await ctx.db.$count(promotions, eq(promotions.shopId, cafe))).toBe(3);
    expect(await ctx.db.$count(shopClosures, eq(shopClosures.shopId, cafe))).toBeGreaterThan(0);
    const settings = (kind: string) => get(`/api/shops/${cafe}/settings/${kind}`);
    expect(await settings('checkout')).toMatchObject({
      creditCardSurchargeEnabled: true,
      creditCardSurchargePercentage: 1.2,
      creditCardSurchargeMinimumOrderValue: 10,
    });
    // A real cafe's hours (the day the demo starts may trade longer: demoCafe.test.ts).
    expect((await settings('timings')).friday.deliveryExt).toEqual({ open: '17:00', duration: 4, available: true });
    expect((await settings('timings')).sunday.pickupExt.available).toBe(false);
    expect((await settings('contact')).phone).toBe('+61293310000');
    expect((await settings('booking')).on).toBe(true);
    const list = await get(`/api/shops/${cafe}/promotions`);
    expect(list.map((p: { coupon: string }) => p.coupon).sort()).toEqual(['FREEDEL', 'MORNING2', 'WELCOME']);
  });

  it('catalog: the demo cafe gets a full menu with choices, pizzas, deals and delivery', async () => {
    const lines = await loadCatalogDemo(ctx.services);
    expect(lines[0]).toMatch(/^Demo menu: 19 items in 7 categories at Cappuccino Corner$/);
    const cafe = await cafeId();
    expect(await ctx.db.$count(items, eq(items.shopId, cafe))).toBe(19);
    const menu = await get(`/api/storefront/shops/${cafe}/menu`, {});
    expect(menu.categories.map((c: { name: string }) => c.name)).toEqual([
      'Coffee',
      'Tea and more',
      'Breakfast',
      'Bakery',
      'Lunch',
      'Pizza',
      'Deals',
    ]);
    const pizza = menu.categories[5].items.find((i: { name: string }) => i.name === 'Garden');
    expect(pizza.toppings.map((t: { name: string }) => t.name)).toEqual(['Vegan cheese']);
    expect(menu.categories[6].items.map((i: { name: string }) => i.name)).toEqual(['Family Night', 'Lunch for Two']);
    expect(menu.categories[0].items[0].attributes.map((a: { name: string; min: number; max: number }) => [a.name, a.min, a.max])).toEqual([
      ['Size', 1, 1],
      ['Milk', 1, 1],
      ['Extras', 0, 3],
    ]);
    expect(menu.delivery.suburbs).toHaveLength(4);
  });

  it('stripe: simulated accounts connected to two demo shops', async () => {
    expect(await loadStripeDemo(ctx.services)).toHaveLength(2);
    const { rows } = await ctx.pool.query(
      `SELECT s.name, a.mode, a.simulated IS NOT NULL AS has_doc FROM stripe_accounts a JOIN shops s ON s.id = a.shop_id WHERE a.status = 'active' ORDER BY s.name`,
    );
    expect(rows).toEqual([
      { name: 'Brooklyn Bagel Co', mode: 'standard', has_doc: true },
      { name: 'Cappuccino Corner', mode: 'standard', has_doc: true },
    ]);
  });

  it("bookings: requests for tables arrive in the demo cafe's open sessions", async () => {
    const lines: string[] = [];
    const stop = await startBookingsDemo(ctx.services, (l) => lines.push(l));
    stop();
    const cafe = await cafeId();
    expect(lines).toEqual([
      `Demo bookings: a booking request to Cappuccino Corner every 45 s (New Bookings at /shops/${cafe}/bookings/dashboard)`,
    ]);
    const list = await get(`/api/shops/${cafe}/bookings?filter=${encodeURIComponent('{"status":"NEW"}')}`);
    expect(list).toHaveLength(3);
    for (const b of list) {
      expect(['breakfast', 'lunch', 'dinner']).toContain(b.session);
      expect(b.pax).toBeGreaterThanOrEqual(2);
      expect(b.pax).toBeLessThanOrEqual(8);
    }
  });

  it('orders: the demo cafe takes an order at 19:03 Sydney time, and on Christmas Day says it is closed instead of failing', async () => {
    const cafe = await cafeId();
    const at = (date: string) => zonedInstant(date, 19 * 60 + 3, 'Australia/Sydney');
    const today = localDate(ctx.clock.now(), 'Australia/Sydney');
    const evening =
      at(today) > ctx.clock.now() ? at(today) : at(localDate(new Date(ctx.clock.now().getTime() + 86_400_000), 'Australia/Sydney'));
    try {
      ctx.clock.advance(evening.getTime() - ctx.clock.now().getTime());
      const lines: string[] = [];
      (await startOrdersDemo(ctx.services, (l) => lines.push(l)))();
      expect(lines[0]).toMatch(/^Demo orders: \d+ past orders over the last 8 weeks at Cappuccino Corner$/);
      expect(lines[1]).toMatch(
        new RegExp(
          `^Demo orders: a new order on Cappuccino Corner every 8 s while it is open; now: Open until .+ ` +
            `\\(New Orders at /shops/${cafe}/orders/dashboard\\)$`,
        ),
      );
      // Read from the database: the session's token has expired on the moved clock.
      const newOrders = async () =>
        (
          await ctx.pool.query(
            `SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND status = 'OK' AND order_status_restaurant = 'NEW'`,
            [cafe],
          )
        ).rows[0].n;
      expect(await newOrders()).toBe(1);

      // Christmas Day is closed all day (a closure): the demo says so, once, and places nothing.
      const year = Number(localDate(ctx.clock.now(), 'Australia/Sydney').slice(0, 4));
      ctx.clock.advance(at(`${year}-12-25`).getTime() - ctx.clock.now().getTime());
      const christmas: string[] = [];
      (await startOrdersDemo(ctx.services, (l) => christmas.push(l)))();
      expect(christmas[0]).toMatch(/now: Closed now · opens 9 am /);
      expect(christmas[1]).toMatch(
        /^Demo orders: Cappuccino Corner is closed now \(opens .+\), so no demo order is placed until it opens$/,
      );
      expect(await newOrders()).toBe(1);
    } finally {
      ctx.clock.reset();
    }
  });

  it("alerts: the demo cafe's orders mail its alert list (npm run demo: into DATA_DIR/outbox)", async () => {
    const cafe = await cafeId();
    await seedOrder(ctx, cafe, { customerName: 'Demo Diner' });
    const mail = await ctx.mail.waitFor('orders@cappuccino.demo', /Demo Diner/);
    expect(mail.text).toContain(`/shops/${cafe}/orders/`);
  });

  it('ordering: the demo says where a customer orders from the demo cafe, and that page opens', async () => {
    const [line] = await orderingDemoNotes(ctx.services);
    const id = await cafeId();
    expect(line).toBe(`Order as a customer of Cappuccino Corner: ${ctx.services.config.publicUrl}/order/${id}`);
    const page = await ctx.app.inject({ url: `/api/storefront/shops/${id}/page` });
    expect(page.statusCode).toBe(200);
  });

  it('audit: the demo cafe’s log shows its owner’s and staff’s changes over the last days, the items left as they were', async () => {
    const cafe = await cafeId();
    const flatWhite = async () =>
      (
        await ctx.db
          .select()
          .from(items)
          .where(and(eq(items.shopId, cafe), eq(items.name, 'Flat White')))
      )[0]!.priceCents;
    const price = await flatWhite();
    expect(await loadAuditDemo(ctx.services)).toEqual([]);
    expect(await flatWhite()).toBe(price);
    const log = (await get(`/api/shops/${cafe}/audit`)) as {
      kind: string;
      actor: { name: string };
      recordName: string;
      at: string;
      changes: { label: string; beforeText: string; afterText: string }[];
    }[];
    expect(log.map((e) => [e.kind, e.actor.name, e.recordName])).toEqual([
      ['item', 'Sam Staff', 'Chai Latte'],
      ['item', 'Olivia Owner', 'Flat White'],
      ['sign_in', 'Olivia Owner', 'Olivia Owner'],
    ]);
    expect(log[1]!.changes).toEqual([expect.objectContaining({ label: 'Price', beforeText: '4.20', afterText: (price / 100).toFixed(2) })]);
    expect(log.every((e) => new Date(e.at) < ctx.clock.now())).toBe(true);
    // The "who" filter offers both.
    const actors = (await get(`/api/shops/${cafe}/audit/actors`)) as { name: string }[];
    expect(actors.map((a) => a.name)).toEqual(['Olivia Owner', 'Sam Staff']);
  });

  it('loading every area again adds nothing', async () => {
    const before = await tableCounts();
    expect(await loadAccountsDemo(ctx.services)).toBeDefined();
    for (const load of [loadShopsDemo, loadPostsDemo, loadAppsDemo, loadCatalogDemo, loadStripeDemo, loadAuditDemo]) {
      expect(await load(ctx.services), load.name).toEqual([]);
    }
    // The cafe's settings are written again (same values), which adds no row.
    await loadSettingsDemo(ctx.services);
    expect(await tableCounts()).toEqual(before);
  });
});
