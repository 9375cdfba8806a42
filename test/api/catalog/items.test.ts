import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { storedImage } from '../../helpers/images';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, user: TestUser | null = w.staff) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> });
const items = (shopId = w.shop.id) => `/api/shops/${shopId}/items`;
const pizzaSettings = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [
    { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
    { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 1.5 },
  ],
  toppings: [{ name: 'Olives', prices: { Small: 1 } }],
};

async function create(body: Record<string, unknown>, shopId = w.shop.id) {
  const res = await call('POST', items(shopId), body, shopId === w.shop.id ? w.staff : w.owner);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('items: basic', () => {
  it('creates a basic item from type, name and price alone, every other field defaulted, money in currency units', async () => {
    const item = await create({ type: 'BASIC', name: 'Flat White', price: 4.5 });
    expect(item).toMatchObject({
      type: 'BASIC',
      name: 'Flat White',
      description: '',
      price: 4.5,
      discounted: false,
      dows: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      timeOfDayApplicable: null,
      image: null,
      attributes: [],
      availability: { soldOut: false, until: null },
    });
    const stored = await w.ctx.pool.query('SELECT price_cents FROM items WHERE id = $1', [item.id]);
    expect(stored.rows[0].price_cents).toBe(450);
    expect((await call('GET', `${items()}/${item.id}`)).json()).toEqual(item);
  });

  it('keeps attributes with their values and extra charges (stored in cents) and reads them back', async () => {
    const body = {
      type: 'BASIC',
      name: 'Latte',
      description: 'Double shot',
      price: 5,
      attributes: [
        {
          name: 'Milk',
          multiple: false,
          optional: false,
          values: [
            { name: 'Oat', extraCharge: 0.8 },
            { name: 'Full cream', extraCharge: 0 },
          ],
        },
        {
          name: 'Extras',
          multiple: true,
          optional: true,
          max: 2,
          values: [
            { name: 'Shot', extraCharge: 0.5 },
            { name: 'Syrup', extraCharge: 0.6 },
            { name: 'Cream', extraCharge: 1 },
          ],
        },
      ],
    };
    const item = await create(body);
    expect(item.attributes[0].values[0]).toEqual({ name: 'Oat', extraCharge: 0.8, availability: { soldOut: false, until: null } });
    expect(item.attributes[1]).toMatchObject({ multiple: true, optional: true, min: null, max: 2 });
    const stored = await w.ctx.pool.query('SELECT doc FROM items WHERE id = $1', [item.id]);
    expect(stored.rows[0].doc.attributes[0].values[0].extraCharge).toBe(80);
  });

  it.each([
    [{ type: 'BASIC', price: 1 }, 'name', 'Name is required'],
    [{ type: 'BASIC', name: 'x'.repeat(33), price: 1 }, 'name', 'should not be larger than 32 characters'],
    [{ type: 'BASIC', name: 'Tea', price: 1, description: 'd'.repeat(401) }, 'description', 'should not be larger than 400 characters'],
    [{ type: 'BASIC', name: 'Tea', price: -1 }, 'price', 'should be at least 0'],
    [{ type: 'BASIC', name: 'Tea', price: 1.234 }, 'price', 'should have at most two decimals'],
    [{ type: 'BASIC', name: 'Tea' }, 'price', 'Price is required'],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: '', values: [{ name: 'a', extraCharge: 0 }] }] },
      'attributes.0.name',
      'Name is required',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: 'a'.repeat(41), values: [{ name: 'a', extraCharge: 0 }] }] },
      'attributes.0.name',
      'should not be larger than 40 characters',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: 'Milk', values: [] }] },
      'attributes.0.values',
      'should contain at least 1 value',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: 'Milk', values: [{ name: 'Oat' }] }] },
      'attributes.0.values.0.extraCharge',
      'Extra charge is required',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: 'Milk', values: [{ name: 'Oat', extraCharge: 'lots' }] }] },
      'attributes.0.values.0.extraCharge',
      'Extra charge is required',
    ],
    [
      {
        type: 'BASIC',
        name: 'Tea',
        price: 1,
        attributes: [
          { name: 'Milk', values: [{ name: 'Oat', extraCharge: 0 }] },
          { name: 'milk', values: [{ name: 'Soy', extraCharge: 0 }] },
        ],
      },
      'attributes.1.name',
      'Attribute names should be unique',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, attributes: [{ name: 'Milk', max: 1, values: [{ name: 'Oat', extraCharge: 0 }] }] },
      'attributes.0.max',
      'Only an attribute with multiple values can set a minimum or maximum',
    ],
    [
      {
        type: 'BASIC',
        name: 'Tea',
        price: 1,
        attributes: [{ name: 'Milk', multiple: true, optional: true, min: 1, values: [{ name: 'Oat', extraCharge: 0 }] }],
      },
      'attributes.0.min',
      'An optional attribute cannot have a minimum',
    ],
    [
      {
        type: 'BASIC',
        name: 'Tea',
        price: 1,
        attributes: [
          {
            name: 'Milk',
            multiple: true,
            min: 2,
            max: 1,
            values: [
              { name: 'Oat', extraCharge: 0 },
              { name: 'Soy', extraCharge: 0 },
            ],
          },
        ],
      },
      'attributes.0.max',
      'The maximum should not be less than the minimum',
    ],
    [
      {
        type: 'BASIC',
        name: 'Tea',
        price: 1,
        attributes: [{ name: 'Milk', multiple: true, max: 3, values: [{ name: 'Oat', extraCharge: 0 }] }],
      },
      'attributes.0.max',
      'The maximum should not be more than the number of values',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, image: { aspectRatio: 'WIDE', image: 'img/x.png' } },
      'image.aspectRatio',
      'Aspect ratio is required',
    ],
    [
      { type: 'BASIC', name: 'Tea', price: 1, timeOfDayApplicable: { from: '25:00', to: '11:00' } },
      'timeOfDayApplicable.from',
      'should be a time (HH:mm)',
    ],
  ])('refuses %j with 400 on %s: %s', async (body, field, message) => {
    const res = await call('POST', items(), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('accepts an image the shop uploaded with an aspect ratio of the list, and refuses one it did not', async () => {
    const path = await storedImage(w.ctx, w.staff);
    const item = await create({ type: 'BASIC', name: 'Muffin', price: 3, image: { aspectRatio: 'FOUR_THREE', image: path } });
    expect(item.image).toEqual({ aspectRatio: 'FOUR_THREE', image: path });
    const foreign = await storedImage(w.ctx, w.outsider);
    const res = await call('POST', items(), { type: 'BASIC', name: 'Muffin', price: 3, image: { aspectRatio: 'SQUARE', image: foreign } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_NOT_UPLOADED',
      errors: { 'image.image': 'Use an image uploaded to Servery by you or this shop. Upload it again.' },
    });
  });

  it('updates an item and keeps its type; 404 with the spec message for a missing one', async () => {
    const item = await create({ type: 'BASIC', name: 'Scone', price: 3 });
    const res = await call('PUT', `${items()}/${item.id}`, { type: 'BASIC', name: 'Scone with jam', price: 3.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, name: 'Scone with jam', price: 3.5 });
    const typeChange = await call('PUT', `${items()}/${item.id}`, { type: 'DEAL', name: 'Scone deal', price: 3.5 });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().message).toBe('The type of an item cannot be changed.');
    const missing = '00000000-0000-4000-8000-000000000001';
    for (const [method, url, body] of [
      ['GET', `${items()}/${missing}`],
      ['PUT', `${items()}/${missing}`, { type: 'BASIC', name: 'x', price: 1 }],
      ['DELETE', `${items()}/${missing}`],
      ['POST', `${items()}/${missing}/copy`],
      ['PUT', `${items()}/${missing}/availability`, { soldOut: true }],
      ['GET', `${items()}/not-a-uuid`],
    ] as [Method, string, unknown?][]) {
      const r = await call(method, url, body);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().message).toBe(`Cannot find item with id ${url.split('/')[5]}`);
    }
  });

  it('copies an item under a new id and name, and deletes one', async () => {
    const item = await create({
      type: 'BASIC',
      name: 'Banana Bread With Butter Extra',
      price: 4,
      attributes: [{ name: 'Toasted', values: [{ name: 'Yes', extraCharge: 0 }] }],
    });
    const copy = await call('POST', `${items()}/${item.id}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Banana Bread With Butter (Copy)', price: 4, attributes: item.attributes });
    expect(copy.json().id).not.toBe(item.id);
    expect((await call('DELETE', `${items()}/${copy.json().id}`)).statusCode).toBe(200);
    expect((await call('GET', `${items()}/${copy.json().id}`)).statusCode).toBe(404);
  });
});

describe('items: list and search', () => {
  it('searches name and description within the shop only, pages with Content-Range, and finds by ids', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Search Cafe' });
    const other = await createShop(w.ctx, w.owner, { name: 'Other Cafe' });
    await create({ type: 'BASIC', name: 'Iced Chocolate', price: 6 }, shop.id);
    await create({ type: 'BASIC', name: 'Hot Chocolate', description: 'With marshmallows', price: 5 }, shop.id);
    const tea = await create({ type: 'BASIC', name: 'Chai', description: 'Spiced tea', price: 4 }, shop.id);
    await create({ type: 'BASIC', name: 'Chocolate Cake', price: 7 }, other.id);
    const list = (filter: unknown, extra = '') =>
      call('GET', `${items(shop.id)}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, undefined, w.owner);
    const res = await list({ q: 'chocolate' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { name: string }) => i.name)).toEqual(['Hot Chocolate', 'Iced Chocolate']);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    expect((await list({ q: 'MARSH hot' })).json().map((i: { name: string }) => i.name)).toEqual(['Hot Chocolate']);
    expect((await list({ q: 'spiced' })).json().map((i: { id: string }) => i.id)).toEqual([tea.id]);
    expect((await list({ q: 'zebra' })).json()).toEqual([]);
    expect((await list({ q: '100%' })).json()).toEqual([]);
    expect((await list({ id: [tea.id, 'nope'] })).json().map((i: { id: string }) => i.id)).toEqual([tea.id]);
    const paged = await list({}, `&sort=${encodeURIComponent('["price","DESC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(paged.json().map((i: { price: number }) => i.price)).toEqual([6, 5]);
    expect(paged.headers['content-range']).toBe('items 0-1/3');
  });
});

describe('items: pizza and deal', () => {
  it("refuses a pizza until pizza is set up in settings with 'Pizza not configured. Check settings.'", async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Pizza Later' });
    const res = await call(
      'POST',
      items(shop.id),
      { type: 'PIZZA', name: 'Margherita', description: 'Tomato', sizes: { Small: { price: 10 } } },
      w.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Pizza not configured. Check settings.', code: 'PIZZA_NOT_CONFIGURED' });
  });

  it('creates a pizza priced per size of the settings, with toppings priced for every size, and a deal of it', async () => {
    const put = await call('PUT', `/api/shops/${w.shop.id}/settings/pizza`, pizzaSettings);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().toppings[0].prices).toEqual({ Small: 1, Large: 0 });
    const pizza = await create({
      type: 'PIZZA',
      name: 'Margherita',
      description: 'Tomato, basil',
      sizes: { Large: { price: 18.5, hasHalfAndHalf: true }, Small: { price: 12 } },
      removeToppings: ['Basil'],
      addToppings: [{ name: 'Anchovies', prices: { Small: 1, Large: 2 } }],
    });
    expect(pizza).toMatchObject({
      price: 12,
      sizes: { Small: { price: 12, hasHalfAndHalf: false }, Large: { price: 18.5, hasHalfAndHalf: true } },
    });
    const deal = await create({
      type: 'DEAL',
      name: 'Family Feast',
      price: 39,
      dealItems: [{ name: 'Garlic Bread', qty: 1 }],
      dealPizzas: [{ size: 'Large', qty: 2, pizzas: { [pizza.id]: { extraCharge: 2.5 } } }],
    });
    expect(deal.dealPizzas[0].pizzas[pizza.id]).toEqual({ extraCharge: 2.5 });
    const stored = await w.ctx.pool.query('SELECT doc FROM items WHERE id = $1', [deal.id]);
    expect(stored.rows[0].doc.dealPizzas[0].pizzas[pizza.id].extraCharge).toBe(250);
  });

  it.each([
    [{ type: 'PIZZA', name: 'M', description: 'x', sizes: { Small: { price: 1 } } }, 'name', 'should be at least 2 characters'],
    [{ type: 'PIZZA', name: 'Marg', sizes: { Small: { price: 1 } } }, 'description', 'Description is required'],
    [
      { type: 'PIZZA', name: 'Marg', description: 'd'.repeat(201), sizes: { Small: { price: 1 } } },
      'description',
      'should not be larger than 200 characters',
    ],
    [{ type: 'PIZZA', name: 'Marg', description: 'x', sizes: {} }, 'sizes', 'should contain at least 1 item'],
    [{ type: 'PIZZA', name: 'Marg', description: 'x', sizes: { Small: {} } }, 'sizes.Small.price', 'Price is required'],
    [
      { type: 'PIZZA', name: 'Marg', description: 'x', sizes: { Small: { price: 1 } }, removeToppings: ['r'.repeat(25)] },
      'removeToppings.0',
      'should not be larger than 24 characters',
    ],
    [
      {
        type: 'PIZZA',
        name: 'Marg',
        description: 'x',
        sizes: { Small: { price: 1 }, Large: { price: 2 } },
        addToppings: [{ name: 'Ham', prices: { Small: 1 } }],
      },
      'addToppings.0.prices.Large',
      'Price is required',
    ],
    [
      { type: 'PIZZA', name: 'Marg', description: 'x', sizes: { Giant: { price: 1 } } },
      'sizes.Giant',
      'Unknown pizza size Giant. Check settings.',
    ],
    [{ type: 'DEAL', name: 'd'.repeat(33), price: 1 }, 'name', 'should not be larger than 32 characters'],
    [{ type: 'DEAL', name: 'Deal', price: 1, description: 'd'.repeat(201) }, 'description', 'should not be larger than 200 characters'],
    [{ type: 'DEAL', name: 'Deal', price: 1, dealItems: [{ name: 'Chips' }] }, 'dealItems.0.qty', 'Qty is required'],
    [{ type: 'DEAL', name: 'Deal', price: 1, dealPizzas: [{ qty: 1 }] }, 'dealPizzas.0.size', 'Size is required'],
    [
      {
        type: 'DEAL',
        name: 'Deal',
        price: 1,
        dealPizzas: [{ size: 'Small', qty: 1, pizzas: { '00000000-0000-4000-8000-000000000009': { extraCharge: 0 } } }],
      },
      'dealPizzas.0.pizzas',
      'Item 00000000-0000-4000-8000-000000000009 is not a pizza',
    ],
  ])('refuses %j with 400 on %s: %s', async (body, field, message) => {
    await call('PUT', `/api/shops/${w.shop.id}/settings/pizza`, pizzaSettings);
    const res = await call('POST', items(), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[field]).toBe(message);
  });
});

describe('items: availability', () => {
  it('sells out an item until an instant or until put back, and one attribute value or topping', async () => {
    const item = await create({
      type: 'BASIC',
      name: 'Croissant',
      price: 4,
      attributes: [{ name: 'Filling', optional: true, values: [{ name: 'Ham', extraCharge: 2 }] }],
    });
    const url = `${items()}/${item.id}/availability`;
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('PUT', url, { soldOut: true, until })).json().availability).toEqual({ soldOut: true, until });
    expect((await call('PUT', url, { soldOut: true })).json().availability).toEqual({ soldOut: true, until: null });
    expect((await call('PUT', url, { soldOut: false })).json().availability).toEqual({ soldOut: false, until: null });
    const value = await call('PUT', url, { soldOut: true, attribute: 'Filling', value: 'Ham' });
    expect(value.json().attributes[0].values[0].availability).toEqual({ soldOut: true, until: null });
    const missing = await call('PUT', url, { soldOut: true, attribute: 'Filling', value: 'Cheese' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cannot find Filling: Cheese in this item');
    const half = await call('PUT', url, { soldOut: true, attribute: 'Filling' });
    expect(half.json().errors).toEqual({ value: 'Name both the attribute and its value' });
    expect((await call('PUT', url, { until })).json().errors).toEqual({ soldOut: 'Sold out is required' });
  });

  it('refuses an end in year 0020 with 400 naming until, and changes nothing', async () => {
    const item = await create({ type: 'BASIC', name: 'Brioche', price: 4 });
    const url = `${items()}/${item.id}/availability`;
    const res = await call('PUT', url, { soldOut: true, until: '0020-02-29T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { until: 'until should be a date between 2000 and 2100' } });
    expect((await call('GET', `${items()}/${item.id}`)).json().availability).toEqual({ soldOut: false, until: null });
  });

  it('reads an item stored with an end nothing can read as sold out until put back', async () => {
    const item = await create({ type: 'BASIC', name: 'Old Bagel', price: 4 });
    await w.ctx.pool.query(`UPDATE items SET sold_out = true, sold_out_until = '0020-02-29T00:00:00Z' WHERE id = $1`, [item.id]);
    const one = await call('GET', `${items()}/${item.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().availability).toEqual({ soldOut: true, until: null });
    const list = await call('GET', items());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().find((i: { id: string }) => i.id === item.id).availability).toEqual({ soldOut: true, until: null });
  });
});

