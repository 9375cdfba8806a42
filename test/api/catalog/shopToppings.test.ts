import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

/*
 * PUT /api/shops/{shopId}/settings/pizza/toppings/availability: one of the shop's toppings (those of every pizza that
 * lists none of its own) sold out for today, until a time or until put back, without saving the whole document; the
 * storefront menu and ordering follow.
 */
let w: ShopWorld;
let margherita: string;
let calzone: string;
const url = () => `/api/shops/${w.shop.id}/settings/pizza/toppings/availability`;
const menuUrl = () => `/api/storefront/shops/${w.shop.id}/menu`;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, payload?: unknown, user: TestUser | null = w.staff, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({ method, url: path, headers: { ...user?.headers, ...headers }, payload: payload as Record<string, unknown> });
async function ok(method: Method, path: string, payload?: unknown, user: TestUser | null = w.owner) {
  const res = await call(method, path, payload, user);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
const toppingsOf = async () =>
  (await ok('GET', `/api/shops/${w.shop.id}/settings/pizza`)).toppings as {
    name: string;
    prices: Record<string, number>;
    availability: unknown;
  }[];
const availabilityOf = async (name: string) => (await toppingsOf()).find((t) => t.name === name)?.availability;

const OPEN = { open: '00:00', duration: 24, available: true };
const allWeek = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    { pickup: OPEN, pickupExt: { ...OPEN, available: false }, delivery: OPEN, deliveryExt: { ...OPEN, available: false } },
  ]),
);
const order = (line: Record<string, unknown>) => ({
  items: [{ quantity: 1, size: 'Large', ...line }],
  customerName: 'Cathy Customer',
  mobile: '0400 000 001',
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
});
const place = (body: object) => call('POST', `/api/storefront/shops/${w.shop.id}/orders`, body, null);

