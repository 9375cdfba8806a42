import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { expectRetryAfter, ipSource, LIMITED } from '../../helpers/rateLimits';
import { book, bookingBody, bookingSettings, setBookingSettings, shopDay } from '../../helpers/bookings';

/*
 * The limits of POST /api/storefront/shops/{shopId}/bookings: per IP, counting every attempt at a published shop; per phone, counting
 * only requests the booking rules accept, so nobody can lock a customer out with bookings the shop refuses.
 */
let w: ShopWorld;
const nextIp = ipSource(121);
const PER_IP = 5;
const PER_PHONE = 2;
const WINDOW = 60;
let date: string;

beforeAll(async () => {
  w = await shopWorld({
    env: { RATE_LIMIT_PER_IP: String(PER_IP), RATE_LIMIT_PER_ACCOUNT: String(PER_PHONE), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) },
  });
  await publish(w.ctx, w.shop.id);
  await setBookingSettings(w.ctx, w.shop.id, w.owner, bookingSettings({ lunch: { on: true, open: '00:00', duration: 24 } }));
  date = shopDay(w.ctx, 'Australia/Sydney', 3);
});
afterAll(() => w.ctx.close());

describe('booking limits', () => {
  it('limits a phone to its bookings per window, refused requests not counted, whichever way the number is written', async () => {
    const phone = '0400 333 444';
    for (let i = 0; i < 3; i++) {
      const refused = await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { phone, pax: 50 }), {}, nextIp());
      expect(refused.statusCode).toBe(400);
    }
    for (let i = 0; i < PER_PHONE; i++) {
      const res = await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { phone: i ? '+61400333444' : phone }), {}, nextIp());
      expect(res.statusCode, res.body).toBe(201);
    }
    const limited = await book(w.ctx, w.shop.id, bookingBody(date, '13:00', { phone: '0400333444' }), {}, nextIp());
    expect([limited.statusCode, limited.json()]).toEqual([429, LIMITED]);
    expectRetryAfter(limited, WINDOW);
    // Another phone from the same addresses is not limited.
    expect((await book(w.ctx, w.shop.id, bookingBody(date, '13:00', { phone: '0400 999 888' }), {}, nextIp())).statusCode).toBe(201);
  });

  it('limits one address, refused requests included', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { pax: 50 }), {}, ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { phone: '0400 111 000' }), {}, ip);
    expect([limited.statusCode, limited.json()]).toEqual([429, LIMITED]);
    expectRetryAfter(limited, WINDOW);
    expect((await book(w.ctx, w.shop.id, bookingBody(date, '12:00', { phone: '0400 111 000' }), {}, nextIp())).statusCode).toBe(201);
  });
});
