import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { moveClockTo, shopDay } from '../../helpers/bookings';
import { ipSource } from '../../helpers/rateLimits';
import { zonedInstant } from '../../../domain/hours';
import { restoreDue } from '../../../server/areas/catalog/repoSoldOut';
import type { TestUser } from '../../helpers/users';

/*
 * 86 from the board: an item or one value of its choices sold out for an hour, until close or until a date; the
 * storefront menu, the quote and the placement refuse it at once, and the clock's sweep brings it back with one
 * item.restored event however many processes sweep.
 */
const ZONE = 'Australia/Sydney';
const HOUR = 3_600_000;
let w: ShopWorld;
let ids: Record<'latte' | 'cake', string>;
const nextIp = ipSource(171);

beforeAll(async () => {
  // Sessions outlive the hours this file moves the clock through.
  w = await shopWorld({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_IP: '1000' } });
  const milk = {
    name: 'Milk',
    values: [
      { name: 'Full', extraCharge: 0 },
      { name: 'Oat', extraCharge: 0.8 },
    ],
  };
  ids = await openForOrders(w, {
    latte: { type: 'BASIC', name: 'Latte', price: 4.5, attributes: [milk] },
    cake: { type: 'BASIC', name: 'Cake', price: 5.99 },
  });
  // Every call below is at noon of some later day, so the close of today's hours is never behind the clock.
  await moveClockTo(w.ctx, shopDay(w.ctx, ZONE, 1), '12:00', ZONE, [w.owner, w.staff, w.outsider]);
});
afterAll(async () => {
  w.ctx.clock.reset();
  await w.ctx.close();
});

const availability = (itemId: string, payload: object, user: TestUser | null = w.staff) =>
  w.ctx.app.inject({ method: 'PUT', url: `/api/shops/${w.shop.id}/items/${itemId}/availability`, headers: user?.headers, payload });
const soldOutList = (user: TestUser | null = w.staff, shopId = w.shop.id) =>
  w.ctx.app.inject({ url: `/api/shops/${shopId}/sold_out`, headers: user?.headers });
const storefront = async () => (await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/menu` })).json();
const cart = (items: object[]) => ({ items, collectionType: 'PICKUP', collectionTime: null, paymentType: 'CASH' });
const quote = (payload: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/storefront/shops/${w.shop.id}/quote`, payload, remoteAddress: nextIp() });
let customers = 0;
const place = (payload: object) =>
  placeOrder(
    w,
    { ...payload, customerName: 'Cathy Customer', mobile: `0400 100 ${String(++customers).padStart(3, '0')}` },
    { remoteAddress: nextIp() },
  );
const events = async (type: string) =>
  (
    await w.ctx.pool.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM shop_events WHERE shop_id = $1 AND type = $2 ORDER BY seq',
      [w.shop.id, type],
    )
  ).rows.map((r) => r.data);
const oat = { quantity: 1, attributes: [{ name: 'Milk', values: ['Oat'] }] };

/** Both the quote and the placement refuse the cart with one status and message. */
async function refused(payload: object) {
  const [q, p] = [await quote(payload), await place(payload)];
  expect([400, 409]).toContain(q.statusCode);
  expect([p.statusCode, p.json().message]).toEqual([q.statusCode, q.json().message]);
  return q.json().message as string;
}

