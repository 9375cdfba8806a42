import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder } from '../../helpers/orders';
import { openSse } from '../../helpers/sse';
import { addDays } from '../../../domain/hours';
import { canMarkNoShow } from '../../../domain/booking';
import { book, bookingBody, bookingSettings, moveClockTo, setBookingSettings, shopDay } from '../../helpers/bookings';

const TZ = 'Australia/Sydney';
let w: ShopWorld;
let today: string;
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  w = await shopWorld();
  await publish(w.ctx, w.shop.id);
  await publish(w.ctx, w.otherShop.id);
  today = shopDay(w.ctx, TZ, 1);
  await moveClockTo(w.ctx, today, '10:00', TZ, [w.owner, w.staff, w.outsider]);
  await setBookingSettings(w.ctx, w.shop.id, w.owner, bookingSettings({ lunch: { on: true }, dinner: { on: true } }));
  await setBookingSettings(w.ctx, w.otherShop.id, w.outsider, bookingSettings());
});
afterAll(() => w.ctx.close());

/** A new booking at the shop through the customers' API: its record and cancel token. */
async function newBooking(overrides: Record<string, unknown> = {}, date = day(2), time = '12:30', shopId = w.shop.id) {
  const res = await book(w.ctx, shopId, bookingBody(date, time, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; cancelToken: string; status: string };
}

const act = (id: string, action: string, headers: Record<string, string> | undefined, payload?: object, shopId = w.shop.id) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/bookings/${id}/${action}`, headers, payload });

const list = (filter: object, headers = w.staff.headers, sort = ['date', 'ASC'], range = [0, 49]) =>
  w.ctx.app.inject({
    url: `/api/shops/${w.shop.id}/bookings?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(
      JSON.stringify(sort),
    )}&range=${encodeURIComponent(JSON.stringify(range))}`,
    headers,
  });

describe('the console list and one booking', () => {
  it('lists NEW bookings soonest first with Content-Range, by date range, and by name or phone', async () => {
    const later = await newBooking({ name: 'Larry Later', phone: '0411 111 111' }, day(3), '13:00');
    const sooner = await newBooking({ name: 'Sally Sooner', phone: '0422 222 222' }, day(2), '12:15');
    await newBooking({}, day(2), '12:30', w.otherShop.id);
    const res = await list({ status: 'NEW', date_gte: new Date(`${day(2)}T00:00:00+11:00`).toISOString() });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((b: { id: string }) => b.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(res.headers['content-range']).toBe(`bookings 0-${ids.length - 1}/${ids.length}`);

    const byName = await list({ q: 'sally' });
    expect(byName.json().map((b: { id: string }) => b.id)).toEqual([sooner.id]);
    const byPhone = await list({ q: '0411 111' });
    expect(byPhone.json().map((b: { id: string }) => b.id)).toEqual([later.id]);
    const newestFirst = await list({ q: 'er' }, w.owner.headers, ['date', 'DESC']);
    expect(newestFirst.json().map((b: { id: string }) => b.id)).toEqual([later.id, sooner.id]);
    const ranged = await list({
      date_gte: new Date(`${day(3)}T12:00:00+10:00`).toISOString(),
      date_lte: new Date(`${day(3)}T23:00:00+10:00`).toISOString(),
      q: 'Larry',
    });
    expect(ranged.json().map((b: { id: string }) => b.id)).toEqual([later.id]);
    const bad = await list({ status: 'LOST' });
    expect(bad.statusCode).toBe(400);
  });

  it("shows the guest's earlier bookings, no-shows and orders by phone, and the history on one booking", async () => {
    const phone = '0433 333 333';
    const first = await newBooking({ phone, name: 'Gail Guest' }, day(1), '12:00');
    const second = await newBooking({ phone, name: 'Gail Guest' }, day(4), '12:00');
    await seedOrder(w.ctx, w.shop.id, { mobile: '0433333333' });
    await seedOrder(w.ctx, w.shop.id, { mobile: '+61433333333' });
    await seedOrder(w.ctx, w.otherShop.id, { mobile: '+61433333333' });
    const got = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings/${second.id}`, headers: w.staff.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id: second.id,
      phone: '+61433333333',
      guest: { bookings: 1, noShows: 0, orders: 2 },
      history: [{ id: first.id, dateStr: day(1), timeStr: '12:00', pax: 4, status: 'NEW', noShow: false }],
    });
    expect(got.json().cancelToken).toBeUndefined();
    const listed = await list({ q: 'Gail' });
    expect(listed.json().map((b: { guest: object }) => b.guest)).toEqual([
      { bookings: 0, noShows: 0, orders: 2 },
      { bookings: 1, noShows: 0, orders: 2 },
    ]);
  });

  it("answers 'Cannot find booking' for another shop's booking, 401 anonymous, 404 for another shop's member", async () => {
    const theirs = await newBooking({}, day(2), '12:30', w.otherShop.id);
    const missing = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings/${theirs.id}`, headers: w.owner.headers });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Cannot find booking']);
    expect((await act(theirs.id, 'accept', w.owner.headers)).statusCode).toBe(404);
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings` })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings`, headers: w.outsider.headers })).statusCode).toBe(404);
    const mine = await newBooking();
    expect((await act(mine.id, 'accept', undefined)).statusCode).toBe(401);
    expect((await act(mine.id, 'accept', w.outsider.headers)).statusCode).toBe(404);
    expect((await act(mine.id, 'reject', w.outsider.headers, { reason: 'No Vacancy' })).statusCode).toBe(404);
    expect((await act(mine.id, 'no_show', w.outsider.headers)).statusCode).toBe(404);
    expect((await act(crypto.randomUUID(), 'accept', w.owner.headers)).json().message).toBe('Cannot find booking');
  });
});

describe('actions', () => {
  it('accepts a NEW booking (USER), then rejects it (ADMIN) with a reason; each stale action is a 409 with the booking', async () => {
    const b = await newBooking();
    const accepted = await act(b.id, 'accept', w.staff.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: b.id, status: 'ACCEPTED', rejectReason: null, guest: { bookings: expect.any(Number) } });

    const again = await act(b.id, 'accept', w.owner.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'This booking is already ACCEPTED; it was changed on another device. Reload to see it.',
      code: 'BOOKING_STATUS_CHANGED',
      booking: { id: b.id, status: 'ACCEPTED' },
    });

    const rejected = await act(b.id, 'reject', w.owner.headers, { reason: 'Store Closed' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectReason: 'Store Closed' });
    for (const [action, payload] of [
      ['accept', undefined],
      ['reject', { reason: 'No Vacancy' }],
    ] as const) {
      const late = await act(b.id, action, w.staff.headers, payload);
      expect([late.statusCode, late.json().message, late.json().booking.rejectReason]).toEqual([
        409,
        'This booking is already REJECTED; it was changed on another device. Reload to see it.',
        'Store Closed',
      ]);
    }
  });

  it("rejects a NEW booking with 'No Vacancy', refuses any other reason with a 400", async () => {
    const b = await newBooking();
    for (const payload of [{ reason: 'Too Busy' }, {}]) {
      const bad = await act(b.id, 'reject', w.staff.headers, payload);
      expect([bad.statusCode, bad.json().message]).toEqual([400, 'Reason should be No Vacancy or Store Closed']);
    }
    const ok = await act(b.id, 'reject', w.staff.headers, { reason: 'No Vacancy' });
    expect(ok.json()).toMatchObject({ status: 'REJECTED', rejectReason: 'No Vacancy' });
  });

  it('has no actions on a booking the customer cancelled', async () => {
    const b = await newBooking();
    const cancelled = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/shops/${w.shop.id}/bookings/${b.id}/cancel`,
      payload: { cancelToken: b.cancelToken },
    });
    expect(cancelled.statusCode).toBe(200);
    for (const [action, payload] of [
      ['accept', undefined],
      ['reject', { reason: 'No Vacancy' }],
    ] as const) {
      const res = await act(b.id, action, w.owner.headers, payload);
      expect([res.statusCode, res.json().message, res.json().booking.status]).toEqual([
        409,
        'This booking is already CANCELLED; it was changed on another device. Reload to see it.',
        'CANCELLED',
      ]);
    }
  });

  it('lets exactly one of ten simultaneous accepts through', async () => {
    const b = await newBooking();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => act(b.id, 'accept', i % 2 ? w.staff.headers : w.owner.headers)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const { rows } = await w.ctx.pool.query(
      `SELECT count(*)::int AS n FROM shop_events WHERE type = 'booking.updated' AND data->>'id' = $1`,
      [b.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('marks an accepted booking a no-show only once its time has passed (by the app clock)', async () => {
    const b = await newBooking({ phone: '0444 444 444' }, today, '13:00');
    const notYetAccepted = await act(b.id, 'no_show', w.staff.headers);
    expect([notYetAccepted.statusCode, notYetAccepted.json().message]).toEqual([
      409,
      'Only an accepted booking can be marked as a no-show.',
    ]);
    expect((await act(b.id, 'accept', w.staff.headers)).statusCode).toBe(200);
    const early = await act(b.id, 'no_show', w.staff.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'A booking can be marked as a no-show only once its time has come.',
      code: 'BOOKING_STATUS_CHANGED',
      booking: { status: 'ACCEPTED', noShow: false },
    });

    await moveClockTo(w.ctx, today, '13:01', TZ, [w.owner, w.staff, w.outsider]);
    const marked = await act(b.id, 'no_show', w.staff.headers);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'ACCEPTED', noShow: true });
    const twice = await act(b.id, 'no_show', w.owner.headers);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This booking is already marked as a no-show.']);

    const next = await newBooking({ phone: '0444 444 444' }, day(3), '13:00');
    const got = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings/${next.id}`, headers: w.staff.headers });
    expect(got.json().guest).toEqual({ bookings: 1, noShows: 1, orders: 0 });
    expect(got.json().history).toEqual([{ id: b.id, dateStr: today, timeStr: '13:00', pax: 4, status: 'ACCEPTED', noShow: true }]);
  });

  it("marks a no-show from the booking's exact minute on, as the console offers it", async () => {
    const b = await newBooking({ phone: '0455 555 555' }, today, '14:00');
    expect((await act(b.id, 'accept', w.staff.headers)).statusCode).toBe(200);
    await moveClockTo(w.ctx, today, '13:59', TZ, [w.owner, w.staff, w.outsider]);
    const minuteBefore = await act(b.id, 'no_show', w.staff.headers);
    expect([minuteBefore.statusCode, minuteBefore.json().message]).toEqual([
      409,
      'A booking can be marked as a no-show only once its time has come.',
    ]);
    expect(canMarkNoShow(minuteBefore.json().booking, w.ctx.clock.now())).toBe(false);

    // The app clock runs on from where it is set; holding the system clock still puts the request at 14:00:00.000.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      await moveClockTo(w.ctx, today, '14:00', TZ, [w.owner, w.staff, w.outsider]);
      const got = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings/${b.id}`, headers: w.staff.headers });
      expect(new Date(got.json().date).getTime()).toBe(w.ctx.clock.now().getTime());
      expect(canMarkNoShow(got.json(), w.ctx.clock.now())).toBe(true);
      const atItsMinute = await act(b.id, 'no_show', w.staff.headers);
      expect(atItsMinute.statusCode, atItsMinute.body).toBe(200);
      expect(atItsMinute.json()).toMatchObject({ status: 'ACCEPTED', noShow: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('acknowledge', () => {
  const updates = async (id: string) =>
    (await w.ctx.pool.query(`SELECT count(*)::int AS n FROM shop_events WHERE type = 'booking.updated' AND data->>'id' = $1`, [id])).rows[0]
      .n;

  it('marks a booking seen (USER), the first time only: a second call answers it unchanged and writes no event', async () => {
    const b = await newBooking({}, day(2), '13:15');
    const first = await act(b.id, 'acknowledge', w.staff.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: b.id, status: 'NEW', acknowledgedAt: expect.any(String) });
    expect(first.json().guest).toBeDefined();
    expect(await updates(b.id)).toBe(1);
    const again = await act(b.id, 'acknowledge', w.owner.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await updates(b.id)).toBe(1);
    const [listed] = (await list({ id: b.id })).json();
    expect(listed.acknowledgedAt).toBe(first.json().acknowledgedAt);
    const one = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/bookings/${b.id}`, headers: w.staff.headers });
    expect(one.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
  });

  it("answers 401 anonymous, 404 for another shop's member, another shop's booking and an unknown id", async () => {
    const mine = await newBooking({}, day(2), '13:30');
    const theirs = await newBooking({}, day(2), '13:30', w.otherShop.id);
    expect((await act(mine.id, 'acknowledge', undefined)).statusCode).toBe(401);
    expect((await act(mine.id, 'acknowledge', w.outsider.headers)).statusCode).toBe(404);
    for (const id of [theirs.id, crypto.randomUUID(), 'not-an-id']) {
      const res = await act(id, 'acknowledge', w.owner.headers);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Cannot find booking']);
    }
    expect(await updates(mine.id)).toBe(0);
    expect(await updates(theirs.id)).toBe(0);
  });
});

describe('live updates', () => {
  it('streams booking.created and booking.updated as the list shows the booking, and replays them after Last-Event-ID', async () => {
    await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(w.ctx.app.server.address() as AddressInfo).port}/api/shops/${w.shop.id}/events`;
    const stream = await openSse(url, w.staff.headers);
    expect(stream.status).toBe(200);
    const b = await newBooking({ name: 'Evie Event' }, day(5), '12:45');
    expect((await act(b.id, 'accept', w.staff.headers)).statusCode).toBe(200);
    const [created, updated] = await stream.events(2);
    stream.close();
    const { cancelToken: _token, ...record } = b;
    const [listed] = (await list({ id: b.id })).json();
    expect([created!.event, JSON.parse(created!.data)]).toEqual(['booking.created', { ...listed, status: 'NEW' }]);
    expect(JSON.parse(created!.data)).toMatchObject({ ...record, acknowledgedAt: null });
    expect([updated!.event, JSON.parse(updated!.data)]).toEqual(['booking.updated', listed]);

    const resumed = await openSse(url, { ...w.owner.headers, 'last-event-id': String(Number(created!.id) - 1) });
    const replayed = await resumed.events(2);
    resumed.close();
    expect(replayed.map((e) => [e.id, e.event])).toEqual([
      [created!.id, 'booking.created'],
      [updated!.id, 'booking.updated'],
    ]);
  });
});