describe('items: sold out for today', () => {
  /** The Sydney wall-clock time `days` days after today's Sydney date, as an ISO instant. */
  const sydney = (days: number, hour: number) => {
    const local = new TZDate(w.ctx.clock.now().getTime(), 'Australia/Sydney');
    return new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, hour, 0, 0, 0, 'Australia/Sydney').getTime(),
    ).toISOString();
  };
  const ymd = (iso: string) => new TZDate(new Date(iso).getTime(), 'Australia/Sydney').toISOString().slice(0, 10);

  it("returns at the shop's next opening after today, closures included, or at midnight when it has no hours", async () => {
    const item = await create({ type: 'BASIC', name: 'Scone', price: 3 });
    const url = `${items()}/${item.id}/availability`;
    // No opening hours yet: back at the start of the shop's next day.
    expect((await call('PUT', url, { soldOut: true, today: true })).json().availability).toEqual({ soldOut: true, until: sydney(1, 0) });

    // Pickup every day from 10:00: back when the doors open tomorrow.
    const timings = (await call('GET', `/api/shops/${w.shop.id}/settings/timings`, undefined, w.owner)).json();
    for (const day of Object.keys(timings)) timings[day].pickup = { open: '10:00', duration: 7, available: true };
    expect((await call('PUT', `/api/shops/${w.shop.id}/settings/timings`, timings, w.owner)).statusCode).toBe(200);
    expect((await call('PUT', url, { soldOut: true, today: true })).json().availability.until).toBe(sydney(1, 10));

    // Closed tomorrow (a closure): back the day after, at opening.
    const closure = await call('POST', `/api/shops/${w.shop.id}/closures`, { date: ymd(sydney(1, 12)), note: 'Stocktake' }, w.owner);
    expect(closure.statusCode, closure.body).toBe(201);
    expect((await call('PUT', url, { soldOut: true, today: true })).json().availability.until).toBe(sydney(2, 10));

    // today with until, or with soldOut false, is a contradiction.
    expect((await call('PUT', url, { soldOut: true, today: true, until: sydney(3, 0) })).json().errors).toEqual({
      today: 'Give either today or until, with soldOut true',
    });
  });
});