beforeAll(async () => {
  w = await shopWorld();
  await ok('POST', `/api/shops/${w.shop.id}/approve`, undefined, w.superAdmin);
  await ok('PUT', `/api/shops/${w.shop.id}/settings/pizza`, {
    active: true,
    hasHalfAndHalf: true,
    sizes: [{ name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 1 }],
    toppings: [
      { name: 'Olives', prices: { Large: 1.5 } },
      { name: 'Feta', prices: { Large: 2 } },
      { name: 'Ham', prices: { Large: 2.5 } },
    ],
  });
  margherita = (
    await ok('POST', `/api/shops/${w.shop.id}/items`, {
      type: 'PIZZA',
      name: 'Margherita',
      description: 'Classic',
      sizes: { Large: { price: 18, hasHalfAndHalf: true } },
    })
  ).id;
  calzone = (
    await ok('POST', `/api/shops/${w.shop.id}/items`, {
      type: 'PIZZA',
      name: 'Calzone',
      description: 'Folded',
      sizes: { Large: { price: 20 } },
      addToppings: [{ name: 'Capers', prices: { Large: 1 } }],
    })
  ).id;
  await ok('PUT', `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Pizza', itemIds: [margherita, calzone] }] });
});
afterAll(() => w.ctx.close());

describe('PUT /api/shops/:shopId/settings/pizza/toppings/availability', () => {
  it('sells a shop topping out until a time, until put back, and puts it back, changing nothing else', async () => {
    const before = await ok('GET', `/api/shops/${w.shop.id}/settings/pizza`);
    const until = new Date(w.ctx.clock.now().getTime() + 3_600_000).toISOString();
    const timed = await call('PUT', url(), { topping: 'Olives', soldOut: true, until });
    expect(timed.statusCode, timed.body).toBe(200);
    // The answer is the whole document as GET reads it, with only that topping's availability changed.
    expect(timed.json()).toEqual({
      ...before,
      toppings: before.toppings.map((t: { name: string }) => (t.name === 'Olives' ? { ...t, availability: { soldOut: true, until } } : t)),
    });
    expect(await ok('GET', `/api/shops/${w.shop.id}/settings/pizza`)).toEqual(timed.json());
    // An instant with an offset is stored as the same instant in UTC.
    const local = new TZDate(Date.parse(until), 'Australia/Sydney').toISOString();
    expect((await ok('PUT', url(), { topping: 'Olives', soldOut: true, until: local }, w.staff)).toppings[0].availability).toEqual({
      soldOut: true,
      until,
    });

    expect((await ok('PUT', url(), { topping: 'Olives', soldOut: true }, w.staff)).toppings[0].availability).toEqual({
      soldOut: true,
      until: null,
    });
    expect((await ok('PUT', url(), { topping: 'Olives', soldOut: false, until }, w.staff)).toppings[0].availability).toEqual({
      soldOut: false,
      until: null,
    });
    // Prices stay in cents in the stored document; who changed it and when is recorded.
    const stored = await w.ctx.pool.query("SELECT value, updated_by FROM shop_settings WHERE shop_id = $1 AND kind = 'pizza'", [w.shop.id]);
    expect(stored.rows[0].value.toppings.map((t: { prices: { Large: number } }) => t.prices.Large)).toEqual([150, 200, 250]);
    expect(stored.rows[0].updated_by).toBe(w.staff.id);
  });

  it("sells one out for today: back at the shop's next opening (the next midnight while it has no hours)", async () => {
    const local = new TZDate(w.ctx.clock.now().getTime(), 'Australia/Sydney');
    const midnight = new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, 0, 0, 'Australia/Sydney').getTime(),
    ).toISOString();
    expect((await ok('PUT', url(), { topping: 'Feta', soldOut: true, today: true }, w.staff)).toppings[1].availability).toEqual({
      soldOut: true,
      until: midnight,
    });
    await ok('PUT', url(), { topping: 'Feta', soldOut: false });
  });

  it.each([
    [{ soldOut: true }, 'topping', 'Topping is required'],
    [{ topping: '  ', soldOut: true }, 'topping', 'Topping is required'],
    [{ topping: 't'.repeat(25), soldOut: true }, 'topping', 'should not be larger than 24 characters'],
    [{ topping: 'Olives' }, 'soldOut', 'Sold out is required'],
    [{ topping: 'Olives', soldOut: true, until: 'tomorrow' }, 'until', 'until should be an ISO date and time'],
    [
      { topping: 'Olives', soldOut: true, today: true, until: '2030-01-01T00:00:00Z' },
      'today',
      'Give either today or until, with soldOut true',
    ],
    [{ topping: 'Olives', soldOut: false, today: true }, 'today', 'Give either today or until, with soldOut true'],
  ])('refuses %j with 400 on %s: %s', async (body, field, message) => {
    const res = await call('PUT', url(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it("answers 404 for a topping the pizza settings do not list (a pizza's own topping included), or a shop without pizza settings", async () => {
    for (const topping of ['Anchovies', 'olives', 'Capers']) {
      const res = await call('PUT', url(), { topping, soldOut: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Cannot find topping ${topping} in the pizza settings`, code: 'NOT_FOUND' });
    }
    const res = await call(
      'PUT',
      `/api/shops/${w.otherShop.id}/settings/pizza/toppings/availability`,
      { topping: 'Olives', soldOut: true },
      w.outsider,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Cannot find topping Olives in the pizza settings');
  });

  it('answers anonymous callers 401 and members of another shop 404; every member of the shop may (no role above USER)', async () => {
    const body = { topping: 'Ham', soldOut: true };
    expect((await call('PUT', url(), body, null)).statusCode).toBe(401);
    const outsider = await call('PUT', url(), body, w.outsider);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(`Cannot find shop with id ${w.shop.id}`);
    expect(await availabilityOf('Ham')).toEqual({ soldOut: false, until: null });
    for (const user of [w.staff, w.owner, w.superAdmin]) expect((await call('PUT', url(), body, user)).statusCode).toBe(200);
    await ok('PUT', url(), { topping: 'Ham', soldOut: false });
  });

  it('loses neither change when two toppings are toggled at once', async () => {
    // Hold the document's row so both requests have read what they read before either writes: a read-modify-write
    // of the whole document would then store only one of the two changes.
    const holder = await w.ctx.pool.connect();
    let results;
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM shop_settings WHERE shop_id = $1 AND kind = 'pizza' FOR UPDATE", [w.shop.id]);
      const pending = Promise.all([
        call('PUT', url(), { topping: 'Olives', soldOut: true }),
        call('PUT', url(), { topping: 'Ham', soldOut: true }, w.owner),
      ]);
      await expect
        .poll(async () => (await holder.query('SELECT count(DISTINCT pid)::int AS n FROM pg_locks WHERE NOT granted')).rows[0].n, {
          timeout: 10_000,
        })
        .toBe(2);
      await holder.query('COMMIT');
      results = await pending;
    } finally {
      holder.release();
    }
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await toppingsOf()).map((t) => [t.name, t.availability])).toEqual([
      ['Olives', { soldOut: true, until: null }],
      ['Feta', { soldOut: false, until: null }],
      ['Ham', { soldOut: true, until: null }],
    ]);
    await ok('PUT', url(), { topping: 'Olives', soldOut: false });
    await ok('PUT', url(), { topping: 'Ham', soldOut: false });
  });

  it('survives a save of the whole Pizza Settings document: a stale copy does not put it back on sale, a new topping starts on sale', async () => {
    await ok('PUT', url(), { topping: 'Ham', soldOut: true }, w.staff);
    // The owner's form was loaded before the toggle: it still says Ham is on sale, and adds Basil.
    const stale = await ok('GET', `/api/shops/${w.shop.id}/settings/pizza`);
    const toppings = stale.toppings.map((t: { name: string }) => ({ ...t, availability: { soldOut: false, until: null } }));
    const saved = await ok('PUT', `/api/shops/${w.shop.id}/settings/pizza`, {
      ...stale,
      toppings: [...toppings, { name: 'Basil', prices: { Large: 0.5 } }],
    });
    const availability = Object.fromEntries(saved.toppings.map((t: { name: string; availability: unknown }) => [t.name, t.availability]));
    expect(availability.Ham).toEqual({ soldOut: true, until: null });
    expect(availability.Basil).toEqual({ soldOut: false, until: null });
    expect(await availabilityOf('Ham')).toEqual({ soldOut: true, until: null });
    // Prices and the new topping were saved as sent.
    expect(saved.toppings.find((t: { name: string }) => t.name === 'Basil').prices).toEqual({ Large: 0.5 });
    await ok('PUT', url(), { topping: 'Ham', soldOut: false }, w.staff);
    await ok('PUT', `/api/shops/${w.shop.id}/settings/pizza`, { ...stale, toppings: stale.toppings });
  });
});

