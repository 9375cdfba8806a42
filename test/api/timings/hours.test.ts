import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimings } from '../../../domain/timings';
import { perWeekday } from '../../../domain/weekdays';
import { createShop, publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
  await publish(w.ctx, w.shop.id);
  const session = (open: string, duration: number) => ({ open, duration, available: true });
  const timings = perWeekday((day) => ({
    ...defaultTimings[day],
    pickup: session('10:00', 7),
    delivery: session('17:00', 4),
  }));
  expect(
    (await w.ctx.app.inject({ method: 'PUT', url: `/api/shops/${w.shop.id}/settings/timings`, headers: w.owner.headers, payload: timings }))
      .statusCode,
  ).toBe(200);
  await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/closures`,
    headers: w.owner.headers,
    payload: { date: '2030-01-16', note: 'Stocktake', delivery: false },
  });
});
afterAll(() => w.ctx.close());

const hours = (shopId: string, query: string, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({ method: 'GET', url: `/api/storefront/shops/${shopId}/hours?${query}`, headers });

describe('GET /api/storefront/shops/:shopId/hours', () => {
  it("answers open, next opening, slots and openings in the shop's zone, closures applied", async () => {
    // Tuesday 2030-01-15 16:30 in Sydney (+11).
    const res = await hours(w.shop.id, 'from=2030-01-15T05:30:00Z&days=3');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('Australia/Sydney');
    expect(body.pickup).toMatchObject({ open: true, nextOpening: '2030-01-15T05:30:00.000Z' });
    expect(body.pickup.slots.slice(0, 2)).toEqual(['2030-01-15T05:30:00.000Z', '2030-01-15T05:45:00.000Z']);
    expect(body.delivery).toMatchObject({ open: false, nextOpening: '2030-01-15T06:00:00.000Z' });
    // Wednesday is closed for pickup (stocktake), delivery as usual.
    expect(body.pickup.openings.map((o: { date: string }) => o.date)).toEqual(['2030-01-15', '2030-01-17']);
    expect(body.delivery.openings.map((o: { date: string }) => o.date)).toEqual(['2030-01-15', '2030-01-16', '2030-01-17']);
    expect(body.closures).toEqual([{ date: '2030-01-16', note: 'Stocktake', pickup: true, delivery: false }]);
    // After closing on Tuesday, pickup next opens Thursday 10:00.
    expect((await hours(w.shop.id, 'from=2030-01-15T07:00:00Z')).json().pickup.nextOpening).toBe('2030-01-16T23:00:00.000Z');
  });

  it('answers an ETag and 304 for the same question', async () => {
    const first = await hours(w.shop.id, 'from=2030-01-15T05:30:00Z');
    expect(first.headers.etag).toBeTruthy();
    const again = await hours(w.shop.id, 'from=2030-01-15T05:30:00Z', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is 404 for a shop that is not published, and 400 for a bad instant or range', async () => {
    const hidden = await createShop(w.ctx, w.owner);
    expect((await hours(hidden.id, '')).statusCode).toBe(404);
    const bad = await hours(w.shop.id, 'from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: 'from should be an ISO date and time' });
    expect((await hours(w.shop.id, 'days=30')).statusCode).toBe(400);
  });
});