describe('86 an item for an hour', () => {
  it('is refused at once by the menu, the quote and the placement, listed on the board, and restored by the sweep with one event', async () => {
    const now = w.ctx.clock.now();
    const res = await availability(ids.cake, { soldOut: true, for: 'HOUR' });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(now.getTime() + HOUR);
    expect(new Date(res.json().availability.until).getTime()).toBeGreaterThanOrEqual(until.getTime());
    expect(new Date(res.json().availability.until).getTime()).toBeLessThan(until.getTime() + 60_000);

    const menu = await storefront();
    expect(menu.categories[0].items.map((i: { name: string }) => i.name)).toEqual(['Latte']);
    expect(menu.categories[0].soldOut).toEqual([expect.objectContaining({ id: ids.cake, until: res.json().availability.until })]);
    expect(await refused(cart([{ itemId: ids.cake, quantity: 1 }]))).toBe('Cake is sold out.');

    const listed = await soldOutList();
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { itemId: ids.cake, name: 'Cake', attribute: null, value: null, topping: null, until: res.json().availability.until },
    ]);
    expect(await events('item.sold_out')).toEqual([expect.objectContaining({ itemId: ids.cake, by: 'STAFF' })]);

    // An hour on: the quote takes it at once; the sweep writes it down and announces it once.
    w.ctx.clock.advance(HOUR + 60_000);
    await w.ctx.clock.settled();
    expect((await quote(cart([{ itemId: ids.cake, quantity: 1 }]))).statusCode).toBe(200);
    const row = await w.ctx.pool.query('SELECT sold_out, sold_out_until FROM items WHERE id = $1', [ids.cake]);
    expect(row.rows[0]).toEqual({ sold_out: false, sold_out_until: null });
    expect(await events('item.restored')).toEqual([
      { itemId: ids.cake, name: 'Cake', attribute: null, value: null, topping: null, until: res.json().availability.until, by: 'CLOCK' },
    ]);
    expect((await storefront()).categories[0].items.map((i: { name: string }) => i.name)).toEqual(['Latte', 'Cake']);
    expect((await soldOutList()).json()).toEqual([]);
  });

  it('86s one value of a choice: the menu drops Oat, orders with Oat are refused, and it comes back by itself', async () => {
    const res = await availability(ids.latte, { soldOut: true, for: 'HOUR', attribute: 'Milk', value: 'Oat' });
    expect(res.statusCode, res.body).toBe(200);
    const latte = (await storefront()).categories[0].items.find((i: { id: string }) => i.id === ids.latte);
    expect(latte.attributes[0].values.map((v: { name: string }) => v.name)).toEqual(['Full']);
    expect(await refused(cart([{ ...oat, itemId: ids.latte }]))).toBe('Latte: Oat is sold out');
    expect((await soldOutList()).json()).toEqual([expect.objectContaining({ itemId: ids.latte, attribute: 'Milk', value: 'Oat' })]);

    w.ctx.clock.advance(HOUR + 60_000);
    await w.ctx.clock.settled();
    expect((await quote(cart([{ ...oat, itemId: ids.latte }]))).statusCode).toBe(200);
    const restored = (await events('item.restored')).filter((e) => e.itemId === ids.latte);
    expect(restored).toEqual([expect.objectContaining({ attribute: 'Milk', value: 'Oat', by: 'CLOCK' })]);
    const doc = await w.ctx.pool.query('SELECT timed_choice_sold_out FROM items WHERE id = $1', [ids.latte]);
    expect(doc.rows[0].timed_choice_sold_out).toBe(false);
  });

  it('two processes sweeping at once restore each period and write its event once', async () => {
    const before = (await events('item.restored')).length;
    expect((await availability(ids.cake, { soldOut: true, for: 'HOUR' })).statusCode).toBe(200);
    expect((await availability(ids.latte, { soldOut: true, for: 'HOUR', attribute: 'Milk', value: 'Full' })).statusCode).toBe(200);
    // Past the hour without letting the app's own sweep run first: two sweeps race for the same rows.
    const later = new Date(w.ctx.clock.now().getTime() + HOUR + 1000);
    const restored = await Promise.all([restoreDue(w.ctx.services.db, later), restoreDue(w.ctx.services.db, later)]);
    expect(restored[0] + restored[1]).toBe(2);
    expect((await events('item.restored')).length).toBe(before + 2);
    expect(await restoreDue(w.ctx.services.db, later)).toBe(0);
  });

  it('a member bringing it back announces item.restored; bringing back what is on sale announces nothing', async () => {
    expect((await availability(ids.cake, { soldOut: true })).statusCode).toBe(200);
    expect((await soldOutList()).json()).toEqual([expect.objectContaining({ itemId: ids.cake, until: null })]);
    const before = (await events('item.restored')).length;
    expect((await availability(ids.cake, { soldOut: false })).statusCode).toBe(200);
    expect((await events('item.restored')).slice(before)).toEqual([
      expect.objectContaining({ itemId: ids.cake, by: 'STAFF', until: null }),
    ]);
    expect((await availability(ids.cake, { soldOut: false })).statusCode).toBe(200);
    expect((await events('item.restored')).length).toBe(before + 1);
  });
});

describe('86 until close', () => {
  it("lasts to the end of today's last opening, and to the next midnight when nothing is left of today's hours", async () => {
    const today = shopDay(w.ctx, ZONE);
    await moveClockTo(w.ctx, shopDay(w.ctx, ZONE, 1), '12:00', ZONE, [w.owner, w.staff, w.outsider]);
    const day = shopDay(w.ctx, ZONE);
    expect(day).not.toBe(today);
    const timings = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/timings`, headers: w.owner.headers })).json();
    for (const d of Object.keys(timings)) {
      timings[d].pickup = { open: '08:00', duration: 6, available: true };
      timings[d].delivery = { open: '17:00', duration: 4, available: true };
    }
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/timings`, timings);
    const res = await availability(ids.cake, { soldOut: true, for: 'CLOSE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().availability.until).toBe(zonedInstant(day, 21 * 60, ZONE).toISOString());

    for (const d of Object.keys(timings)) timings[d].delivery = { ...timings[d].delivery, available: false };
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/timings`, timings);
    await moveClockTo(w.ctx, day, '15:00', ZONE, [w.owner, w.staff, w.outsider]);
    const after = await availability(ids.cake, { soldOut: true, for: 'CLOSE' });
    expect(after.json().availability.until).toBe(zonedInstant(shopDay(w.ctx, ZONE, 1), 0, ZONE).toISOString());
    expect((await availability(ids.cake, { soldOut: false })).statusCode).toBe(200);
  });
});

describe('86: validation and who may', () => {
  it('refuses a span with a date, with today or with soldOut false, and an unknown span, changing nothing', async () => {
    const until = new Date(w.ctx.clock.now().getTime() + 5 * HOUR).toISOString();
    const cases: [object, Record<string, string>][] = [
      [{ soldOut: true, for: 'HOUR', until }, { for: 'Give one of until, today or for, with soldOut true' }],
      [{ soldOut: false, for: 'CLOSE' }, { for: 'Give one of until, today or for, with soldOut true' }],
      [{ soldOut: true, for: 'WEEK' }, { for: 'should be HOUR or CLOSE' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await availability(ids.cake, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await soldOutList()).json()).toEqual([]);
  });

  it('the sold-out list: anonymous 401, another shop 404, every member of the shop 200', async () => {
    expect((await soldOutList(null)).statusCode).toBe(401);
    expect((await soldOutList(w.outsider)).statusCode).toBe(404);
    expect((await soldOutList(w.staff)).statusCode).toBe(200);
    expect((await soldOutList(w.owner)).statusCode).toBe(200);
    expect((await availability(ids.cake, { soldOut: true, for: 'HOUR' }, null)).statusCode).toBe(401);
    expect((await availability(ids.cake, { soldOut: true, for: 'HOUR' }, w.outsider)).statusCode).toBe(404);
  });
});
