import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';
import { createShop } from '../../helpers/shopWorld';
import { orderingShop, type OrderingShop } from '../../helpers/orderingShop';
import { ipSource } from '../../helpers/rateLimits';

/*
 * The customers' ordering page: GET /api/storefront/shops/{shopId}/page (what the page needs beyond the menu), and the
 * HTML pages at /order/{shopId}, rendered on the server from the storefront answers, with their data embedded.
 */

/** A built console stand-in: the ordering page's template as the build writes it, without the JavaScript. */
function fakeConsole(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-ordering-'));
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
const nextIp = ipSource(171);

beforeAll(async () => {
  consoleDir = fakeConsole();
  ctx = await createTestContext({ serveConsole: true, consoleDir });
  owner = await createUser(ctx, { email: 'owner@example.com', name: 'Olive Owner' });
  cafe = await orderingShop(ctx, owner, 'Corner <Cafe>');
  unpublished = (await createShop(ctx, owner, { name: 'Back Room' })).id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

describe('GET /api/storefront/shops/{shopId}/page', () => {
  it('answers the shop, its state and its checkout and payment options', async () => {
    const res = await get(`/api/storefront/shops/${cafe.shopId}/page`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.shop).toMatchObject({
      id: cafe.shopId,
      name: 'Corner <Cafe>',
      locality: 'Newtown',
      address: '1 King St, Newtown NSW',
      phone: '+61291234567',
      phoneDisplay: '(02) 9123 4567',
      country: 'AU',
      currency: 'AUD',
      locale: 'en-AU',
      timeZone: 'Australia/Sydney',
    });
    expect(body.shop.logo.url).toMatch(/\/api\/media\/img\//);
    expect(body.state).toMatchObject({ open: true, until: null, paused: false, extraMinutes: 0, takesOrders: true });
    expect(body.checkout).toEqual({
      pickup: true,
      delivery: true,
      laterTime: true,
      sameDayOnly: true,
      maxDaysAhead: 7,
      coupons: true,
      comments: true,
      cash: true,
      card: true,
      collectionName: null,
      surcharge: null,
    });
    expect(body.payment).toEqual({ provider: 'simulated' });
  });

  it('says when the shop is busy or paused', async () => {
    const busy = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/shops/${cafe.shopId}/orders/busy`, headers: owner.headers, payload });
    expect((await busy({ mode: 'EXTRA', minutes: 20 })).statusCode).toBe(200);
    try {
      expect((await get(`/api/storefront/shops/${cafe.shopId}/page`)).json().state).toMatchObject({ extraMinutes: 20, takesOrders: true });
      expect((await busy({ mode: 'PAUSE', minutes: 15 })).statusCode).toBe(200);
      expect((await get(`/api/storefront/shops/${cafe.shopId}/page`)).json().state).toMatchObject({ paused: true, takesOrders: false });
    } finally {
      await busy({ mode: 'OFF' });
    }
  });

  it('answers 304 to the ETag it gave while nothing changed', async () => {
    const first = await get(`/api/storefront/shops/${cafe.shopId}/page`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(`/api/storefront/shops/${cafe.shopId}/page`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for a shop that is not PUBLISHED, unknown or malformed', async () => {
    for (const id of [unpublished, '00000000-0000-4000-8000-000000000000', 'not-a-shop']) {
      const res = await get(`/api/storefront/shops/${id}/page`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('the ordering page /order/{shopId}', () => {
  it('is the shop and its menu rendered on the server, with the data it was rendered from', async () => {
    const res = await get(`/order/${cafe.shopId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // Escaped in the markup, never raw.
    expect(html).toContain('<title>Corner &lt;Cafe&gt; · Menu</title>');
    expect(html).toContain('<h1>Corner &lt;Cafe&gt;</h1>');
    for (const name of ['Latte', 'Carrot Cake', 'Margherita', 'Hawaiian', 'Pizza Night', 'Coffee', 'Cakes']) expect(html).toContain(name);
    expect(html).toContain('$4.50');
    expect(html).toContain('Open now');
    const island = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
    expect(island).not.toBeNull();
    // The shop's name has a '<': it is written as \u003c, so no text of the shop's can end the script element.
    expect(island![1]).toContain('Corner \\u003cCafe>');
    const data = JSON.parse(island![1]!);
    expect(data).toMatchObject({ shopId: cafe.shopId, route: { name: 'menu' }, page: { shop: { name: 'Corner <Cafe>' } } });
    expect(data.menu.categories.map((c: { name: string }) => c.name)).toEqual(['Coffee', 'Cakes', 'Pizza']);
    expect(data.hours.pickup.open).toBe(true);
    expect(html).toContain('<script type="module" crossorigin src="/storefront/assets/index-x.js"></script>');
  });

  it('is sent compressed to a browser that accepts it (brotli first, then gzip), the same page either way', async () => {
    const plain = await get(`/order/${cafe.shopId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({ url: `/order/${cafe.shopId}`, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      const html = decode(res.rawPayload).toString('utf8');
      // The same page (its clock-dependent parts aside): the rendered menu and the whole document.
      expect(html.slice(0, html.indexOf('id="page-data"'))).toBe(plain.body.slice(0, plain.body.indexOf('id="page-data"')));
      expect(html.endsWith('</html>')).toBe(true);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
    }
  });

  it('has its own Content-Security-Policy: its own scripts only, no inline script, nothing of Stripe without it', async () => {
    const res = await get(`/order/${cafe.shopId}`);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('stripe');
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('renders the checkout and the status page routes too', async () => {
    const checkout = await get(`/order/${cafe.shopId}/checkout`);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('"route":{"name":"checkout"}');
    const status = await get(`/order/${cafe.shopId}/orders/00000000-0000-4000-8000-000000000001?token=abc`);
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain('"route":{"name":"status","orderId":"00000000-0000-4000-8000-000000000001","token":"abc"}');
  });

  it('is a 404 page in words, with no script, for a shop that is not PUBLISHED or unknown', async () => {
    for (const id of [unpublished, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`/order/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This shop does not exist or is not taking orders online.');
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('Back Room');
    }
  });

  it('is reached from the shop short link', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: `/api/shops/${cafe.shopId}/shortlink`, headers: owner.headers });
    expect(created.statusCode, created.body).toBe(201);
    const res = await get(`/s/${created.json().code}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${ctx.config.publicUrl}/order/${cafe.shopId}`);
  });

  it('never serves its template unfilled', async () => {
    const res = await get('/storefront/index.html');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!--page-html-->');
  });

  it('answers 503 in words when the page is not built', async () => {
    const bare = await createTestContext({ serveConsole: false });
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/order/${cafe.shopId}` });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/not built/);
    } finally {
      await bare.close();
    }
  });
});
