import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { openSse } from '../../helpers/sse';
import { book, bookingBody, bookingSettings, moveClockTo, setBookingSettings, shopDay } from '../../helpers/bookings';
import { addDays } from '../../../domain/hours';
import { areas } from '../../../server/areas';
import { shopEventRegistry } from '../../../server/routes';
import { appendEvent } from '../../../server/infra/db/shopEvents';

/*
 * Every declared event type reaches the stream in the shape the board's list answers the same record, so a board
 * applies it in place and never reads the list again for it.
 */
const TZ = 'Australia/Sydney';
const registry = shopEventRegistry(areas);
let w: ShopWorld;
let stream: Awaited<ReturnType<typeof openSse>>;
let seen = 0;

beforeAll(async () => {
  w = await shopWorld();
  await publish(w.ctx, w.shop.id);
  await moveClockTo(w.ctx, shopDay(w.ctx, TZ, 1), '10:00', TZ, [w.owner, w.staff, w.outsider]);
  await setBookingSettings(w.ctx, w.shop.id, w.owner, bookingSettings({ lunch: { on: true }, dinner: { on: true } }));
  await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(w.ctx.app.server.address() as AddressInfo).port}`;
  stream = await openSse(`${base}/api/shops/${w.shop.id}/events`, w.staff.headers);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream.close();
  await w.ctx.close();
});

/** The next event on the stream: its type and parsed data. */
async function next() {
  seen += 1;
  const e = (await stream.events(seen))[seen - 1];
  return { id: e.id, type: e.event, data: e.data ? JSON.parse(e.data) : undefined };
}

/** The one item GET /{list} answers for this record. */
async function listed(list: 'orders' | 'bookings', id: string) {
  const filter = encodeURIComponent(JSON.stringify({ id }));
  const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/${list}?filter=${filter}`, headers: w.staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  const [item] = res.json();
  return item;
}

/** The event that follows is `type`, with the list's item for the record as data, and its declared schema reads it. */
async function expectBoardShaped(type: string, list: 'orders' | 'bookings', id: string) {
  const e = await next();
  expect(e.type).toBe(type);
  expect(e.data).toEqual(await listed(list, id));
  expect(registry[type].schema.parse(e.data)).toEqual(e.data);
  return e.data;
}

const cafes = (orderId: string, action: string, payload?: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.staff.headers, payload });
const shopPost = (path: string) => w.ctx.app.inject({ method: 'POST', url: `/api/shops/${w.shop.id}/${path}`, headers: w.staff.headers });

describe('order events', () => {
  it('delivers created, acknowledged, accepted, completed and rejected orders as the orders list answers them', async () => {
    const a = await seedOrder(w.ctx, w.shop.id);
    expect(await expectBoardShaped('order.created', 'orders', a.id)).toMatchObject({ id: a.id, number: a.number, acknowledgedAt: null });
    expect((await shopPost(`orders/${a.id}/acknowledge`)).statusCode).toBe(200);
    expect((await expectBoardShaped('order.updated', 'orders', a.id)).acknowledgedAt).not.toBeNull();
    expect((await cafes(a.id, 'accept', { eta: null })).statusCode).toBe(200);
    expect(await expectBoardShaped('order.updated', 'orders', a.id)).toMatchObject({ orderStatusRestaurant: 'ACCEPTED' });
    expect((await cafes(a.id, 'complete')).statusCode).toBe(200);
    expect((await expectBoardShaped('order.updated', 'orders', a.id)).completedAt).not.toBeNull();

    const b = await seedOrder(w.ctx, w.shop.id, { card: 'tok_visa' });
    await expectBoardShaped('order.created', 'orders', b.id);
    expect((await cafes(b.id, 'reject', { reason: 'Sold out' })).statusCode).toBe(200);
    const rejected = await expectBoardShaped('order.updated', 'orders', b.id);
    expect(rejected).toMatchObject({ orderStatusRestaurant: 'DECLINED', paymentStatus: 'REFUND_SUCCESS', actions: [] });
    // Nothing the API keeps to itself travels with it.
    expect(Object.keys(rejected)).not.toContain('paymentId');
    expect(JSON.stringify(stream.received())).not.toContain(b.paymentId!);
  });

  it('delivers busy.updated as the busy document', async () => {
    const res = await w.ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${w.shop.id}/orders/busy`,
      headers: w.staff.headers,
      payload: { mode: 'PAUSE', minutes: 15 },
    });
    const e = await next();
    expect(e.type).toBe('busy.updated');
    expect(e.data).toEqual(res.json());
    expect(registry['busy.updated'].schema.parse(e.data)).toEqual(e.data);
  });

  it('passes over an event stored in the former shape: its id moves the client on, without data', async () => {
    const order = await seedOrder(w.ctx, w.shop.id);
    await expectBoardShaped('order.created', 'orders', order.id);
    await appendEvent(w.ctx.db, w.shop.id, 'order.updated', { orderId: order.id, orderStatusRestaurant: 'NEW', paymentStatus: 'UNPAID' });
    const old = await next();
    expect(old).toEqual({ id: expect.any(String), type: undefined, data: undefined });
    const after = await seedOrder(w.ctx, w.shop.id);
    const e = await expectBoardShaped('order.created', 'orders', after.id);
    expect(e.id).toBe(after.id);
  });
});

describe('booking events', () => {
  const day = (n: number) => addDays(shopDay(w.ctx, TZ, 0), n);
  const newBooking = async (time: string) => {
    const res = await book(w.ctx, w.shop.id, bookingBody(day(3), time));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; cancelToken: string };
  };

  it('delivers created, acknowledged, accepted, rejected and customer-cancelled bookings as the bookings list answers them', async () => {
    const a = await newBooking('12:30');
    expect(await expectBoardShaped('booking.created', 'bookings', a.id)).toMatchObject({ id: a.id, acknowledgedAt: null });
    expect((await shopPost(`bookings/${a.id}/acknowledge`)).statusCode).toBe(200);
    expect((await expectBoardShaped('booking.updated', 'bookings', a.id)).acknowledgedAt).not.toBeNull();
    expect((await shopPost(`bookings/${a.id}/accept`)).statusCode).toBe(200);
    expect(await expectBoardShaped('booking.updated', 'bookings', a.id)).toMatchObject({ status: 'ACCEPTED' });

    const b = await newBooking('13:00');
    await expectBoardShaped('booking.created', 'bookings', b.id);
    const rejected = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/bookings/${b.id}/reject`,
      headers: w.staff.headers,
      payload: { reason: 'No Vacancy' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await expectBoardShaped('booking.updated', 'bookings', b.id)).toMatchObject({ status: 'REJECTED', rejectReason: 'No Vacancy' });

    const c = await newBooking('13:30');
    await expectBoardShaped('booking.created', 'bookings', c.id);
    const cancelled = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/shops/${w.shop.id}/bookings/${c.id}/cancel`,
      payload: { cancelToken: c.cancelToken },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const e = await expectBoardShaped('booking.updated', 'bookings', c.id);
    expect(e).toMatchObject({ status: 'CANCELLED', guest: { bookings: 2 } });
    expect(JSON.stringify(stream.received())).not.toMatch(/cancel_?token/i);
  });
});
