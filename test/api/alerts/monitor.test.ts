import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { seedOrder } from '../../helpers/orders';
import { book, bookingBody, bookingSettings, moveClockTo, setBookingSettings, shopDay } from '../../helpers/bookings';
import { addDays } from '../../../domain/hours';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { jobsDone } from '../../helpers/jobs';

const TZ = 'Australia/Sydney';
const MINUTE = 60_000;
let w: ShopWorld;

beforeAll(async () => {
  // Sessions outlive the hours this file moves the clock through.
  w = await shopWorld({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  await publish(w.ctx, w.shop.id);
  const res = await api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.owner, {
    ...defaultOrderProcess,
    unprocessedOrderAlertEmailsCsv: 'manager@example.com',
    unprocessedOrderAlertMinutes: 5,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => w.ctx.close());

type Row = { kind: string; to: string; status: string };
const orderLog = async (id: string) => (await api(w.ctx).get(`/api/shops/${w.shop.id}/orders/${id}/alerts`, w.owner)).json() as Row[];
const kinds = (rows: Row[]) => rows.filter((r) => r.to === 'manager@example.com').map((r) => r.kind);
const mailsAbout = (label: string) => w.ctx.mail.for('manager@example.com').filter((m) => m.subject.includes(label));
const advance = (ms: number) => w.ctx.clock.advance(ms);
/** The monitor's sweeps the clock set off have run, and so have the mails they queued: what was due has happened. */
const swept = async () => {
  await w.ctx.clock.settled();
  await jobsDone(w.ctx, ['alerts-mail']);
};

describe('the unprocessed-order monitor', () => {
  it('alerts the unprocessed list once after the delay, again at twice the delay, and stops when the order is accepted', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Slow Sid' });
    const label = `#${order.number}`;
    advance(4 * MINUTE);
    // Nothing is due before the delay.
    await swept();
    expect(kinds(await orderLog(order.id))).toEqual([]);
    advance(1 * MINUTE + 1000);
    await w.ctx.mail.waitFor('manager@example.com', new RegExp(`${label} is waiting`));
    // More sweeps before the second step add nothing.
    advance(2 * MINUTE);
    advance(1 * MINUTE);
    await expect.poll(async () => kinds(await orderLog(order.id))).toEqual(['ORDER_UNPROCESSED']);
    advance(2 * MINUTE);
    await w.ctx.mail.waitFor('manager@example.com', new RegExp(`Still waiting: order ${label}`));
    expect(mailsAbout(label)).toHaveLength(2);

    const accepted = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${order.id}/accept`,
      headers: w.staff.headers,
      payload: { eta: null },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    advance(60 * MINUTE);
    await swept();
    expect(kinds(await orderLog(order.id))).toEqual(['ORDER_UNPROCESSED', 'ORDER_UNPROCESSED_AGAIN']);
    expect(mailsAbout(label)).toHaveLength(2);
  });

  it('an order accepted before its delay is never an unprocessed alert', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Quick Quinn' });
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/cafes/${w.shop.id}/orders/${order.id}/accept`,
      headers: w.staff.headers,
      payload: { eta: null },
    });
    advance(30 * MINUTE);
    await swept();
    expect(kinds(await orderLog(order.id))).toEqual([]);
  });

  it('with auto-reject on, an order nobody answers is rejected as Store Closed and refunded, and the list is told', async () => {
    const a = api(w.ctx);
    expect(
      (
        await a.put(`/api/shops/${w.shop.id}/settings/order`, w.owner, {
          ...defaultOrderProcess,
          unprocessedOrderAlertEmailsCsv: 'manager@example.com',
          unprocessedOrderAlertMinutes: 5,
          unprocessedOrderSecondAlert: false,
          autoRejectUnprocessed: true,
          autoRejectAfterMinutes: 12,
        })
      ).statusCode,
    ).toBe(200);
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Card Cara', card: 'tok_visa' });
    advance(6 * MINUTE);
    await expect.poll(async () => kinds(await orderLog(order.id))).toEqual(['ORDER_UNPROCESSED']);
    advance(4 * MINUTE);
    advance(3 * MINUTE);
    await expect.poll(async () => kinds(await orderLog(order.id))).toEqual(['ORDER_UNPROCESSED', 'ORDER_AUTO_REJECTED']);
    const got = (await a.get(`/api/shops/${w.shop.id}/orders/${order.id}`, w.owner)).json();
    expect(got).toMatchObject({ orderStatusRestaurant: 'DECLINED', rejectReason: 'Store Closed', paymentStatus: 'REFUND_SUCCESS' });
    await w.ctx.mail.waitFor('manager@example.com', /was rejected: nobody answered it/);
  });
});

describe('bookings', () => {
  it('a new booking mails the members who want it; one left unanswered alerts the unprocessed list', async () => {
    const today = shopDay(w.ctx, TZ, 1);
    await moveClockTo(w.ctx, today, '10:00', TZ, [w.owner, w.staff, w.outsider]);
    await setBookingSettings(w.ctx, w.shop.id, w.owner, bookingSettings({ lunch: { on: true }, dinner: { on: true } }));
    expect((await api(w.ctx).put(`/api/shops/${w.shop.id}/preferences`, w.staff, { newBooking: false })).statusCode).toBe(200);
    const res = await book(w.ctx, w.shop.id, bookingBody(addDays(today, 2), '12:30', { name: 'Bella Booker' }));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as { id: string };
    const mail = await w.ctx.mail.waitFor('owner@example.com', /New booking at .*Bella Booker/);
    expect(mail.text).toContain(`/shops/${w.shop.id}/bookings/dashboard`);
    const bookingLog = async () => (await api(w.ctx).get(`/api/shops/${w.shop.id}/bookings/${booking.id}/alerts`, w.staff)).json() as Row[];
    await expect
      .poll(async () => (await bookingLog()).map((r) => [r.kind, r.to, r.status]))
      .toEqual([['BOOKING_PLACED', 'owner@example.com', 'SENT']]);
    advance(5 * MINUTE + 1000);
    await w.ctx.mail.waitFor('manager@example.com', /Booking waiting for an answer.*Bella Booker/);
    await expect.poll(async () => (await bookingLog()).map((r) => r.kind)).toEqual(['BOOKING_PLACED', 'BOOKING_UNPROCESSED']);
  });
});
