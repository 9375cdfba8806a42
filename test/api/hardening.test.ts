import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers/app';
import { createUser } from '../helpers/users';
import { shopWorld, type ShopWorld } from '../helpers/shopWorld';
import { expectRetryAfter, LIMITED, retryAfter } from '../helpers/rateLimits';
import { ownShop } from '../helpers/shopWorld';

/** App-wide input and logging rules: NUL characters, logs without query parameters, forwarded-for. */
let ctx: TestContext;
let proxied: TestContext;
/** Two tries a window per IP for orders and two storefront reads a minute. */
let limited: TestContext;
/** A published shop, open around the clock, with one item: orders placed there reach the database. */
let w: ShopWorld;
let itemId: string;
const logLines: string[] = [];

const OPEN = { open: '00:00', duration: 24, available: true };
const day = { pickup: OPEN, pickupExt: { ...OPEN, available: false }, delivery: OPEN, deliveryExt: { ...OPEN, available: false } };
const allWeek = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, day]));

beforeAll(async () => {
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  ctx = await createTestContext({ logger: { level: 'info', stream: sink } });
  proxied = await createTestContext({ env: { TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '3' } });
  limited = await createTestContext({ env: { RATE_LIMIT_PER_IP: '2', RATE_LIMIT_WINDOW_SECONDS: '60', STOREFRONT_READS_PER_MINUTE: '2' } });
  w = await shopWorld();
  const setUp = [
    await w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/approve`, headers: w.superAdmin.headers }),
    await w.ctx.app.inject({ method: 'PUT', url: `/api/shops/${w.shop.id}/settings/timings`, headers: w.owner.headers, payload: allWeek }),
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/items`,
      headers: w.owner.headers,
      payload: { type: 'BASIC', name: 'Cake', price: 5 },
    }),
  ];
  for (const res of setUp) expect(res.statusCode, res.body).toBeLessThan(300);
  itemId = setUp[2].json().id;
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
  await limited.close();
  await w.ctx.close();
});

const NUL = { message: 'Text cannot contain the NUL character (\\u0000).', code: 'NUL_CHARACTER' };

describe('NUL characters', () => {
  it('are a 400 in JSON bodies, on every route, before any handler runs', async () => {
    const user = await createUser(ctx);
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { email: 'nul@example.com', password: 'pass\u0000word-long', name: 'N' },
      },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'nul\u0000@example.com', password: 'whatever-long' } },
      { method: 'POST' as const, url: '/api/shops', payload: { name: 'Caf\u0000e' }, headers: user.headers },
      { method: 'POST' as const, url: '/api/auth/login', payload: { ['e\u0000mail']: 'x' } },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual(NUL);
    }
  });

  it('are a 400 in query strings, cursors and path parameters', async () => {
    const user = await createUser(ctx);
    for (const url of [
      '/api/shops/search?q=caf%00e',
      '/api/shops/browse?cursor=%00',
      '/api/shops/abc%00def',
      '/api/auth/action?mode=verifyEmail&oobCode=%00',
    ]) {
      const res = await ctx.app.inject({ url, headers: user.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(NUL);
    }
  });
});

describe('NUL characters in list filters', () => {
  it('are a 400 once the filter is parsed, on every list', async () => {
    for (const url of [`/api/shops`, `/api/shops/${w.shop.id}/items`, `/api/shops/${w.shop.id}/promotions`]) {
      const res = await w.ctx.app.inject({ url: `${url}?filter=${encodeURIComponent('{"q":"a\\u0000b"}')}`, headers: w.owner.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ message: NUL.message, errors: { filter: NUL.message } });
    }
  });
});

/** JSON.parse turns the escape `\ud800` into half a surrogate pair, which PostgreSQL cannot store. */
const LONE = '\ud800';
const SURROGATE = { message: 'Text cannot contain a lone UTF-16 surrogate (\\ud800 to \\udfff).', code: 'LONE_SURROGATE' };

/** A body the public order endpoint takes for `w`'s shop. */
const orderBody = () => ({
  items: [{ itemId, quantity: 1 }],
  customerName: 'Cathy Customer',
  mobile: '0400 000 001',
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
  comments: 'No sugar',
});
const orderUrl = () => `/api/storefront/shops/${w.shop.id}/orders`;

