import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../helpers/apiKeys';
import { seedOrder } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';

/* An integration acts on its shop with nothing but a key: within its scopes, on its own shop, never beyond. */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({ env: { API_KEY_REQUESTS_PER_MINUTE: '20' } });
});
afterAll(() => w.ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (headers: { authorization: string }, method: Method, url: string, payload?: object) =>
  w.ctx.app.inject({ method, url, headers, payload });
const shop = (path: string, shopId = w.shop.id) => `/api/shops/${shopId}/${path}`;
const lastUsed = async (id: string) =>
  (await w.ctx.pool.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [id])).rows[0].last_used_at;

describe('a key within its scopes', () => {
  it('reads and acts on orders as its creator, and the request names the key', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read', 'orders:write'], { name: 'Kitchen screen' });
    const order = await seedOrder(w.ctx, w.shop.id);
    const list = await as(key.headers, 'GET', shop('orders'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().map((o: { id: string }) => o.id)).toContain(order.id);
    const accepted = await as(key.headers, 'POST', `/api/cafes/${w.shop.id}/orders/${order.id}/accept`, { eta: null });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().orderStatusRestaurant).toBe('ACCEPTED');
    const { rows } = await w.ctx.pool.query('SELECT acted_by FROM orders WHERE id = $1', [order.id]);
    expect(rows).toEqual([{ acted_by: w.owner.id }]);
  });

  it('changes the menu with menu:write, and the pizza settings (but no other settings kind)', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['menu:read', 'menu:write']);
    const created = await as(key.headers, 'POST', shop('items'), { type: 'BASIC', name: 'Key Muffin', price: 3 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await as(key.headers, 'GET', shop(`items/${created.json().id}`))).statusCode).toBe(200);
    expect((await as(key.headers, 'GET', shop('settings/pizza'))).statusCode).toBe(200);
    const checkout = await as(key.headers, 'GET', shop('settings/checkout'));
    expect({ status: checkout.statusCode, body: checkout.json() }).toEqual({
      status: 403,
      body: { message: 'API keys cannot use this route.', code: 'FORBIDDEN' },
    });
  });

  it('reads reports with reports:read, but never payouts', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['reports:read']);
    expect((await as(key.headers, 'GET', `/api/reports/shops/${w.shop.id}/today`)).statusCode).toBe(200);
    const payouts = await as(key.headers, 'GET', `/api/reports/shops/${w.shop.id}/payouts?from=2026-01-01&to=2026-01-31`);
    expect({ status: payouts.statusCode, message: payouts.json().message }).toEqual({
      status: 403,
      message: 'API keys cannot use this route.',
    });
  });

  it("reads the shop's event feed with orders:read", async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    const order = await seedOrder(w.ctx, w.shop.id);
    const res = await as(key.headers, 'GET', shop('events/feed?limit=500'));
    expect(res.statusCode, res.body).toBe(200);
    const created = res
      .json()
      .events.find((e: { type: string; data: { id?: string } }) => e.type === 'order.created' && e.data.id === order.id);
    expect(created).toMatchObject({ id: expect.any(Number), at: expect.any(String), data: { id: order.id, number: order.number } });
  });
});

describe('a key beyond its scopes', () => {
  it('is refused (403) with the scope the route needs, and changes nothing', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    const order = await seedOrder(w.ctx, w.shop.id);
    const cases: [Method, string, string, object?][] = [
      ['POST', `/api/cafes/${w.shop.id}/orders/${order.id}/accept`, 'orders:write', { eta: null }],
      ['PUT', shop('orders/busy'), 'orders:write', { mode: 'PAUSE', minutes: null }],
      ['GET', shop('bookings'), 'bookings:read'],
      ['GET', shop('items'), 'menu:read'],
      ['PUT', shop('menu'), 'menu:write', { categories: [] }],
      ['GET', `/api/reports/shops/${w.shop.id}/today`, 'reports:read'],
    ];
    for (const [method, url, scope, payload] of cases) {
      const res = await as(key.headers, method, url, payload);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 403,
        body: { message: `This API key does not have the ${scope} scope this route needs.`, code: 'FORBIDDEN' },
      });
    }
    const { rows } = await w.ctx.pool.query('SELECT order_status_restaurant FROM orders WHERE id = $1', [order.id]);
    expect(rows[0].order_status_restaurant).toBe('NEW');
  });

  it('may not call the account, platform, key-management, staff, money or stream routes (403)', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read', 'orders:write', 'reports:read']);
    const order = await seedOrder(w.ctx, w.shop.id);
    const refused: [Method, string, object?][] = [
      ['GET', '/api/me'],
      ['GET', '/api/shops'],
      ['GET', '/api/users/is_super_admin'],
      ['GET', '/api/shops/review'],
      ['GET', '/api/platform/remote-config'],
      ['GET', shop('api_keys')],
      ['POST', shop('api_keys'), { name: 'Child key', scopes: ['orders:read'] }],
      ['GET', shop('sellers')],
      ['POST', shop('invites'), { to: 'someone@example.com', role: 'ADMIN' }],
      ['GET', shop('')],
      ['POST', `/api/cafes/${w.shop.id}/orders/${order.id}/refund/retry`],
      ['GET', `/api/stripe/shops/${w.shop.id}/active_account`],
      ['GET', shop('events')],
      ['POST', shop('events/ticket')],
      ['POST', shop('approve')],
    ];
    const before = await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys');
    for (const [method, url, payload] of refused) {
      const res = await as(key.headers, method, url.replace(/\/$/, ''), payload);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 403,
        body: { message: 'API keys cannot use this route.', code: 'FORBIDDEN' },
      });
    }
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM api_keys')).rows).toEqual(before.rows);
  });

  it("answers 404 on another shop's routes, naming nothing of it", async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read', 'menu:read']);
    for (const url of [shop('orders', w.otherShop.id), shop('items', w.otherShop.id), shop('api_keys', w.otherShop.id)]) {
      const res = await as(key.headers, 'GET', url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 404,
        body: { message: `Cannot find shop with id ${w.otherShop.id}`, code: 'NOT_FOUND' },
      });
    }
  });

  it('is nobody on public routes (an invitation cannot be answered with it)', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['menu:read']);
    const res = await as(key.headers, 'GET', `/api/storefront/shops/${w.shop.id}/hours`);
    expect(res.statusCode).not.toBe(401);
  });
});

