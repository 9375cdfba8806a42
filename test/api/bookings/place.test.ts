import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzOffset } from '@date-fns/tz';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { addDays } from '../../../domain/hours';
import { book, bookingBody, bookingSettings, moveClockTo, offsetText, setBookingSettings, shopDay } from '../../helpers/bookings';

const TZ = 'Australia/Sydney';
let w: ShopWorld;
/** The shop's today: the clock stands at 10:00 on it. */
let today: string;
const day = (n: number) => addDays(today, n);
const settings = bookingSettings({
  breakfast: { on: true, open: '08:00', duration: 3 },
  lunch: { on: true, open: '12:00', duration: 4 },
  dinner: { on: true, open: '20:00', duration: 5 },
});

beforeAll(async () => {
  w = await shopWorld();
  await publish(w.ctx, w.shop.id);
  today = shopDay(w.ctx, TZ, 1);
  await moveClockTo(w.ctx, today, '10:00', TZ, [w.owner, w.staff, w.outsider]);
  await setBookingSettings(w.ctx, w.shop.id, w.owner, settings);
});
afterAll(() => w.ctx.close());

/** The instant of a Sydney wall-clock time, written independently of the server's zone code. */
const sydney = (date: string, time: string) => {
  const offset = tzOffset(TZ, new Date(`${date}T${time}:00Z`));
  return new Date(`${date}T${time}:00${offsetText(offset)}`).toISOString();
};