describe('a sold-out shop topping in the storefront menu and in ordering', () => {
  it('leaves it out of the menu under a new ETag, and of pizzas that use the shop toppings only', async () => {
    const first = await call('GET', menuUrl(), undefined, null);
    expect(first.statusCode, first.body).toBe(200);
    const names = (m: {
      pizza: { toppings: { name: string }[] };
      categories: { items: { name: string; toppings: { name: string }[] }[] }[];
    }) => [m.pizza.toppings.map((t) => t.name), ...m.categories[0].items.map((i) => [i.name, i.toppings.map((t) => t.name)])];
    expect(names(first.json())).toEqual([
      ['Olives', 'Feta', 'Ham'],
      ['Margherita', ['Olives', 'Feta', 'Ham']],
      ['Calzone', ['Capers']],
    ]);
    const etag = first.headers.etag as string;
    expect((await call('GET', menuUrl(), undefined, null, { 'if-none-match': etag })).statusCode).toBe(304);

    await ok('PUT', url(), { topping: 'Olives', soldOut: true });
    const changed = await call('GET', menuUrl(), undefined, null, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(names(changed.json())).toEqual([
      ['Feta', 'Ham'],
      ['Margherita', ['Feta', 'Ham']],
      ['Calzone', ['Capers']],
    ]);

    await ok('PUT', url(), { topping: 'Olives', soldOut: false });
    const back = await call('GET', menuUrl(), undefined, null, { 'if-none-match': changed.headers.etag as string });
    expect(back.statusCode).toBe(200);
    expect(names(back.json())[0]).toEqual(['Olives', 'Feta', 'Ham']);
  });

  it("refuses an order choosing it, whole or on a half, as it refuses a pizza's own sold-out topping; takes it once it returns", async () => {
    await ok('PUT', `/api/shops/${w.shop.id}/settings/timings`, allWeek);
    const until = new Date(w.ctx.clock.now().getTime() + 30 * 60_000).toISOString();
    await ok('PUT', url(), { topping: 'Olives', soldOut: true, until });
    await ok('PUT', `/api/shops/${w.shop.id}/items/${calzone}/availability`, { soldOut: true, topping: 'Capers' });

    const own = await place(order({ itemId: calzone, addToppings: ['Capers'] }));
    expect([own.statusCode, own.json().message]).toEqual([400, 'Calzone: Capers is sold out']);
    const shop = await place(order({ itemId: margherita, addToppings: ['Olives'] }));
    expect([shop.statusCode, shop.json().message]).toEqual([400, 'Margherita: Olives is sold out']);
    const half = await place(order({ itemId: margherita, halves: [{ addToppings: ['Feta'] }, { addToppings: ['Olives'] }] }));
    expect([half.statusCode, half.json().message]).toEqual([400, 'Margherita: Olives is sold out']);
    expect((await place(order({ itemId: margherita, addToppings: ['Feta'] }))).statusCode).toBe(201);

    // It returns by itself when its period ends.
    w.ctx.clock.advance(31 * 60_000);
    try {
      const later = await place(order({ itemId: margherita, addToppings: ['Olives'] }));
      expect(later.statusCode, later.body).toBe(201);
      expect(later.json().cart.items[0]).toMatchObject({ summary: 'Large, + Olives', unitPrice: 19.5 });
    } finally {
      w.ctx.clock.reset();
    }
  });
});
