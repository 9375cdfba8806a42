import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { storedImage } from '../../helpers/images';
import type { Shop } from '../../../domain/shop';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, user: TestUser | null = w.owner, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({ method, url, headers: { ...user?.headers, ...headers }, payload: payload as Record<string, unknown> });
const ok = async (method: Method, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

async function publishedShop(name: string): Promise<Shop> {
  const shop = await createShop(w.ctx, w.owner, { name });
  const res = await call('POST', `/api/shops/${shop.id}/approve`, undefined, w.superAdmin);
  expect(res.statusCode, res.body).toBe(200);
  return shop;
}

describe('GET|PUT /api/shops/:shopId/menu', () => {
  it('reads an empty menu, then saves the ordered categories whole', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Menu Cafe' });
    expect(await ok('GET', `/api/shops/${shop.id}/menu`)).toEqual({ categories: [] });
    const image = await storedImage(w.ctx, w.owner);
    const menu = {
      categories: [
        { name: 'Coffee', description: 'Hot', itemIds: ['a', 'b'], image: { aspectRatio: 'FOUR_TWO', image } },
        { name: 'Cakes', itemIds: [] },
      ],
    };
    const saved = await ok('PUT', `/api/shops/${shop.id}/menu`, menu);
    expect(saved.categories[1]).toEqual({ name: 'Cakes', description: '', itemIds: [], image: null, offered: null });
    expect(await ok('GET', `/api/shops/${shop.id}/menu`)).toEqual(saved);
  });

  it.each([
    [{ categories: [{ itemIds: [] }] }, 'categories.0.name', 'Name is required'],
    [{ categories: [{ name: 'n'.repeat(25) }] }, 'categories.0.name', 'should not be larger than 24 characters'],
    [
      { categories: [{ name: 'Tea', description: 'd'.repeat(141) }] },
      'categories.0.description',
      'should not be larger than 140 characters',
    ],
    [{ categories: [{ name: 'Tea', image: { image: 'img/x.png' } }] }, 'categories.0.image.aspectRatio', 'Aspect ratio is required'],
    [{ categories: [{ name: 'Tea', image: { aspectRatio: 'SQUARE' } }] }, 'categories.0.image.image', 'Image is required'],
  ])('refuses %j with 400 on %s: %s', async (body, field, message) => {
    const res = await call('PUT', `/api/shops/${w.shop.id}/menu`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a menu without its categories and keeps the stored one', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Kept Menu Cafe' });
    const menu = { categories: [{ name: 'Coffee', description: 'Hot', itemIds: ['a'], image: null }] };
    await ok('PUT', `/api/shops/${shop.id}/menu`, menu);
    const res = await call('PUT', `/api/shops/${shop.id}/menu`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Categories is required', errors: { categories: 'Categories is required' } });
    expect(await ok('GET', `/api/shops/${shop.id}/menu`)).toEqual({ categories: [{ ...menu.categories[0], offered: null }] });
  });

  it('refuses a category image the shop did not upload', async () => {
    const foreign = await storedImage(w.ctx, w.outsider);
    const res = await call('PUT', `/api/shops/${w.shop.id}/menu`, {
      categories: [{ name: 'Tea', image: { aspectRatio: 'SQUARE', image: foreign } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'categories.0.image.image': 'Use an image uploaded to Servery by you or this shop. Upload it again.',
    });
  });

  it('answers 401 to anonymous callers and 404 to members of another shop; both roles of the shop may edit', async () => {
    for (const [method, body] of [['GET'], ['PUT', { categories: [] }]] as [Method, unknown?][]) {
      expect((await call(method, `/api/shops/${w.shop.id}/menu`, body, null)).statusCode).toBe(401);
      const res = await call(method, `/api/shops/${w.shop.id}/menu`, body, w.outsider);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`Cannot find shop with id ${w.shop.id}`);
    }
    expect((await call('PUT', `/api/shops/${w.shop.id}/menu`, { categories: [] }, w.staff)).statusCode).toBe(200);
  });
});

describe('settings kinds pizza and delivery', () => {
  it('reads the spec defaults for pizza and delivery, and saves with amounts kept in cents', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Settings Cafe' });
    expect(await ok('GET', `/api/shops/${shop.id}/settings/pizza`)).toEqual({
      active: false,
      hasHalfAndHalf: true,
      sizes: [
        { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
        { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
        { name: 'Family', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
        { name: 'Party', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
      ],
      toppings: [],
    });
    expect(await ok('GET', `/api/shops/${shop.id}/settings/delivery`)).toEqual({ minOrderValue: 0, suburbs: [] });
    const delivery = {
      minOrderValue: 25.5,
      suburbs: [
        { name: 'Newtown', postcode: '2042', deliveryCharges: 4.95 },
        { name: 'Glebe', deliveryCharges: 5 },
      ],
    };
    const saved = await ok('PUT', `/api/shops/${shop.id}/settings/delivery`, delivery);
    expect(saved.suburbs[1]).toEqual({ name: 'Glebe', postcode: '', deliveryCharges: 5 });
    const stored = await w.ctx.pool.query("SELECT value FROM shop_settings WHERE shop_id = $1 AND kind = 'delivery'", [shop.id]);
    expect(stored.rows[0].value).toMatchObject({ minOrderValue: 2550, suburbs: [{ deliveryCharges: 495 }, { deliveryCharges: 500 }] });
    expect(await ok('GET', `/api/shops/${shop.id}/settings/delivery`)).toEqual(saved);
  });

  it('refuses a save that leaves out the suburbs or the toppings, and keeps the stored lists', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Kept Lists Cafe' });
    const delivery = await ok('PUT', `/api/shops/${shop.id}/settings/delivery`, {
      minOrderValue: 20,
      suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 4.95 }],
    });
    const pizza = await ok('PUT', `/api/shops/${shop.id}/settings/pizza`, {
      active: true,
      hasHalfAndHalf: false,
      sizes: [{ name: 'Large', halfAndHalfExtraCharge: 0 }],
      toppings: [{ name: 'Ham', prices: { Large: 2 } }],
    });
    const noSuburbs = await call('PUT', `/api/shops/${shop.id}/settings/delivery`, { minOrderValue: 10 });
    expect(noSuburbs.statusCode).toBe(400);
    expect(noSuburbs.json().errors).toEqual({ suburbs: 'Suburbs is required' });
    const noToppings = await call('PUT', `/api/shops/${shop.id}/settings/pizza`, {
      active: true,
      hasHalfAndHalf: false,
      sizes: [{ name: 'Large', halfAndHalfExtraCharge: 0 }],
    });
    expect(noToppings.statusCode).toBe(400);
    expect(noToppings.json().errors).toEqual({ toppings: 'Toppings is required' });
    expect(await ok('GET', `/api/shops/${shop.id}/settings/delivery`)).toEqual(delivery);
    expect(await ok('GET', `/api/shops/${shop.id}/settings/pizza`)).toEqual(pizza);
  });

  it.each([5.5, 'Ham', { name: 'Ham' }])('refuses toppings that are not a list (%j) with 400 on the field', async (toppings) => {
    const res = await call('PUT', `/api/shops/${w.shop.id}/settings/pizza`, {
      active: true,
      hasHalfAndHalf: false,
      sizes: [{ name: 'Large', halfAndHalfExtraCharge: 0 }],
      toppings,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['toppings']);
  });

  it.each([
    ['pizza', { active: true, hasHalfAndHalf: false, sizes: [] }, 'sizes', 'should contain at least 1 item'],
    [
      'pizza',
      { active: true, hasHalfAndHalf: false, sizes: [{ name: 's'.repeat(25), halfAndHalfExtraCharge: 0 }] },
      'sizes.0.name',
      'should not be larger than 24 characters',
    ],
    [
      'pizza',
      { active: true, hasHalfAndHalf: false, sizes: [{ name: 'Small' }] },
      'sizes.0.halfAndHalfExtraCharge',
      'Extra charge is required',
    ],
    [
      'pizza',
      {
        active: true,
        hasHalfAndHalf: false,
        sizes: [
          { name: 'Small', halfAndHalfExtraCharge: 0 },
          { name: 'small', halfAndHalfExtraCharge: 0 },
        ],
      },
      'sizes.1.name',
      'Size names should be unique',
    ],
    [
      'pizza',
      { active: true, hasHalfAndHalf: false, sizes: [{ name: 'S', halfAndHalfExtraCharge: 0 }], toppings: [{ name: '' }] },
      'toppings.0.name',
      'Name is required',
    ],
    [
      'pizza',
      {
        active: true,
        hasHalfAndHalf: false,
        sizes: [{ name: 'S', halfAndHalfExtraCharge: 0 }],
        toppings: [{ name: 'Ham', prices: { S: 'x' } }],
      },
      'toppings.0.prices.S',
      'Price is required',
    ],
    ['delivery', { minOrderValue: -1 }, 'minOrderValue', 'should be at least 0'],
    [
      'delivery',
      { minOrderValue: 0, suburbs: [{ name: 'Glebe', deliveryCharges: -2 }] },
      'suburbs.0.deliveryCharges',
      'should be at least 0',
    ],
    [
      'delivery',
      {
        minOrderValue: 0,
        suburbs: [
          { name: 'Glebe', deliveryCharges: 2 },
          { name: 'glebe', deliveryCharges: 3 },
        ],
      },
      'suburbs.1.name',
      'This suburb is already listed',
    ],
    ['delivery', { minOrderValue: 0, suburbs: [{ name: '', deliveryCharges: 2 }] }, 'suburbs.0.name', 'Suburb is required'],
  ])('settings/%s refuses %j on %s: %s', async (kind, body, field, message) => {
    const res = await call('PUT', `/api/shops/${w.shop.id}/settings/${kind}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('GET /api/storefront/shops/:shopId/menu', () => {
  it('serves a PUBLISHED shop only, with no login', async () => {
    const hidden = await createShop(w.ctx, w.owner, { name: 'Unlisted Cafe' });
    for (const id of [hidden.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await call('GET', `/api/storefront/shops/${id}/menu`, undefined, null);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Cannot find shop with id ${id}`, code: 'NOT_FOUND' });
    }
  });

  it('shows categories in order with their items on offer, pizza sizes and toppings, deals and delivery; hides sold-out things', async () => {
    const shop = await publishedShop('Storefront Cafe');
    const base = `/api/shops/${shop.id}`;
    await ok('PUT', `${base}/settings/pizza`, {
      active: true,
      hasHalfAndHalf: true,
      sizes: [
        { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
        { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 2 },
      ],
      toppings: [
        { name: 'Olives', prices: { Small: 1, Large: 1.5 } },
        { name: 'Feta', prices: { Small: 2 } },
      ],
    });
    await ok('PUT', `${base}/settings/delivery`, {
      minOrderValue: 20,
      suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }],
    });
    const latte = await ok('POST', `${base}/items`, {
      type: 'BASIC',
      name: 'Latte',
      price: 4.5,
      attributes: [
        {
          name: 'Milk',
          values: [
            { name: 'Oat', extraCharge: 0.8 },
            { name: 'Soy', extraCharge: 0.6 },
          ],
        },
      ],
    });
    const scone = await ok('POST', `${base}/items`, { type: 'BASIC', name: 'Scone', price: 3 });
    const pizza = await ok('POST', `${base}/items`, {
      type: 'PIZZA',
      name: 'Margherita',
      description: 'Classic',
      sizes: { Small: { price: 12 }, Large: { price: 18, hasHalfAndHalf: true } },
    });
    const deal = await ok('POST', `${base}/items`, {
      type: 'DEAL',
      name: 'Pizza Night',
      price: 30,
      dealPizzas: [{ size: 'Large', qty: 2, pizzas: { [pizza.id]: { extraCharge: 0 } } }],
    });
    await ok('PUT', `${base}/menu`, {
      categories: [
        { name: 'Pizza', itemIds: [pizza.id, deal.id] },
        { name: 'Coffee', itemIds: [latte.id, scone.id, '00000000-0000-4000-8000-00000000dead'] },
      ],
    });
    const url = `/api/storefront/shops/${shop.id}/menu`;
    const first = await call('GET', url, undefined, null);
    expect(first.statusCode, first.body).toBe(200);
    const menu = first.json();
    expect(menu.shop).toEqual({ id: shop.id, name: 'Storefront Cafe', currency: 'AUD', timezone: 'Australia/Sydney' });
    expect(menu.categories.map((c: { name: string; items: { name: string }[] }) => [c.name, c.items.map((i) => i.name)])).toEqual([
      ['Pizza', ['Margherita', 'Pizza Night']],
      ['Coffee', ['Latte', 'Scone']],
    ]);
    expect(menu.categories[0].items[0]).toMatchObject({
      price: 12,
      sizes: [
        { name: 'Small', price: 12, hasHalfAndHalf: false },
        { name: 'Large', price: 18, hasHalfAndHalf: true },
      ],
      toppings: [
        { name: 'Olives', prices: { Small: 1, Large: 1.5 } },
        { name: 'Feta', prices: { Small: 2, Large: 0 } },
      ],
    });
    expect(menu.categories[0].items[1].dealPizzas).toEqual([
      { size: 'Large', qty: 2, pizzas: [{ id: pizza.id, name: 'Margherita', extraCharge: 0 }] },
    ]);
    expect(menu.categories[1].items[0].attributes).toEqual([
      {
        name: 'Milk',
        multiple: false,
        optional: false,
        min: 1,
        max: 1,
        values: [
          { name: 'Oat', extraCharge: 0.8 },
          { name: 'Soy', extraCharge: 0.6 },
        ],
      },
    ]);
    expect(menu.delivery).toEqual({ minOrderValue: 20, suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }] });
    expect(menu.pizza.sizes[1]).toEqual({ name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 2 });

    // ETag and 304, and a new ETag the moment something in it changes.
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await call('GET', url, undefined, null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    // Apps that accept gzip get the same menu gzipped, under the same ETag.
    const zipped = await call('GET', url, undefined, null, { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(etag);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(menu);
    await ok('PUT', `${base}/items/${scone.id}/availability`, { soldOut: true });
    await ok('PUT', `${base}/items/${latte.id}/availability`, { soldOut: true, attribute: 'Milk', value: 'Soy' });
    const changed = await call('GET', url, undefined, null, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const coffee = changed.json().categories[1];
    expect(coffee.items.map((i: { name: string }) => i.name)).toEqual(['Latte']);
    // The scone is listed apart, to be shown as sold out (until someone restores it: no time), never offered.
    expect(coffee.soldOut).toEqual([
      { id: scone.id, name: 'Scone', description: expect.any(String), price: expect.any(Number), image: null, until: null },
    ]);
    expect(coffee.items[0].attributes[0].values).toEqual([{ name: 'Oat', extraCharge: 0.8 }]);

    // A pizza sold out takes the deal that needs it off too.
    await ok('PUT', `${base}/items/${pizza.id}/availability`, { soldOut: true });
    expect((await call('GET', url, undefined, null)).json().categories[0].items).toEqual([]);
  });

  it('brings a sold-out item back by itself when its period ends, with a new ETag (clock-driven)', async () => {
    const shop = await publishedShop('Clockwork Cafe');
    const base = `/api/shops/${shop.id}`;
    const muffin = await ok('POST', `${base}/items`, { type: 'BASIC', name: 'Muffin', price: 3 });
    await ok('PUT', `${base}/menu`, { categories: [{ name: 'Bakery', itemIds: [muffin.id] }] });
    const until = new Date(w.ctx.clock.now().getTime() + 60 * 60_000).toISOString();
    await ok('PUT', `${base}/items/${muffin.id}/availability`, { soldOut: true, until });
    const url = `/api/storefront/shops/${shop.id}/menu`;
    const during = await call('GET', url, undefined, null);
    expect(during.json().categories[0].items).toEqual([]);
    expect(during.json().categories[0].soldOut).toMatchObject([{ name: 'Muffin', price: 3, until }]);
    w.ctx.clock.advance(61 * 60_000);
    try {
      const after = await call('GET', url, undefined, null, { 'if-none-match': during.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.json().categories[0].items.map((i: { name: string }) => i.name)).toEqual(['Muffin']);
      expect(after.json().categories[0].soldOut).toEqual([]);
    } finally {
      w.ctx.clock.reset();
    }
  });

  it("leaves out an item outside its days or time of day (in the shop's time zone)", async () => {
    const shop = await publishedShop('Breakfast Cafe');
    const base = `/api/shops/${shop.id}`;
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Australia/Sydney' }).format(w.ctx.clock.now()),
    );
    const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    const always = await ok('POST', `${base}/items`, { type: 'BASIC', name: 'Always', price: 1 });
    const later = await ok('POST', `${base}/items`, {
      type: 'BASIC',
      name: 'Later',
      price: 1,
      timeOfDayApplicable: { from: at(hour + 2), to: at(hour + 3) },
    });
    const now = await ok('POST', `${base}/items`, {
      type: 'BASIC',
      name: 'Now',
      price: 1,
      timeOfDayApplicable: { from: at(hour), to: at(hour + 1) },
    });
    const noDay = await ok('POST', `${base}/items`, { type: 'BASIC', name: 'No day', price: 1, dows: ['MON'] });
    await ok('PUT', `${base}/menu`, { categories: [{ name: 'All', itemIds: [always.id, later.id, now.id, noDay.id] }] });
    const names = (await call('GET', `/api/storefront/shops/${shop.id}/menu`, undefined, null))
      .json()
      .categories[0].items.map((i: { name: string }) => i.name);
    const sydneyDay = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: 'Australia/Sydney' })
      .format(w.ctx.clock.now())
      .toUpperCase()
      .slice(0, 3);
    expect(names).toEqual(sydneyDay === 'MON' ? ['Always', 'Now', 'No day'] : ['Always', 'Now']);
  });
});