describe('booking a table', () => {
  it('answers 201 with the booking, the instant in the shop zone, and a cancel token kept only as its hash', async () => {
    const res = await book(w.ctx, w.shop.id, bookingBody(day(2), '12:30', { specialRequest: '  High chair please ' }));
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      name: 'Betty Booker',
      phone: '+61412345678',
      pax: 4,
      dateStr: day(2),
      timeStr: '12:30',
      date: sydney(day(2), '12:30'),
      status: 'NEW',
      specialRequest: 'High chair please',
      rejectReason: null,
      noShow: false,
      session: 'lunch',
    });
    expect(b.guest).toBeUndefined();
    expect(b.cancelToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await w.ctx.pool.query('SELECT cancel_token_hash FROM bookings WHERE id = $1', [b.id]);
    expect(rows[0].cancel_token_hash).toBe(crypto.createHash('sha256').update(b.cancelToken).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(b.cancelToken);

    const events = await w.ctx.pool.query(`SELECT type, data FROM shop_events WHERE shop_id = $1 AND type LIKE 'booking.%'`, [w.shop.id]);
    // The event stores the row without its secrets; the stream presents it as the list's item (test/api/infra/eventPayloads).
    expect(events.rows.map((e) => [e.type, e.data.id, e.data.status])).toEqual([['booking.created', b.id, 'NEW']]);
    expect(Object.keys(events.rows[0].data)).not.toContain('cancel_token_hash');
  });

  it('takes an international number and a session running past midnight (it belongs to the day it starts)', async () => {
    const res = await book(w.ctx, w.shop.id, bookingBody(day(3), '00:30', { phone: '+44 20 7946 0958', pax: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: '+442079460958', session: 'dinner', dateStr: day(3), date: sydney(day(3), '00:30') });
    expect((await book(w.ctx, w.shop.id, bookingBody(day(2), '15:59'))).statusCode).toBe(201);
    expect((await book(w.ctx, w.shop.id, bookingBody(today, '10:30'))).json().session).toBe('breakfast');
    expect((await book(w.ctx, w.shop.id, bookingBody(day(90), '12:00'))).statusCode).toBe(201);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['fewer guests than the minimum', { pax: 1 }, 400, 'Bookings are for 2 to 10 guests.'],
    ['more guests than the maximum', { pax: 11 }, 400, 'Bookings are for 2 to 10 guests.'],
    ['a date in the past', { date: 'yesterday' }, 400, 'That date has passed. Choose a later date.'],
    ['a date beyond the days in advance', { date: 'day91' }, 400, 'Bookings can be made at most 90 days ahead.'],
    ['a time that has passed today', { date: 'today', time: '09:00' }, 400, 'That time has passed. Choose a later time.'],
    ['a phone that is not one', { phone: '12345' }, 400, 'Enter a valid phone number'],
    ['no name', { name: ' ' }, 400, 'Name is required'],
    ['a time that is not HH:mm', { time: '7pm' }, 400, 'should be a time HH:mm'],
    ['a date that does not exist', { date: '2027-02-30' }, 400, 'Date should be a date YYYY-MM-DD'],
    ['a date in year 0020', { date: '0020-02-29' }, 400, 'Date should be a date between 2000 and 2100'],
    ['a fractional number of guests', { pax: 2.5 }, 400, 'should be a whole number'],
  ])('refuses %s', async (_, change, status, message) => {
    const dates: Record<string, string> = { yesterday: day(-1), day91: day(91), today };
    const date = typeof change.date === 'string' ? { date: dates[change.date] ?? change.date } : {};
    const body = bookingBody(day(2), '12:30', { ...change, ...date });
    const res = await book(w.ctx, w.shop.id, body);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
  });

  it('refuses a time outside every open session, the end of a session included', async () => {
    for (const time of ['16:00', '16:30', '11:00', '01:00']) {
      const res = await book(w.ctx, w.shop.id, bookingBody(day(2), time));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: `The shop does not take bookings at ${time} on ${day(2)}. Choose a time in an open breakfast, lunch or dinner session.`,
        code: 'BOOKING_REFUSED',
        errors: { time: expect.any(String) },
      });
    }
  });

  it('refuses a day a closure closes, but not one with special hours', async () => {
    const closed = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/closures`,
      headers: w.owner.headers,
      payload: { date: day(5), note: 'Private event' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const special = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/closures`,
      headers: w.owner.headers,
      payload: { date: day(6), pickup: { open: '09:00', duration: 3 } },
    });
    expect(special.statusCode, special.body).toBe(201);
    const res = await book(w.ctx, w.shop.id, bookingBody(day(5), '12:30'));
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 409, message: `The shop is closed on ${day(5)}.` });
    // The dinner that starts the evening before runs into the closed day: still the day before's session.
    expect((await book(w.ctx, w.shop.id, bookingBody(day(5), '00:30'))).statusCode).toBe(201);
    expect((await book(w.ctx, w.shop.id, bookingBody(day(6), '12:30'))).statusCode).toBe(201);
    // The ordering page's booking form is told the closed day, so it never offers it.
    const page = await w.ctx.app.inject({ method: 'GET', url: `/api/storefront/shops/${w.shop.id}/page` });
    expect(page.json().booking.closedDates).toEqual([day(5)]);
  });

  it('refuses when the shop takes no bookings, and answers 404 for a shop that is not published', async () => {
    await setBookingSettings(w.ctx, w.shop.id, w.owner, { ...settings, on: false });
    const off = await book(w.ctx, w.shop.id, bookingBody(day(2), '12:30'));
    expect({ status: off.statusCode, message: off.json().message }).toEqual({
      status: 409,
      message: 'This shop does not take table bookings.',
    });
    await setBookingSettings(w.ctx, w.shop.id, w.owner, settings);

    const unpublished = await book(w.ctx, w.otherShop.id, bookingBody(day(2), '12:30'));
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().message).toBe(`Cannot find shop with id ${w.otherShop.id}`);
    expect((await book(w.ctx, 'not-a-shop', bookingBody(day(2), '12:30'))).statusCode).toBe(404);
  });
});

