import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { login } from '../../helpers/users';
import { openForOrders } from '../../helpers/orders';
import { accept, place, redeemed, setLoyalty } from '../../helpers/loyalty';
import { orderRange } from '../../../domain/shopRanges';

/*
 * GET /api/shops/{shopId}/loyalty_cards/redeemed and /summary: the range is the shop's (Australia/Sydney) month,
 * newest first with Content-Range; members only.
 */
let w: ShopWorld;
let flatWhite: string;
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
  expect(w.shop.timezone).toBe(ZONE);
  ({ flatWhite } = await openForOrders(w, { flatWhite: { type: 'BASIC', name: 'Flat White', price: 4.5 } }));
  await setLoyalty(w, { count: 1 });
});
afterAll(() => w.ctx.close());

const clock = () => w.ctx.clock;
/** Moves the test clock on to `at` (it only goes forward), and signs the cast in again (their sessions may have expired). */
async function moveTo(at: Date) {
  clock().advance(Math.max(0, at.getTime() - clock().now().getTime()));
  for (const user of [w.owner, w.staff, w.outsider]) Object.assign(user, await login(w.ctx, user.email, user.password));
}

/** One stamp, then the order that redeems it, accepted now: answers that redemption's order id. */
async function redeemNow(mobile: string) {
  const stamped = await place(w, [{ itemId: flatWhite, quantity: 2 }], { mobile });
  await accept(w, stamped.id);
  const redeeming = await place(w, [{ itemId: flatWhite, quantity: 2 }], { mobile });
  expect(redeeming.cart.loyaltyDiscount).toBe(0.9);
  await accept(w, redeeming.id);
  return redeeming.id as string;
}

describe('redeemed loyalty cards', () => {
  it("lists the shop's month in Sydney across its end, newest first, with Content-Range", async () => {
    // The next month boundary in Sydney: midnight on the 1st there is the afternoon before in UTC.
    const local = new TZDate(clock().now().getTime(), ZONE);
    const boundary = new TZDate(local.getFullYear(), local.getMonth() + 1, 1, ZONE);
    const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    const before = new TZDate(boundary.getTime() - 90 * 60_000, ZONE);

    await moveTo(new Date(boundary.getTime() - 2 * 3600_000));
    const early = await redeemNow('0411 000 001');
    await moveTo(new Date(boundary.getTime() - 30 * 60_000));
    const late = await redeemNow('0411 000 002');
    await moveTo(new Date(boundary.getTime() + 30 * 60_000));
    const next = await redeemNow('0411 000 003');

    const thisMonth = orderRange('CUSTOM', clock().now(), ZONE, month(before));
    const res = await redeemed(w, { redeemedTime_gte: thisMonth.gte, redeemedTime_lte: thisMonth.lte });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('loyalty_cards 0-1/2');
    expect(res.json().map((r: { orderId: string }) => r.orderId)).toEqual([late, early]);
    expect(res.json()[0]).toMatchObject({ mobile: '+61411000002', amount: 0.9, rewards: [{ grandTotal: 9, amount: 0.9 }] });

    const nextMonth = orderRange('CUSTOM', clock().now(), ZONE, month(boundary));
    const after = await redeemed(w, { redeemedTime_gte: nextMonth.gte, redeemedTime_lte: nextMonth.lte });
    expect(after.json().map((r: { orderId: string }) => r.orderId)).toEqual([next]);

    const page = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/loyalty_cards/redeemed?range=${encodeURIComponent('[1,1]')}`,
      headers: w.owner.headers,
    });
    expect(page.headers['content-range']).toBe('loyalty_cards 1-1/3');
    expect(page.json().map((r: { orderId: string }) => r.orderId)).toEqual([late]);
    const past = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/loyalty_cards/redeemed?range=${encodeURIComponent('[20,39]')}`,
      headers: w.owner.headers,
    });
    expect([past.json(), past.headers['content-range']]).toEqual([[], 'loyalty_cards */3']);
  });

  it('refuses a bad range, anonymous (401) and members of another shop (404)', async () => {
    const bad = await redeemed(w, { redeemedTime_gte: 'last tuesday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'filter.redeemedTime_gte': 'redeemedTime_gte should be an ISO date and time' });
    const far = await redeemed(w, { redeemedTime_lte: '2101-01-01T00:00:00Z' });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual({ 'filter.redeemedTime_lte': 'redeemedTime_lte should be a date between 2000 and 2100' });
    for (const path of ['redeemed', 'summary']) {
      const url = `/api/shops/${w.shop.id}/loyalty_cards/${path}`;
      expect((await w.ctx.app.inject({ url })).statusCode).toBe(401);
      expect((await w.ctx.app.inject({ url, headers: w.outsider.headers })).statusCode).toBe(404);
      expect((await w.ctx.app.inject({ url, headers: w.staff.headers })).statusCode).toBe(200);
    }
  });
});

describe('the program at a glance', () => {
  it('counts customers holding stamps, full cards, and what the shop owes', async () => {
    await setLoyalty(w, { count: 2, type: 'AMOUNT', amount: 5 });
    const full = await place(w, [{ itemId: flatWhite, quantity: 1 }], { mobile: '0411 000 010' });
    await accept(w, full.id);
    await accept(w, (await place(w, [{ itemId: flatWhite, quantity: 1 }], { mobile: '0411 000 010' })).id);
    await accept(w, (await place(w, [{ itemId: flatWhite, quantity: 1 }], { mobile: '0411 000 011' })).id);
    const res = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/loyalty_cards/summary`, headers: w.staff.headers });
    expect(res.json()).toEqual({ enabled: true, count: 2, customersWithStamps: 2, fullCards: 1, owed: 5 });
  });
});