describe('items: who may call', () => {
  it('answers anonymous callers 401, members of another shop 404 and lets both roles of the shop in', async () => {
    const item = await create({ type: 'BASIC', name: 'Guarded', price: 1 });
    const routes: [Method, string, unknown?][] = [
      ['GET', items()],
      ['POST', items(), { type: 'BASIC', name: 'Sneaky', price: 1 }],
      ['GET', `${items()}/${item.id}`],
      ['PUT', `${items()}/${item.id}`, { type: 'BASIC', name: 'Sneaky', price: 1 }],
      ['POST', `${items()}/${item.id}/copy`],
      ['PUT', `${items()}/${item.id}/availability`, { soldOut: true }],
      ['DELETE', `${items()}/${item.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, null)).statusCode, url).toBe(401);
      const outsider = await call(method, url, body, w.outsider);
      expect(outsider.statusCode, url).toBe(404);
      expect(outsider.json().message).toBe(`Cannot find shop with id ${w.shop.id}`);
    }
    // The outsider's own shop cannot reach this shop's item either.
    expect((await call('GET', `${items(w.otherShop.id)}/${item.id}`, undefined, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `${items()}/${item.id}`, undefined, w.owner)).statusCode).toBe(200);
    expect((await call('GET', `${items()}/${item.id}`, undefined, w.staff)).statusCode).toBe(200);
    expect((await call('GET', `${items()}/${item.id}`, undefined, w.superAdmin)).statusCode).toBe(200);
  });
});
