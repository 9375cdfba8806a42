import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openForOrders, placeOrder } from '../../helpers/orders';
import { moveClockTo, shopDay } from '../../helpers/bookings';
import { ipSource } from '../../helpers/rateLimits';
import { zonedInstant } from '../../../domain/hours';

/*
 * The menu that fits the hour: Breakfast 6:00–11:00 on weekdays. The storefront menu greys it outside its hours, and
 * the quote and the placement judge the order's collection time, not the moment it is sent.
 */
const ZONE = 'Australia/Sydney';
const BREAKFAST = { dows: ['MON', 'TUE', 'WED', 'THU', 'FRI'], from: '06:00', to: '11:00' };
let w: ShopWorld;
let ids: Record<'eggs' | 'coffee' | 'soup', string>;
const nextIp = ipSource(172);

/** The next shop-zone date after today that falls on `dow` (0 Sunday … 6 Saturday). */
const next = (dow: number) => {
  for (let n = 1; ; n++) {
    const date = shopDay(w.ctx, ZONE, n);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === dow) return date;
  }
};
const menu = (categories: object[]) =>
  w.ctx.app.inject({ method: 'PUT', url: `/api/shops/${w.shop.id}/menu`, headers: w.staff.headers, payload: { categories } });
const storefront = async () => (await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/menu` })).json();
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, ZONE).toISOString();
};
const cart = (itemId: string, collectionTime: string | null) => ({
  items: [{ itemId, quantity: 1 }],
  collectionType: 'PICKUP',
  collectionTime,
  paymentType: 'CASH',
});
const quote = (payload: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/storefront/shops/${w.shop.id}/quote`, payload, remoteAddress: nextIp() });
let customers = 0;
const place = (payload: object) =>
  placeOrder(
    w,
    { ...payload, customerName: 'Cathy Customer', mobile: `0400 200 ${String(++customers).padStart(3, '0')}` },
    { remoteAddress: nextIp() },
  );

beforeAll(async () => {
  w = await shopWorld({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_IP: '1000' } });
  ids = await openForOrders(w, {
    eggs: { type: 'BASIC', name: 'Eggs', price: 12 },
    coffee: { type: 'BASIC', name: 'Coffee', price: 4 },
    soup: { type: 'BASIC', name: 'Soup', price: 9 },
  });
  const saved = await menu([
    { name: 'Breakfast', itemIds: [ids.eggs, ids.coffee], offered: BREAKFAST },
    { name: 'All day', itemIds: [ids.coffee, ids.soup] },
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().categories.map((c: { offered: unknown }) => c.offered)).toEqual([BREAKFAST, null]);
  await moveClockTo(w.ctx, next(1), '07:00', ZONE, [w.owner, w.staff, w.outsider]);
});
afterAll(async () => {
  w.ctx.clock.reset();
  await w.ctx.close();
});

describe('a category offered at some hours', () => {
  it('is listed on the storefront menu during its hours and greyed with its hours outside them', async () => {
    const morning = await storefront();
    expect(morning.categories[0]).toMatchObject({ name: 'Breakfast', offered: BREAKFAST, offeredNow: true, notOfferedNow: [] });
    expect(morning.categories[0].items.map((i: { name: string }) => i.name)).toEqual(['Eggs', 'Coffee']);

    const monday = shopDay(w.ctx, ZONE);
    await moveClockTo(w.ctx, monday, '11:30', ZONE, [w.owner, w.staff, w.outsider]);
    const noon = await storefront();
    expect(noon.categories[0]).toMatchObject({ offeredNow: false, items: [] });
    expect(noon.categories[0].notOfferedNow.map((i: { name: string }) => i.name)).toEqual(['Eggs', 'Coffee']);
    // Coffee is also All day: still on offer there.
    expect(noon.categories[1].items.map((i: { name: string }) => i.name)).toEqual(['Coffee', 'Soup']);
  });

  it('quote and placement judge the collection time: breakfast for 10:00 yes, for 12:00 no, with its hours in the message', async () => {
    const tuesday = next(2);
    await moveClockTo(w.ctx, tuesday, '07:00', ZONE, [w.owner, w.staff, w.outsider]);
    const ten = cart(ids.eggs, at(tuesday, '10:00'));
    expect((await quote(ten)).statusCode).toBe(200);
    expect((await place(ten)).statusCode).toBe(201);

    const noon = cart(ids.eggs, at(tuesday, '12:00'));
    const message = 'Breakfast is offered 6:00–11:00 on weekdays; your order is for 12:00';
    for (const res of [await quote(noon), await place(noon)]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message, errors: { 'items.0': message } });
    }
    // Coffee is in All day too: any hour will do.
    expect((await place(cart(ids.coffee, at(tuesday, '12:00')))).statusCode).toBe(201);
  });

  it('an order for now on a Saturday morning is refused: breakfast is for weekdays', async () => {
    await moveClockTo(w.ctx, next(6), '08:00', ZONE, [w.owner, w.staff, w.outsider]);
    for (const res of [await quote(cart(ids.eggs, null)), await place(cart(ids.eggs, null))]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe('Breakfast is offered 6:00–11:00 on weekdays; your order is for 8:00');
    }
    expect((await storefront()).categories[0].offeredNow).toBe(false);
  });

  it('refuses bad hours with a message for each field, changing nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ ...BREAKFAST, from: '25:00' }, { 'categories.0.offered.from': 'should be a time (HH:mm)' }],
      [{ ...BREAKFAST, to: '06:00' }, { 'categories.0.offered.to': 'should end at another time than it starts' }],
      [{ ...BREAKFAST, dows: [] }, { 'categories.0.offered.dows': 'Choose at least one day' }],
      [{ ...BREAKFAST, dows: ['MON', 'MON'] }, { 'categories.0.offered.dows': 'Each day once' }],
    ];
    for (const [offered, errors] of cases) {
      const res = await menu([{ name: 'Breakfast', itemIds: [ids.eggs], offered }]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const stored = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/menu`, headers: w.staff.headers });
    expect(stored.json().categories[0].offered).toEqual(BREAKFAST);
  });

  it('who may change the hours: anonymous 401, another shop 404', async () => {
    const body = { categories: [{ name: 'Breakfast', itemIds: [], offered: BREAKFAST }] };
    expect((await w.ctx.app.inject({ method: 'PUT', url: `/api/shops/${w.shop.id}/menu`, payload: body })).statusCode).toBe(401);
    const other = await w.ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${w.shop.id}/menu`,
      headers: w.outsider.headers,
      payload: body,
    });
    expect(other.statusCode).toBe(404);
  });
});