describe('a key that cannot be used', () => {
  it('revoked: 401 at once', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    expect((await as(key.headers, 'GET', shop('orders'))).statusCode).toBe(200);
    const revoked = await w.ctx.app.inject({ method: 'DELETE', url: shop(`api_keys/${key.apiKey.id}`), headers: w.owner.headers });
    expect(revoked.statusCode).toBe(200);
    const res = await as(key.headers, 'GET', shop('orders'));
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 401,
      body: { message: 'This API key has been revoked.', code: 'UNAUTHORIZED' },
    });
  });

  it('expired: 401 once its expiry has passed, and listed as EXPIRED', async () => {
    const expiresAt = new Date(w.ctx.clock.now().getTime() + 60_000).toISOString();
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read'], { expiresAt });
    expect((await as(key.headers, 'GET', shop('orders'))).statusCode).toBe(200);
    w.ctx.clock.advance(61_000);
    const res = await as(key.headers, 'GET', shop('orders'));
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 401,
      body: { message: 'This API key has expired.', code: 'UNAUTHORIZED' },
    });
    const list = await w.ctx.app.inject({ url: shop('api_keys'), headers: w.owner.headers });
    expect(list.json().find((k: { id: string }) => k.id === key.apiKey.id).status).toBe('EXPIRED');
  });

  it('unknown or malformed: 401', async () => {
    for (const value of ['srv_' + 'A'.repeat(43), 'srv_', 'srv_' + 'x'.repeat(500)]) {
      const res = await as({ authorization: `Bearer ${value}` }, 'GET', shop('orders'));
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 401,
        body: { message: 'This API key is not valid.', code: 'UNAUTHORIZED' },
      });
    }
  });
});

describe('use of a key', () => {
  it('records when it was last used, at most once a minute', async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    expect(await lastUsed(key.apiKey.id)).toBeNull();
    await as(key.headers, 'GET', shop('orders'));
    const first = await lastUsed(key.apiKey.id);
    expect(first).not.toBeNull();
    w.ctx.clock.advance(30_000);
    await as(key.headers, 'GET', shop('orders'));
    expect(await lastUsed(key.apiKey.id)).toEqual(first);
    w.ctx.clock.advance(31_000);
    await as(key.headers, 'GET', shop('orders'));
    const later = await lastUsed(key.apiKey.id);
    expect(later!.getTime()).toBeGreaterThan(first!.getTime());
    const listed = (await w.ctx.app.inject({ url: shop('api_keys'), headers: w.owner.headers })).json();
    expect(listed.find((k: { id: string }) => k.id === key.apiKey.id).lastUsedAt).toBe(later!.toISOString());
  });

  it('is limited per key (429 with Retry-After), whatever other keys do', async () => {
    w.ctx.clock.advance(61_000);
    const busy = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    const calm = await createApiKey(w.ctx, w.shop.id, w.owner, ['orders:read']);
    for (let i = 0; i < 20; i++) expect((await as(busy.headers, 'GET', shop('orders/busy'))).statusCode).toBe(200);
    const over = await as(busy.headers, 'GET', shop('orders/busy'));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await as(calm.headers, 'GET', shop('orders/busy'))).statusCode).toBe(200);
    w.ctx.clock.advance(61_000);
    expect((await as(busy.headers, 'GET', shop('orders/busy'))).statusCode).toBe(200);
  });
});