describe('the confirmation mail', () => {
  it('goes to the address given, with when, how many and the link to the booking page; a retry sends none', async () => {
    const key = { 'idempotency-key': 'booking-mail-1' };
    const body = bookingBody(day(6), '12:30', { name: 'Mia Mailer', email: '  Mia@Example.com ' });
    const res = await book(w.ctx, w.shop.id, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const { id, cancelToken } = res.json();
    const mail = await w.ctx.mail.waitFor('mia@example.com', /^Your table request at /);
    expect(mail.text).toContain('Thank you, Mia Mailer.');
    expect(mail.text).toContain('Guests: 4 guests');
    expect(mail.text).toContain('12:30 pm');
    expect(mail.links).toContain(`${w.ctx.config.publicUrl}/order/${w.shop.id}/bookings/${id}?token=${encodeURIComponent(cancelToken)}`);
    expect((await book(w.ctx, w.shop.id, body, key)).headers['idempotent-replayed']).toBe('true');
    const { rows } = await w.ctx.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE name = 'Mia Mailer'`);
    expect(rows[0].n).toBe(1);
    expect(w.ctx.mail.for('mia@example.com')).toHaveLength(1);
  });

  it('is not sent for a booking refused, and a malformed address is refused before anything is written', async () => {
    const bad = await book(w.ctx, w.shop.id, bookingBody(day(6), '12:30', { name: 'Nora Nomail', email: 'not-an-address' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'The email entered is invalid' });
    const refused = await book(w.ctx, w.shop.id, bookingBody(day(6), '16:30', { name: 'Nora Nomail', email: 'nora@example.com' }));
    expect(refused.statusCode).toBe(400);
    const { rows } = await w.ctx.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE name = 'Nora Nomail'`);
    expect(rows[0].n).toBe(0);
    expect(w.ctx.mail.for('nora@example.com')).toHaveLength(0);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first booking, without its token again; another body with the key is a 422', async () => {
    const key = { 'idempotency-key': 'booking-retry-1' };
    const body = bookingBody(day(4), '13:00', { name: 'Rita Retry' });
    const first = await book(w.ctx, w.shop.id, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await book(w.ctx, w.shop.id, { ...body }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().cancelToken).toBeUndefined();
    const other = await book(w.ctx, w.shop.id, { ...body, pax: 6 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: 'This Idempotency-Key was already used with a different booking.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const { rows } = await w.ctx.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE name = 'Rita Retry'`);
    expect(rows[0].n).toBe(1);
  });

  it('makes simultaneous retries one booking', async () => {
    const key = { 'idempotency-key': 'booking-race-1' };
    const body = bookingBody(day(4), '13:30', { name: 'Sam Simultaneous' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(w.ctx, w.shop.id, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });
});

describe('capacity per session', () => {
  const limited = bookingSettings({ lunch: { on: true, capacity: 6 } });

  it('counts NEW and ACCEPTED bookings and refuses what would pass it, saying how many seats are left', async () => {
    await setBookingSettings(w.ctx, w.shop.id, w.owner, limited);
    const date = day(10);
    const first = await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { pax: 4 }));
    expect(first.statusCode).toBe(201);
    const over = await book(w.ctx, w.shop.id, bookingBody(date, '15:00', { pax: 4 }));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This lunch session has room for only 2 more guests. Choose fewer guests or another time.');
    expect((await book(w.ctx, w.shop.id, bookingBody(date, '13:00', { pax: 2 }))).statusCode).toBe(201);
    const full = await book(w.ctx, w.shop.id, bookingBody(date, '13:00', { pax: 2 }));
    expect({ status: full.statusCode, message: full.json().message }).toEqual({
      status: 409,
      message: 'This lunch session is fully booked. Choose another time.',
    });
    // Another day's lunch has its own seats; a cancelled booking gives its seats back.
    expect((await book(w.ctx, w.shop.id, bookingBody(day(11), '13:00', { pax: 6 }))).statusCode).toBe(201);
    const cancelled = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/shops/${w.shop.id}/bookings/${first.json().id}/cancel`,
      payload: { cancelToken: first.json().cancelToken },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await book(w.ctx, w.shop.id, bookingBody(date, '14:00', { pax: 4 }))).statusCode).toBe(201);
    await setBookingSettings(w.ctx, w.shop.id, w.owner, settings);
  });

  it('gives the last seats to exactly one of simultaneous requests', async () => {
    await setBookingSettings(w.ctx, w.shop.id, w.owner, bookingSettings({ lunch: { on: true, capacity: 4 } }));
    const date = day(12);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => book(w.ctx, w.shop.id, bookingBody(date, '12:30', { pax: 4, name: `Racer ${i}` }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe('This lunch session is fully booked. Choose another time.');
    const { rows } = await w.ctx.pool.query(
      `SELECT sum(pax)::int AS seats FROM bookings WHERE shop_id = $1 AND session_date = $2 AND session = 'lunch'`,
      [w.shop.id, date],
    );
    expect(rows[0].seats).toBe(4);
    await setBookingSettings(w.ctx, w.shop.id, w.owner, settings);
  });
});

describe("the customer's status check and cancel", () => {
  const url = (id: string, path = '') => `/api/storefront/shops/${w.shop.id}/bookings/${id}${path}`;
  const NOT_FOUND = { message: 'Cannot find a booking with this id and cancel token.', code: 'NOT_FOUND' };

  it('answers the status with the right token, and the same 404 for a wrong token or an unknown booking', async () => {
    const b = (await book(w.ctx, w.shop.id, bookingBody(day(7), '12:30'))).json();
    const status = await w.ctx.app.inject({ url: `${url(b.id)}?cancelToken=${b.cancelToken}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id: b.id, status: 'NEW' });
    expect(status.json().cancelToken).toBeUndefined();
    const atCancel = await w.ctx.app.inject({ url: `${url(b.id, '/cancel')}?cancelToken=${b.cancelToken}` });
    expect(atCancel.json()).toMatchObject({ id: b.id, status: 'NEW' });

    const wrong = await w.ctx.app.inject({ url: `${url(b.id)}?cancelToken=${'x'.repeat(43)}` });
    const unknown = await w.ctx.app.inject({ url: `${url(crypto.randomUUID())}?cancelToken=${b.cancelToken}` });
    expect([wrong.statusCode, wrong.json()]).toEqual([404, NOT_FOUND]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);
    const missing = await w.ctx.app.inject({ url: url(b.id) });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'cancelToken is required']);
  });

  it('cancels with the right token (once), refuses a wrong one without saying whether the booking exists', async () => {
    const b = (await book(w.ctx, w.shop.id, bookingBody(day(7), '13:30'))).json();
    const cancel = (id: string, cancelToken: string) =>
      w.ctx.app.inject({ method: 'POST', url: url(id, '/cancel'), payload: { cancelToken } });
    const wrong = await cancel(b.id, 'y'.repeat(43));
    const unknown = await cancel(crypto.randomUUID(), b.cancelToken);
    expect([wrong.statusCode, wrong.json()]).toEqual([404, NOT_FOUND]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, NOT_FOUND]);

    const done = await cancel(b.id, b.cancelToken);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: b.id, status: 'CANCELLED', rejectReason: null });
    const again = await cancel(b.id, b.cancelToken);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This booking is already CANCELLED and cannot be cancelled.']);
    const { rows } = await w.ctx.pool.query(
      `SELECT type, data->>'status' AS status FROM shop_events WHERE shop_id = $1 AND data->>'id' = $2 ORDER BY seq`,
      [w.shop.id, b.id],
    );
    expect(rows).toEqual([
      { type: 'booking.created', status: 'NEW' },
      { type: 'booking.updated', status: 'CANCELLED' },
    ]);
  });

  it("refuses another shop's booking id at this shop's path as unknown", async () => {
    const b = (await book(w.ctx, w.shop.id, bookingBody(day(7), '14:30'))).json();
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/shops/${w.otherShop.id}/bookings/${b.id}/cancel`,
      payload: { cancelToken: b.cancelToken },
    });
    expect(res.statusCode).toBe(404);
  });
});
