import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { createShop, setStaffPermissions, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { storedImage } from '../../helpers/images';
import { format, messages } from '../../../domain/messages';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
  w.ctx.clock.freeze();
});
afterAll(() => w.ctx.close());

type Rows = Record<string, string>[];
const base = (shopId: string) => `/api/shops/${shopId}`;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> });

async function ok(method: 'POST' | 'PUT', url: string, user: TestUser, payload: unknown) {
  const res = await send(method, url, user, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function exported(shopId: string, user: TestUser = w.owner): Promise<{ body: string; rows: Rows; columns: string[] }> {
  const res = await send('GET', `${base(shopId)}/items/export.csv`, user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { body: res.body, rows: parsed.data, columns: parsed.meta.fields ?? [] };
}

const importRows = (shopId: string, rows: Rows, dryRun: boolean, user: TestUser | null = w.owner) =>
  send('POST', `${base(shopId)}/items/import`, user, { rows, dryRun });

/** What a test compares to see that nothing was written: every item row, the menu, the catalog counter, the events. */
async function snapshot(shopId: string) {
  const q = async (sql: string) => (await w.ctx.pool.query(sql, [shopId])).rows;
  return {
    items: await q('SELECT id, name, price_cents, doc, sold_out, sold_out_until, updated_at FROM items WHERE shop_id = $1 ORDER BY id'),
    menu: await q(`SELECT value, updated_at FROM shop_settings WHERE shop_id = $1 AND kind = 'menu'`),
    version: await q('SELECT version FROM catalog_versions WHERE shop_id = $1'),
    events: await q('SELECT count(*) FROM shop_events WHERE shop_id = $1'),
  };
}

const pizzaSettings = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [
    { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
    { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 1.5 },
  ],
  toppings: [{ name: 'Olives', prices: { Small: 1, Large: 1.5 } }],
};

/** A shop whose menu uses every part of the CSV: options, sold-out choices, a pizza, a deal, an image, categories. */
async function fullShop(name: string) {
  const shop = await createShop(w.ctx, w.owner, { name });
  const url = base(shop.id);
  await ok('PUT', `${url}/settings/pizza`, w.owner, pizzaSettings);
  const latte = await ok('POST', `${url}/items`, w.owner, {
    type: 'BASIC',
    name: 'Latte',
    description: 'Double shot,\n"house" blend',
    price: 4.5,
    discounted: true,
    dows: ['MON', 'FRI'],
    timeOfDayApplicable: { from: '06:30', to: '11:00' },
    image: { image: await storedImage(w.ctx, w.owner), aspectRatio: 'SQUARE' },
    attributes: [
      {
        name: 'Milk',
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
  });
  await ok('PUT', `${url}/items/${latte.id}/availability`, w.owner, { soldOut: true, attribute: 'Milk', value: 'Oat' });
  const formula = await ok('POST', `${url}/items`, w.owner, { type: 'BASIC', name: '=SUM(A1)', description: "'quoted", price: 1 });
  await ok('PUT', `${url}/items/${formula.id}/availability`, w.owner, { soldOut: true, until: '2031-01-02T03:04:05.000Z' });
  const pizza = await ok('POST', `${url}/items`, w.owner, {
    type: 'PIZZA',
    name: 'Margherita',
    description: 'Tomato, basil',
    sizes: { Small: { price: 10 }, Large: { price: 14.5, hasHalfAndHalf: true } },
    removeToppings: ['Basil'],
    addToppings: [{ name: 'Olives', prices: { Small: 1, Large: 1.5 } }],
  });
  const deal = await ok('POST', `${url}/items`, w.owner, {
    type: 'DEAL',
    name: 'Family deal',
    price: 30,
    dealItems: [{ name: 'Drink', qty: 2, attributes: [] }],
    dealPizzas: [{ size: 'Large', qty: 2, pizzas: { [pizza.id]: { extraCharge: 2 } } }],
  });
  await ok('PUT', `${url}/menu`, w.owner, {
    categories: [
      { name: 'Coffee', itemIds: [latte.id, formula.id] },
      { name: 'Pizza', itemIds: [pizza.id, deal.id] },
      { name: 'Specials', itemIds: [latte.id] },
    ],
  });
  return { shop, latte, formula, pizza, deal };
}

describe('menu CSV: export', () => {
  it('writes every item as one row in UTF-8 with a BOM, options and choices in columns, formulas kept as text', async () => {
    const { shop, latte, formula } = await fullShop('Export Cafe');
    const { body, rows, columns } = await exported(shop.id);
    expect(body.startsWith('\uFEFFid,type,name,category1,category2,description,price,sold_out,')).toBe(true);
    expect(columns).toContain('option2_choice3_sold_out');
    expect(columns).not.toContain('option3');
    expect(columns.at(-1)).toBe('details');
    const row = rows.find((r) => r.id === latte.id)!;
    expect(row).toMatchObject({
      type: 'BASIC',
      name: 'Latte',
      category1: 'Coffee',
      category2: 'Specials',
      description: 'Double shot,\n"house" blend',
      price: '4.50',
      sold_out: 'no',
      no_discount: 'yes',
      days: 'MON FRI',
      from: '06:30',
      to: '11:00',
      image_aspect_ratio: 'SQUARE',
      option1: 'Milk',
      option1_multiple: 'no',
      option1_min: '',
      option1_choice1: 'Oat',
      option1_choice1_price: '0.80',
      option1_choice1_sold_out: 'yes',
      option2_max: '2',
      option2_choice3: 'Cream',
      option2_choice3_price: '1.00',
      details: '',
    });
    const guarded = rows.find((r) => r.id === formula.id)!;
    expect(guarded).toMatchObject({
      name: "'=SUM(A1)",
      description: "''quoted",
      sold_out: '2031-01-02T03:04:05.000Z',
      days: 'MON TUE WED THU FRI SAT SUN',
    });
  });

  it('answers anonymous 401, another shop 404, staff without the catalog permission 403', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Guarded Cafe' });
    await w.ctx.pool.query(`INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, 'USER')`, [shop.id, w.staff.id]);
    const calls = [() => send('GET', `${base(shop.id)}/items/export.csv`, null), () => importRows(shop.id, [], true, null)];
    for (const c of calls) expect((await c()).statusCode).toBe(401);
    const outsider = await send('GET', `${base(shop.id)}/items/export.csv`, w.outsider);
    expect({ status: outsider.statusCode, message: outsider.json().message }).toEqual({
      status: 404,
      message: `Cannot find shop with id ${shop.id}`,
    });
    expect((await importRows(shop.id, [], true, w.outsider)).statusCode).toBe(404);
    expect((await send('GET', `${base(shop.id)}/items/export.csv`, w.staff)).statusCode).toBe(200);
    expect((await importRows(shop.id, [], true, w.staff)).statusCode).toBe(200);
    await setStaffPermissions(w.ctx, shop.id, w.owner, { catalog: false });
    const refused = "Your shop's admins have not allowed staff to edit the catalog";
    const exportRefused = await send('GET', `${base(shop.id)}/items/export.csv`, w.staff);
    expect({ status: exportRefused.statusCode, body: exportRefused.json() }).toEqual({
      status: 403,
      body: { message: refused, code: 'FORBIDDEN' },
    });
    const importRefused = await importRows(shop.id, [], false, w.staff);
    expect({ status: importRefused.statusCode, body: importRefused.json() }).toEqual({
      status: 403,
      body: { message: refused, code: 'FORBIDDEN' },
    });
  });
});

describe('menu CSV: import', () => {
  it('round trip: the export imported unchanged is 0 changes in the dry run and writes nothing when applied', async () => {
    const { shop } = await fullShop('Round Trip Cafe');
    const { rows } = await exported(shop.id);
    const before = await snapshot(shop.id);
    w.ctx.clock.advance(60_000);
    for (const dryRun of [true, false]) {
      const res = await importRows(shop.id, rows, dryRun);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ dryRun, created: 0, changed: 0, unchanged: 4, errors: 0, rows: [] });
    }
    expect(await snapshot(shop.id)).toEqual(before);
    // And what it wrote would read back the same file.
    expect((await exported(shop.id)).rows).toEqual(rows);
  });

  it('dry run shows each change and creation by line; applying writes them, the menu included', async () => {
    const { shop, latte, formula } = await fullShop('Edit Cafe');
    const { rows } = await exported(shop.id);
    const edited = rows.map((r) => (r.id === latte.id ? { ...r, price: '5.20', option1_choice2_sold_out: 'yes', category2: '' } : r));
    edited.push({
      ...Object.fromEntries(Object.keys(rows[0]).map((k) => [k, ''])),
      type: 'basic',
      name: 'Scone',
      price: '3.5',
      category1: 'Bakery',
    });
    const line = edited.findIndex((r) => r.id === latte.id) + 2;
    const before = await snapshot(shop.id);
    const dry = await importRows(shop.id, edited, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      created: 1,
      changed: 1,
      unchanged: 3,
      errors: 0,
      rows: [
        {
          line,
          action: 'change',
          id: latte.id,
          name: 'Latte',
          changes: [
            { column: 'price', from: '4.50', to: '5.20' },
            { column: 'category2', from: 'Specials', to: '' },
            { column: 'option1_choice2_sold_out', from: 'no', to: 'yes' },
          ],
          errors: [],
        },
        { line: edited.length + 1, action: 'create', id: null, name: 'Scone', changes: [], errors: [] },
      ],
    });
    expect(await snapshot(shop.id)).toEqual(before);
    expect((await importRows(shop.id, edited, false)).statusCode).toBe(200);
    const item = (await send('GET', `${base(shop.id)}/items/${latte.id}`, w.owner)).json();
    expect(item.price).toBe(5.2);
    expect(item.attributes[0].values[1]).toMatchObject({ name: 'Full cream', availability: { soldOut: true, until: null } });
    const menu = (await send('GET', `${base(shop.id)}/menu`, w.owner)).json();
    const scone = (await send('GET', `${base(shop.id)}/items?filter=${encodeURIComponent('{"q":"scone"}')}`, w.owner)).json()[0];
    expect(scone).toMatchObject({ type: 'BASIC', price: 3.5, dows: [], availability: { soldOut: false, until: null } });
    expect(menu.categories.map((c: { name: string; itemIds: string[] }) => [c.name, c.itemIds.length])).toEqual([
      ['Coffee', 2],
      ['Pizza', 2],
      ['Specials', 0],
      ['Bakery', 1],
    ]);
    expect(menu.categories[0].itemIds).toEqual([latte.id, formula.id]);
    expect(menu.categories[3].itemIds).toEqual([scone.id]);
  });

  it("gives every bad row its line, column and the item form's message, and applies none of the rows", async () => {
    const { shop, latte, pizza } = await fullShop('Bad Rows Cafe');
    const { rows } = await exported(shop.id);
    const blank = Object.fromEntries(Object.keys(rows[0]).map((k) => [k, '']));
    const latteRow = rows.find((r) => r.id === latte.id)!;
    const pizzaRow = rows.find((r) => r.id === pizza.id)!;
    const bad = [
      { ...latteRow, price: '9.99' }, // a good change, which must not be applied
      { ...blank, type: 'BASIC', name: '', price: '2' },
      { ...blank, type: 'BASIC', name: 'Cheap', price: 'two' },
      { ...blank, type: 'BASIC', name: 'x'.repeat(33), price: '-1' },
      { ...blank, type: 'BASIC', name: 'Limits', price: '1', option1: 'Size', option1_min: '1', option1_choice1: 'Big' },
      { ...blank, type: 'BASIC', name: 'Odd', price: '1', no_discount: 'maybe', category1: 'A category name far too long' },
      { ...blank, id: '00000000-0000-4000-8000-000000000000', type: 'BASIC', name: 'Ghost', price: '1' },
      { ...latteRow, type: 'DEAL' },
      { ...pizzaRow, details: '{"sizes":{"Huge":{"price":20}}}' },
      { ...blank, type: 'BASIC', name: 'Boxed', price: '1', details: '{}' },
      {
        ...blank,
        type: 'BASIC',
        name: 'Priced',
        price: '1.234',
        sold_out: 'soon',
        option1: 'Milk',
        option1_choice1: 'Oat',
        option1_choice1_price: '0.5',
        option1_choice2: 'oat',
      },
    ];
    const before = await snapshot(shop.id);
    const dry = await importRows(shop.id, bad, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const errors = Object.fromEntries(
      dry
        .json()
        .rows.filter((r: { action: string }) => r.action === 'error')
        .map((r: { line: number; errors: unknown }) => [r.line, r.errors]),
    );
    expect(errors).toEqual({
      3: [{ column: 'name', message: 'Name is required' }],
      4: [{ column: 'price', message: 'should be a number' }],
      5: [
        { column: 'name', message: 'should not be larger than 32 characters' },
        { column: 'price', message: 'should be at least 0' },
      ],
      6: [{ column: 'option1_min', message: 'Only an attribute with multiple values can set a minimum or maximum' }],
      7: [
        { column: 'no_discount', message: 'should be yes or no' },
        { column: 'category1', message: 'should not be larger than 24 characters' },
      ],
      8: [{ column: 'id', message: 'No item of this shop has this id' }],
      9: [
        { column: 'id', message: 'The row on line 2 has this id too' },
        { column: 'type', message: 'The type of an item cannot be changed.' },
      ],
      10: [{ column: 'details', message: format(messages.unknownPizzaSize, { size: 'Huge' }) }],
      11: [{ column: 'details', message: 'Only pizzas and deals have details' }],
      12: [
        { column: 'sold_out', message: 'should be yes, no or the instant it is back (as exported)' },
        { column: 'option1_choice2', message: messages.valueNamesUnique },
        { column: 'price', message: 'should have at most two decimals' },
      ],
    });
    expect(dry.json()).toMatchObject({ created: 0, changed: 1, errors: 10 });
    const applied = await importRows(shop.id, bad, false);
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({ message: 'Nothing was imported: 10 rows have errors', code: 'VALIDATION' });
    expect(applied.json().errors).toMatchObject({ 'rows.1.name': 'Name is required', 'rows.6.id': 'No item of this shop has this id' });
    expect(await snapshot(shop.id)).toEqual(before);
  });

  it('refuses the row whose new category would take the menu past its 100 categories, and only that row', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Crowded Cafe' });
    const categories = Array.from({ length: 99 }, (_, i) => ({ name: `Shelf ${i + 1}` }));
    await ok('PUT', `${base(shop.id)}/menu`, w.owner, { categories });
    const rows = [
      { type: 'BASIC', name: 'Tea', price: '3', category1: 'Teas' },
      { type: 'BASIC', name: 'Cake', price: '5', category1: 'Shelf 1' },
      { type: 'BASIC', name: 'Pie', price: '6', category1: 'Pies' },
    ];
    const dry = (await importRows(shop.id, rows, true)).json();
    expect(dry).toMatchObject({ created: 2, errors: 1 });
    expect(dry.rows[2]).toMatchObject({
      line: 4,
      action: 'error',
      errors: [{ column: 'category1', message: "This new category would make more than the menu's 100 categories" }],
    });
    const before = await snapshot(shop.id);
    expect((await importRows(shop.id, rows, false)).statusCode).toBe(400);
    expect(await snapshot(shop.id)).toEqual(before);
  });

  it('names unknown columns on line 1 and refuses more than 2,000 rows with a clear message', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Limits Cafe' });
    const res = await importRows(shop.id, [{ type: 'BASIC', name: 'Tea', price: '3', colour: 'green' }], true);
    expect(res.json().rows[0]).toEqual({
      line: 1,
      action: 'error',
      id: null,
      name: '',
      changes: [],
      errors: [{ column: 'colour', message: 'Unknown column' }],
    });
    const many = Array.from({ length: 2001 }, (_, i) => ({ type: 'BASIC', name: `Tea ${i}`, price: '3' }));
    const refused = await importRows(shop.id, many, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', errors: { rows: 'A file may have at most 2,000 rows' } });
    const fine = await importRows(shop.id, many.slice(0, 2000), false);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ created: 2000, errors: 0 });
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM items WHERE shop_id = $1', [shop.id])).rows[0].n).toBe(2000);
  });
});
