import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { seedOrder } from '../../helpers/orders';
import { seedBooking } from '../../helpers/bookings';
import { defaultOrderProcess } from '../../../domain/orderProcess';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const url = () => `/api/shops/${w.shop.id}/preferences`;

describe('GET|PUT /api/shops/{shopId}/preferences', () => {
  it('answers the defaults, keeps what a PUT does not send, and is per user', async () => {
    const a = api(w.ctx);
    expect((await a.get(url(), w.staff)).json()).toEqual({ orderPlaced: true, newBooking: true, sound: 'default', soundOn: true });
    const put = await a.put(url(), w.staff, { sound: 'chime', newBooking: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ orderPlaced: true, newBooking: false, sound: 'chime', soundOn: true });
    expect((await a.put(url(), w.staff, { soundOn: false })).json()).toEqual({
      orderPlaced: true,
      newBooking: false,
      sound: 'chime',
      soundOn: false,
    });
    expect((await a.get(url(), w.owner)).json()).toEqual({ orderPlaced: true, newBooking: true, sound: 'default', soundOn: true });
  });

  it('the sound switch follows the account-wide New Orders sound until chosen for the shop', async () => {
    const res = await w.ctx.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: w.owner.headers,
      payload: { orderSound: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await api(w.ctx).get(url(), w.owner)).json()).toMatchObject({ soundOn: false });
    expect((await api(w.ctx).put(url(), w.owner, { soundOn: true })).json()).toMatchObject({ soundOn: true });
    expect((await w.ctx.app.inject({ method: 'GET', url: '/api/me/preferences', headers: w.owner.headers })).json()).toEqual({
      orderSound: false,
    });
  });

  it('a value of the wrong type is a 400 naming the field; an unknown field is refused', async () => {
    const a = api(w.ctx);
    const bad = await a.put(url(), w.staff, { orderPlaced: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('orderPlaced must be true or false');
    expect(bad.json().errors).toHaveProperty('orderPlaced');
    const sound = await a.put(url(), w.staff, { sound: 'siren' });
    expect(sound.statusCode).toBe(400);
    expect(sound.json().message).toBe('sound should be one of default, chime, bell, ding');
    expect((await a.put(url(), w.staff, { orderPlace: true })).json().message).toBe('Unknown preference: orderPlace');
  });

  it('any member; another shop is a 404, anonymous a 401', async () => {
    const a = api(w.ctx);
    expect((await a.get(url(), w.outsider)).statusCode).toBe(404);
    expect((await a.put(url(), w.outsider, { orderPlaced: false })).statusCode).toBe(404);
    expect((await a.get(url(), null)).statusCode).toBe(401);
    expect((await a.put(url(), null, { orderPlaced: false })).statusCode).toBe(401);
  });
});

describe('order settings: the monitor and its ladder', () => {
  const put = (body: object) => api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.owner, { ...defaultOrderProcess, ...body });

  it('reads old documents with the defaults', async () => {
    await w.ctx.pool.query(
      `INSERT INTO shop_settings (shop_id, kind, value) VALUES ($1, 'order', $2) ON CONFLICT (shop_id, kind) DO UPDATE SET value = $2`,
      [
        w.shop.id,
        JSON.stringify({
          hasEta: false,
          etaType: 'RESTAURANT',
          hasUnprocessedOrderMonitor: true,
          newOrderAlertEmailsCsv: '',
          unprocessedOrderAlertEmailsCsv: '',
        }),
      ],
    );
    expect((await api(w.ctx).get(`/api/shops/${w.shop.id}/settings/order`, w.staff)).json()).toMatchObject({
      hasEta: false,
      unprocessedOrderAlertMinutes: 5,
      unprocessedOrderSecondAlert: true,
      autoRejectUnprocessed: false,
      autoRejectAfterMinutes: 20,
    });
  });

  it('checks each field and names it', async () => {
    const low = await put({ unprocessedOrderAlertMinutes: 0 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({ unprocessedOrderAlertMinutes: 'Unprocessed order alert should be between 1 and 120 minutes' });
    expect((await put({ unprocessedOrderAlertMinutes: 121 })).statusCode).toBe(400);
    expect((await put({ unprocessedOrderAlertMinutes: 2.5 })).json().errors).toEqual({
      unprocessedOrderAlertMinutes: 'Unprocessed order alert should be a whole number of minutes',
    });
    expect((await put({ autoRejectAfterMinutes: 241 })).json().errors).toEqual({
      autoRejectAfterMinutes: 'Reject after should be between 2 and 240 minutes',
    });
    const order = await put({ unprocessedOrderAlertMinutes: 30, autoRejectAfterMinutes: 30 });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual({ autoRejectAfterMinutes: 'Reject after should be more minutes than the unprocessed order alert' });
    expect((await put({ unprocessedOrderSecondAlert: 'no' })).json().errors).toHaveProperty('unprocessedOrderSecondAlert');
    const ok = await put({ unprocessedOrderAlertMinutes: 10, autoRejectUnprocessed: true, autoRejectAfterMinutes: 45 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ unprocessedOrderAlertMinutes: 10, autoRejectUnprocessed: true, autoRejectAfterMinutes: 45 });
    expect((await api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.staff, { ...defaultOrderProcess })).statusCode).toBe(403);
  });
});

describe('alert logs: members only', () => {
  it('an order’s and a booking’s log answer members; another shop 404; anonymous 401', async () => {
    const order = await seedOrder(w.ctx, w.shop.id);
    const a = api(w.ctx);
    const orderUrl = `/api/shops/${w.shop.id}/orders/${order.id}/alerts`;
    expect((await a.get(orderUrl, w.staff)).statusCode).toBe(200);
    expect((await a.get(orderUrl, w.outsider)).statusCode).toBe(404);
    expect((await a.get(orderUrl, null)).statusCode).toBe(401);
    expect((await a.get(`/api/shops/${w.otherShop.id}/orders/${order.id}/alerts`, w.outsider)).statusCode).toBe(404);
    const booking = await seedBooking(w.ctx, w.shop.id);
    const bookingUrl = `/api/shops/${w.shop.id}/bookings/${booking.id}/alerts`;
    expect((await a.get(bookingUrl, w.staff)).json()).toEqual([]);
    expect((await a.get(bookingUrl, w.outsider)).statusCode).toBe(404);
    expect((await a.get(`/api/shops/${w.otherShop.id}/bookings/${booking.id}/alerts`, w.outsider)).statusCode).toBe(404);
    expect((await a.get(`/api/shops/${w.shop.id}/orders/not-an-id/alerts`, w.staff)).statusCode).toBe(400);
  });

  it("answers 404 for another shop's order or booking, and for one that does not exist", async () => {
    const a = api(w.ctx);
    const theirOrder = await seedOrder(w.ctx, w.otherShop.id);
    const theirBooking = await seedBooking(w.ctx, w.otherShop.id);
    const order = await a.get(`/api/shops/${w.shop.id}/orders/${theirOrder.id}/alerts`, w.staff);
    expect({ status: order.statusCode, body: order.json() }).toEqual({
      status: 404,
      body: { message: 'Cannot find order', code: 'NOT_FOUND' },
    });
    const booking = await a.get(`/api/shops/${w.shop.id}/bookings/${theirBooking.id}/alerts`, w.staff);
    expect({ status: booking.statusCode, body: booking.json() }).toEqual({
      status: 404,
      body: { message: 'Cannot find booking', code: 'NOT_FOUND' },
    });
    expect((await a.get(`/api/shops/${w.shop.id}/bookings/${theirOrder.id}/alerts`, w.staff)).statusCode).toBe(404);
  });
});