describe('lone UTF-16 surrogates', () => {
  it('are a 400 in JSON bodies, on every route, before any handler runs', async () => {
    const cases = [
      { method: 'POST' as const, url: orderUrl(), payload: { ...orderBody(), customerName: `Cathy${LONE}` } },
      {
        method: 'POST' as const,
        url: `/api/shops/${w.shop.id}/items`,
        payload: { type: 'BASIC', name: `Ca${LONE}ke`, price: 5 },
        headers: w.owner.headers,
      },
      {
        method: 'PUT' as const,
        url: `/api/shops/${w.shop.id}/settings/delivery`,
        payload: { minOrderValue: 20, suburbs: [{ name: `Newtown${LONE}`, postcode: '2042', deliveryCharges: 5 }] },
        headers: w.owner.headers,
      },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { email: 'lone@example.com', password: 'a-long-password', name: `Lone\udc00` },
      },
      // The two halves in the wrong order are two lone halves.
      {
        method: 'POST' as const,
        url: `/api/shops/${w.shop.id}/items`,
        payload: { type: 'BASIC', name: 'Cake \udc00\ud800', price: 5 },
        headers: w.owner.headers,
      },
      {
        method: 'POST' as const,
        url: `/api/shops/${w.shop.id}/items`,
        payload: { type: 'BASIC', name: 'Cake', price: 5, [`x${LONE}`]: 1 },
        headers: w.owner.headers,
      },
    ];
    for (const c of cases) {
      const res = await w.ctx.app.inject(c);
      expect(res.statusCode, `${c.url} ${res.body}`).toBe(400);
      expect(res.json(), c.url).toEqual(SURROGATE);
    }
    expect((await w.ctx.pool.query("SELECT 1 FROM items WHERE name LIKE 'Ca%ke%' AND name <> 'Cake'")).rowCount).toBe(0);
  });

  it('are not confused with a whole surrogate pair (an emoji)', async () => {
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/items`,
      headers: w.owner.headers,
      payload: { type: 'BASIC', name: 'Cake \ud83c\udf70', price: 5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Cake 🍰');
  });

  it('are a 400 in JSON list filters', async () => {
    for (const url of [`/api/shops`, `/api/shops/${w.shop.id}/items`, `/api/shops/${w.shop.id}/promotions`]) {
      const res = await w.ctx.app.inject({
        url: `${url}?filter=${encodeURIComponent(JSON.stringify({ q: `caf${LONE}` }))}`,
        headers: w.owner.headers,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ message: SURROGATE.message, errors: { filter: SURROGATE.message } });
    }
  });
});

/** Every string in a JSON value with its path, so each can be replaced in turn. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}
function withStringAt<T>(value: T, path: (string | number)[], text: string): T {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = text;
  return copy as T;
}

describe('a lone surrogate in any string field', () => {
  it('is never a 500, whichever field of these bodies carries it', async () => {
    const bodies = [
      {
        method: 'POST' as const,
        url: orderUrl(),
        payload: {
          ...orderBody(),
          collectionType: 'DELIVERY',
          deliveryAddress: { line1: '1 King St', suburb: 'Newtown', postcode: '2042' },
          coupon: 'SAVE10',
          collectionName: 'Front',
        },
        headers: {},
      },
      { method: 'POST' as const, url: '/api/shops', payload: await ownShop(w.ctx, w.owner), headers: w.owner.headers },
      {
        method: 'POST' as const,
        url: `/api/shops/${w.shop.id}/items`,
        payload: {
          type: 'BASIC',
          name: 'Latte',
          description: 'Coffee',
          price: 4.5,
          attributes: [{ name: 'Milk', multiple: false, optional: false, values: [{ name: 'Oat', extraCharge: 0.8 }] }],
        },
        headers: w.owner.headers,
      },
      {
        method: 'PUT' as const,
        url: `/api/shops/${w.shop.id}/settings/delivery`,
        payload: { minOrderValue: 20, suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }] },
        headers: w.owner.headers,
      },
      {
        method: 'POST' as const,
        url: `/api/shops/${w.shop.id}/closures`,
        payload: { date: '2031-03-03', note: 'Private event', pickup: { open: '08:00', duration: 3 } },
        headers: w.owner.headers,
      },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { email: 'fuzz@example.com', password: 'a-long-password', name: 'Fuzz' },
        headers: {},
      },
    ];
    let sent = 0;
    for (const body of bodies) {
      for (const path of stringPaths(body.payload)) {
        for (const text of [LONE, `a${LONE}b`, '\udfff']) {
          const res = await w.ctx.app.inject({ ...body, payload: withStringAt(body.payload, path, text) });
          expect(res.statusCode, `${body.url} ${path.join('.')}`).not.toBe(500);
          expect(res.json(), `${body.url} ${path.join('.')}`).toEqual(SURROGATE);
          sent += 1;
        }
      }
    }
    expect(sent).toBeGreaterThan(40);
  });
});

describe('error logs', () => {
  it('never carry the parameters of a failed query (the e-mail and the argon2 hash of a failed insert)', async () => {
    await ctx.db.execute(
      sql.raw(`
      create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'users are refused in this test'; end $$;
      create trigger refuse_users before insert on users for each row execute function refuse_users();`),
    );
    const email = 'leaky-address@example.com';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a-long-password', name: 'Leaky' },
    });
    await ctx.db.execute(sql.raw('drop trigger refuse_users on users; drop function refuse_users();'));
    expect(res.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('users are refused in this test');
    expect(log).not.toContain(email);
    expect(log).not.toContain('$argon2');
  });
});

describe('TRUST_PROXY', () => {
  it('takes the client address from the hop our proxy added, so a forged X-Forwarded-For cannot dodge per-IP limits', async () => {
    const attempt = (forged: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
        payload: { email: `someone-${forged}@example.com`, password: 'wrong-password' },
      });
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) expect((await attempt(forged)).statusCode).not.toBe(429);
    expect((await attempt('4.4.4.4')).statusCode).toBe(429);
    // Another client behind the same proxy is its own bucket.
    const other = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { email: 'other@example.com', password: 'wrong-password' },
    });
    expect(other.statusCode).not.toBe(429);
  });
});

describe('Retry-After', () => {
  it("is on the customers' read limit, counting what is left of the minute", async () => {
    // A fresh address for each try, and a clock that moves only when told: what is left of the minute is then exactly
    // 35 s, however slowly a loaded machine runs the reads and whatever the file's other tests read before.
    const ip = `10.77.1.${Math.floor(Math.random() * 250) + 1}`;
    const read = () => limited.app.inject({ url: `/api/storefront/shops/${crypto.randomUUID()}/menu`, remoteAddress: ip });
    limited.clock.freeze();
    try {
      // The read limit's minute is one window for every address, begun by the first read after the last one ended:
      // a minute on, this test's first read begins it.
      limited.clock.advance(60_000);
      for (let i = 0; i < 2; i++) expect((await read()).statusCode).toBe(404);
      limited.clock.advance(25_000);
      const blocked = await read();
      expect(blocked.json()).toEqual(LIMITED);
      expectRetryAfter(blocked, 35);
      expect(retryAfter(blocked)).toBeGreaterThanOrEqual(34);
    } finally {
      limited.clock.thaw();
    }
  });

  it('is on every other 429 too, such as the order limits that do not say when they free up: one whole window', async () => {
    const order = () =>
      limited.app.inject({
        method: 'POST',
        url: `/api/storefront/shops/${crypto.randomUUID()}/orders`,
        remoteAddress: '10.77.0.2',
        payload: {
          items: [{ itemId: crypto.randomUUID(), quantity: 1 }],
          customerName: 'Cathy',
          mobile: '0400 000 001',
          collectionType: 'PICKUP',
          paymentType: 'CASH',
        },
      });
    for (let i = 0; i < 2; i++) expect((await order()).statusCode).toBe(404);
    const blocked = await order();
    expect(blocked.json()).toEqual(LIMITED);
    expectRetryAfter(blocked, 60);
  });
});

describe('health', () => {
  it('says database "error" without the driver message when the database is gone', async () => {
    const broken = await createTestContext({ env: { DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/nothing' } }).catch(() => null);
    // Building a context on an unreachable database may fail early; then check the route on a closed pool instead.
    const target = broken ?? ctx;
    if (!broken) await ctx.pool.end();
    const res = await target.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', database: 'error' });
    if (broken) await broken.close();
  });
});
