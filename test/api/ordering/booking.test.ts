import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { createShop } from '../../helpers/shopWorld';
import { orderingShop, ORDERING_ZONE, type OrderingShop } from '../../helpers/orderingShop';
import { ipSource } from '../../helpers/rateLimits';
import { book, bookingBody, bookingSettings, setBookingSettings, shopDay } from '../../helpers/bookings';

/*
 * Table booking from the customers' ordering page: what GET …/page answers about bookings, the booking form at
 * /order/{shopId}/book and a booking's page at /order/{shopId}/bookings/{bookingId}?token=, both rendered on the server;
 * and the booking status read's ETag, which the booking's page polls with.
 */

function fakeConsole(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-booking-'));
  fs.mkdirSync(path.join(dir, 'storefront'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(
    path.join(dir, 'storefront', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Order online</title><!--page-head-->' +
      '<script type="module" crossorigin src="/storefront/assets/index-x.js"></script></head>' +
      '<body><div id="root"><!--page-html--></div><!--page-data--></body></html>',
  );
  return dir;
}

let ctx: TestContext;
let owner: TestUser;
let cafe: OrderingShop;
let unpublished: string;
let consoleDir: string;
const nextIp = ipSource(172);

const settings = bookingSettings(
  { lunch: { on: true, open: '12:00', duration: 3 }, dinner: { on: true, open: '22:00', duration: 4, capacity: 6 } },
  { showLinkOnMenuPage: true, minPax: 1, maxPax: 8, numDaysInAdvance: 30 },
);

beforeAll(async () => {
  consoleDir = fakeConsole();
  ctx = await createTestContext({ serveConsole: true, consoleDir });
  owner = await createUser(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  cafe = await orderingShop(ctx, owner, 'Booking <Bistro>');
  unpublished = (await createShop(ctx, owner, { name: 'Back Room' })).id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
const island = (html: string) => JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)![1]!);

describe('GET /api/storefront/shops/{shopId}/page: booking', () => {
  it('is null while the shop takes no bookings, and the link is not on the menu', async () => {
    expect((await get(`/api/storefront/shops/${cafe.shopId}/page`)).json().booking).toBeNull();
    const menu = await get(`/order/${cafe.shopId}`);
    expect(menu.body).not.toContain('Book a table');
  });

  it('answers the guests allowed, the days ahead and each weekday’s open sessions, never their capacity', async () => {
    await setBookingSettings(ctx, cafe.shopId, owner, settings);
    const res = await get(`/api/storefront/shops/${cafe.shopId}/page`);
    expect(res.statusCode, res.body).toBe(200);
    const { booking } = res.json();
    expect(booking).toMatchObject({ showLink: true, minPax: 1, maxPax: 8, daysAhead: 30 });
    expect(Object.keys(booking.days).sort()).toEqual(['friday', 'monday', 'saturday', 'sunday', 'thursday', 'tuesday', 'wednesday']);
    expect(booking.days.monday).toEqual([
      { session: 'lunch', open: '12:00', duration: 3 },
      { session: 'dinner', open: '22:00', duration: 4 },
    ]);
    expect(JSON.stringify(booking)).not.toContain('capacity');
  });

  it('puts "Book a table" on the menu page only when the shop asks for the link', async () => {
    const menu = await get(`/order/${cafe.shopId}`);
    expect(menu.body).toContain(`href="/order/${cafe.shopId}/book"`);
    await setBookingSettings(ctx, cafe.shopId, owner, { ...settings, showLinkOnMenuPage: false });
    try {
      expect((await get(`/order/${cafe.shopId}`)).body).not.toContain('Book a table');
      // The form is still there for a link the shop shares itself.
      expect((await get(`/order/${cafe.shopId}/book`)).body).toContain('<h1>Book a table</h1>');
    } finally {
      await setBookingSettings(ctx, cafe.shopId, owner, settings);
    }
  });
});

describe('the booking form /order/{shopId}/book', () => {
  it('is rendered on the server: guests, days, sessions and times, and the fields, all labelled', async () => {
    const res = await get(`/order/${cafe.shopId}/book`);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Booking &lt;Bistro&gt; · Book a table</title>');
    expect(html).toContain('<h1>Book a table</h1>');
    for (const label of ['Guests', 'Date', 'Time', 'Name', 'Mobile', 'Special request (optional)'])
      expect(html).toMatch(new RegExp(`<label for="[a-zA-Z]+">${label.replace(/[()]/g, '\\$&')}</label>`));
    expect(html).toContain('<legend>Session</legend>');
    expect(html).toMatch(/Dinner · from 10:00 pm/);
    expect(html).toContain('<option value="8">8 guests</option>');
    const data = island(html);
    expect(data.route).toEqual({ name: 'book' });
    expect(data.menu).toBeNull();
    expect(res.headers['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('says the shop takes no bookings when it does not', async () => {
    await setBookingSettings(ctx, cafe.shopId, owner, { ...settings, on: false });
    try {
      const res = await get(`/order/${cafe.shopId}/book`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('This shop does not take table bookings online.');
    } finally {
      await setBookingSettings(ctx, cafe.shopId, owner, settings);
    }
  });

  it('is the 404 page, with no script, for a shop that is not PUBLISHED or unknown', async () => {
    for (const id of [unpublished, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`/order/${id}/book`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('This shop does not exist or is not taking orders online.');
      expect(res.body).not.toContain('<script');
    }
  });
});

describe('a booking’s page /order/{shopId}/bookings/{bookingId}?token=', () => {
  it('is rendered on the server from the booking read with its token: state, day, time and guests', async () => {
    const date = shopDay(ctx, ORDERING_ZONE, 3);
    const placed = await book(ctx, cafe.shopId, bookingBody(date, '12:30', { specialRequest: 'Window <seat>' }), {}, nextIp());
    expect(placed.statusCode, placed.body).toBe(201);
    const { id, cancelToken } = placed.json();
    const res = await get(`/order/${cafe.shopId}/bookings/${id}?token=${encodeURIComponent(cancelToken)}`);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Booking &lt;Bistro&gt; · Your booking</title>');
    expect(html).toContain('Waiting for the shop to confirm');
    expect(html).toContain('12:30 pm');
    expect(html).toContain('4 guests');
    expect(html).toContain('Window &lt;seat&gt;');
    expect(html).toContain('Cancel booking');
    const data = island(html);
    expect(data.route).toEqual({ name: 'booking', bookingId: id, token: cancelToken });
    expect(data.booking).toMatchObject({ id, status: 'NEW', pax: 4, timeStr: '12:30' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('shows a rejection with its reason, and no Cancel button', async () => {
    const placed = await book(ctx, cafe.shopId, bookingBody(shopDay(ctx, ORDERING_ZONE, 4), '13:00'), {}, nextIp());
    const { id, cancelToken } = placed.json();
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${cafe.shopId}/bookings/${id}/reject`,
      headers: owner.headers,
      payload: { reason: 'No Vacancy' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const html = (await get(`/order/${cafe.shopId}/bookings/${id}?token=${encodeURIComponent(cancelToken)}`)).body;
    expect(html).toContain('The shop could not take your booking');
    expect(html).toContain('Reason: No Vacancy');
    expect(html).not.toContain('Cancel booking');
  });

  it('says the booking cannot be found for a wrong or missing token, and is a 404 page for an unpublished shop', async () => {
    const placed = await book(ctx, cafe.shopId, bookingBody(shopDay(ctx, ORDERING_ZONE, 5), '13:00'), {}, nextIp());
    const { id } = placed.json();
    for (const url of [`/order/${cafe.shopId}/bookings/${id}?token=wrong`, `/order/${cafe.shopId}/bookings/${id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('We could not find this booking. Check the link you were sent.');
      expect(island(res.body).booking).toBeNull();
    }
    const res = await get(`/order/${unpublished}/bookings/${id}?token=x`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script');
  });
});

describe('GET /api/storefront/shops/{shopId}/bookings/{bookingId}?cancelToken=: ETag', () => {
  it('answers a private ETag, 304 while nothing changed, and the new booking once the shop acts', async () => {
    const placed = await book(ctx, cafe.shopId, bookingBody(shopDay(ctx, ORDERING_ZONE, 6), '12:00'), {}, nextIp());
    const { id, cancelToken } = placed.json();
    const url = `/api/storefront/shops/${cafe.shopId}/bookings/${id}?cancelToken=${encodeURIComponent(cancelToken)}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const same = await get(url, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${cafe.shopId}/bookings/${id}/accept`,
      headers: owner.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().status).toBe('ACCEPTED');
    expect(changed.headers.etag).not.toBe(etag);
    // A wrong token is still the same 404, with no tag to learn from.
    const wrong = await get(url.replace(/cancelToken=[^&]+/, 'cancelToken=nope'));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers.etag).toBeUndefined();
  });
});
