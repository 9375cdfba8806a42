import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openForOrders, placeOrder, cashPickup } from '../../helpers/orders';
import { accept, detail, place, redeemed, reject, setLoyalty, summary } from '../../helpers/loyalty';
import { addDays, localDate } from '../../../domain/hours';

/*
 * The loyalty rules through the customers' API and the console's order actions: stamps on ACCEPTED, the reward
 * priced with the order, restarting the card, discounted orders and exclusive coupons, and reversals.
 */
let w: ShopWorld;
let ids: Record<'flatWhite' | 'special' | 'cake', string>;
const two = () => [{ itemId: ids.flatWhite, quantity: 2 }];

beforeAll(async () => {
  w = await shopWorld();
  ids = await openForOrders(w, {
    flatWhite: { type: 'BASIC', name: 'Flat White', price: 4.5 },
    special: { type: 'BASIC', name: 'Special', price: 9, discounted: true },
    cake: { type: 'BASIC', name: 'Cake', price: 3 },
  });
  await ownerPut(`/api/shops/${w.shop.id}/settings/checkout`, { hasCoupons: true });
});
afterAll(() => w.ctx.close());

async function ownerPut(url: string, part: object) {
  const current = await w.ctx.app.inject({ url, headers: w.owner.headers });
  const res = await w.ctx.app.inject({ method: 'PUT', url, headers: w.owner.headers, payload: { ...(current.json() as object), ...part } });
  expect(res.statusCode, res.body).toBe(200);
}

async function coupon(code: string, over: Record<string, unknown> = {}) {
  const today = localDate(w.ctx.clock.now(), w.shop.timezone);
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/promotions`,
    headers: w.owner.headers,
    payload: {
      coupon: code,
      description: 'One dollar off',
      startDate: addDays(today, -1),
      endDate: addDays(today, 30),
      type: 'FLAT_AMOUNT_DISCOUNT',
      flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 1 },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** `n` accepted orders of 9.00 from `mobile`. */
async function stamps(mobile: string, n: number) {
  const orders = [];
  for (let i = 0; i < n; i++) {
    const o = await place(w, two(), { mobile });
    orders.push(await accept(w, o.id));
  }
  return orders;
}

describe('with the program off', () => {
  it('prices no reward, answers no card, and accepting writes no stamp', async () => {
    const o = await place(w, two(), { mobile: '0400 100 000' });
    expect(o.cart.loyaltyDiscount).toBe(0);
    expect(o.loyalty).toBeUndefined();
    await accept(w, o.id);
    expect((await detail(w, o.id)).loyalty).toBeNull();
    expect(await summary(w)).toEqual({ enabled: false, count: 7, customersWithStamps: 0, fullCards: 0, owed: 0 });
  });
});

describe('stamps and the reward', () => {
  it('count 2, 10 %: two accepted orders of 9.00, then the next order of 9.00 costs 7.20 and restarts the card', async () => {
    await setLoyalty(w, { count: 2, type: 'PERCENTAGE', percentage: 10 });
    const mobile = '0400 200 000';
    const first = await place(w, two(), { mobile });
    expect(first.loyalty).toEqual({ stamps: 0, count: 2, rewardApplied: false });
    const accepted = await accept(w, first.id);
    expect(accepted.loyalty).toEqual({ effect: 'STAMP', amount: 0.9, stamps: 1, count: 2, rewardReady: false });
    const [second] = await stamps(mobile, 1);
    expect(second.loyalty).toMatchObject({ effect: 'STAMP', stamps: 2, rewardReady: true });
    expect(await summary(w)).toMatchObject({ enabled: true, count: 2, fullCards: 1, owed: 1.8 });

    const third = await place(w, two(), { mobile: '+61400200000' });
    expect(third.cart).toMatchObject({ subtotal: 9, loyaltyDiscount: 1.8, grandTotal: 7.2 });
    expect(third.grandTotal).toBe(7.2);
    expect(third.loyalty).toEqual({ stamps: 0, count: 2, rewardApplied: true });
    expect((await detail(w, third.id)).loyalty).toEqual({ effect: 'REDEEM', amount: 1.8, stamps: 0, count: 2, rewardReady: false });
    const list = await w.ctx.app.inject({
      url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent(JSON.stringify({ id: [first.id, third.id] }))}`,
      headers: w.staff.headers,
    });
    expect(list.json().map((o: { id: string; loyalty: { effect: string } }) => [o.id, o.loyalty.effect])).toEqual([
      [third.id, 'REDEEM'],
      [first.id, 'STAMP'],
    ]);

    // The reward is held by the third order: a fourth placed meanwhile pays in full.
    const fourth = await place(w, two(), { mobile });
    expect(fourth.cart.loyaltyDiscount).toBe(0);

    expect((await redeemed(w)).json()).toEqual([]);
    await accept(w, third.id);
    expect((await redeemed(w)).json()).toEqual([
      {
        id: expect.any(String),
        redeemedTime: expect.any(String),
        mobile: '+61400200000',
        orderId: third.id,
        amount: 1.8,
        rewards: [
          { orderId: first.id, orderTime: first.placedAt, grandTotal: 9, amount: 0.9 },
          { orderId: second.id, orderTime: second.placedAt, grandTotal: 9, amount: 0.9 },
        ],
      },
    ]);
    // The card started again: the fourth order is its first stamp.
    expect((await accept(w, fourth.id)).loyalty).toMatchObject({ effect: 'STAMP', stamps: 1, rewardReady: false });
    expect(await summary(w)).toMatchObject({ customersWithStamps: 1, fullCards: 0, owed: 0 });
  });

  it('AMOUNT: 10.00 over 3 stamps is 3.34 + 3.33 + 3.33, capped at what the order costs before delivery', async () => {
    await setLoyalty(w, { count: 3, type: 'AMOUNT', amount: 10 });
    const mobile = '0400 300 000';
    const earned = await stamps(mobile, 3);
    expect(earned.map((o) => o.loyalty.amount)).toEqual([3.34, 3.33, 3.33]);
    expect(await summary(w)).toMatchObject({ fullCards: 1, owed: 10 });
    const cheap = await place(w, [{ itemId: ids.cake, quantity: 1 }], { mobile });
    expect(cheap.cart).toMatchObject({ subtotal: 3, loyaltyDiscount: 3, grandTotal: 0 });
    expect((await detail(w, cheap.id)).loyalty).toMatchObject({ effect: 'REDEEM', amount: 10 });
  });
});

describe('discounted orders and coupons', () => {
  it('with noLoyaltyOnDiscountedOrders, a coupon or a discounted item neither earns a stamp nor redeems', async () => {
    await setLoyalty(w, { count: 1, noLoyaltyOnDiscountedOrders: true });
    await coupon('DOLLAR');
    const mobile = '0400 400 000';
    const withCoupon = await place(w, two(), { mobile, coupon: 'DOLLAR' });
    expect((await accept(w, withCoupon.id)).loyalty).toEqual({ effect: null, amount: 0, stamps: 0, count: 1, rewardReady: false });
    const withSpecial = await place(w, [{ itemId: ids.special, quantity: 1 }], { mobile });
    expect((await accept(w, withSpecial.id)).loyalty).toMatchObject({ effect: null, stamps: 0 });
    await stamps(mobile, 1);
    // The card is full; the discounted order does not take the reward, the next plain one does.
    const waits = await place(w, two(), { mobile, coupon: 'DOLLAR' });
    expect(waits.cart).toMatchObject({ discount: 1, loyaltyDiscount: 0, grandTotal: 8 });
    expect(waits.loyalty).toEqual({ stamps: 1, count: 1, rewardApplied: false });
    const gets = await place(w, two(), { mobile });
    expect(gets.cart).toMatchObject({ loyaltyDiscount: 0.9, grandTotal: 8.1 });
  });

  it('without it the reward combines with a coupon, but never with an exclusive one (the reward waits)', async () => {
    await setLoyalty(w, { count: 1, noLoyaltyOnDiscountedOrders: false });
    await coupon('ONLYME', { exclusive: true });
    const mobile = '0400 500 000';
    await stamps(mobile, 1);
    const exclusive = await place(w, two(), { mobile, coupon: 'ONLYME' });
    expect(exclusive.cart).toMatchObject({ discount: 1, loyaltyDiscount: 0, grandTotal: 8 });
    // It takes part in the program, so it earns a stamp of its own: 10 % of 8.00.
    expect((await accept(w, exclusive.id)).loyalty).toMatchObject({ effect: 'STAMP', amount: 0.8, stamps: 2 });
    const combined = await place(w, two(), { mobile, coupon: 'DOLLAR' });
    expect(combined.cart).toMatchObject({ discount: 1, loyaltyDiscount: 0.9, grandTotal: 7.1 });
  });
});

describe('taking back', () => {
  it('a rejected stamped order loses its stamp', async () => {
    await setLoyalty(w, { count: 2 });
    const mobile = '0400 600 000';
    const [o] = await stamps(mobile, 1);
    expect((await reject(w, o.id)).loyalty).toEqual({ effect: null, amount: 0, stamps: 0, count: 2, rewardReady: false });
    await stamps(mobile, 1);
    expect((await place(w, two(), { mobile })).cart.loyaltyDiscount).toBe(0);
  });

  it('a rejected redeeming order gives the reward back, before or after it was accepted', async () => {
    await setLoyalty(w, { count: 2 });
    const mobile = '0400 700 000';
    await stamps(mobile, 2);
    const first = await place(w, two(), { mobile });
    expect(first.cart.loyaltyDiscount).toBe(1.8);
    await reject(w, first.id);
    const second = await place(w, two(), { mobile });
    expect(second.cart.loyaltyDiscount).toBe(1.8);
    await accept(w, second.id);
    const before = (await redeemed(w)).json().filter((r: { orderId: string }) => r.orderId === second.id);
    expect(before).toHaveLength(1);
    expect((await reject(w, second.id)).loyalty).toMatchObject({ effect: null, stamps: 2, rewardReady: true });
    expect((await redeemed(w)).json().filter((r: { orderId: string }) => r.orderId === second.id)).toEqual([]);
    expect((await place(w, two(), { mobile })).cart.loyaltyDiscount).toBe(1.8);
  });
});

describe('card payments and retries', () => {
  it('charges the card the price after the reward; a declined card keeps the reward on the card; a retry answers the card', async () => {
    await setLoyalty(w, { count: 1 });
    const mobile = '0400 950 000';
    await stamps(mobile, 1);
    const card = { paymentType: 'CREDIT_CARD', mobile };
    const declined = await placeOrder(w, cashPickup(two(), { ...card, paymentToken: 'tok_chargeDeclined' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().order.loyalty).toEqual({ stamps: 1, count: 1, rewardApplied: false });
    const headers = { 'idempotency-key': 'loyal-card-1' };
    const paid = await placeOrder(w, cashPickup(two(), { ...card, paymentToken: 'tok_visa' }), { headers });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ paymentStatus: 'PAID', grandTotal: 8.1, cart: { loyaltyDiscount: 0.9 } });
    expect(paid.json().loyalty).toEqual({ stamps: 0, count: 1, rewardApplied: true });
    const again = await placeOrder(w, cashPickup(two(), { ...card, paymentToken: 'tok_visa' }), { headers });
    expect([again.headers['idempotent-replayed'], again.json().id, again.json().loyalty]).toEqual([
      'true',
      paid.json().id,
      { stamps: 0, count: 1, rewardApplied: true },
    ]);
  });
});

describe('exactly once', () => {
  it('ten accepts of one order at once: one stamp, nine 409s', async () => {
    await setLoyalty(w, { count: 5 });
    const o = await place(w, two(), { mobile: '0400 800 000' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.ctx.app.inject({
          method: 'POST',
          url: `/api/cafes/${w.shop.id}/orders/${o.id}/accept`,
          headers: w.staff.headers,
          payload: { eta: null },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await detail(w, o.id)).loyalty).toMatchObject({ effect: 'STAMP', stamps: 1 });
    const rows = await w.ctx.db.execute(sql`SELECT kind FROM loyalty_ledger WHERE order_id = ${o.id}`);
    expect(rows.rows).toEqual([{ kind: 'STAMP' }]);
  });

  it('orders placed at the same moment from a full card: one gets the reward', async () => {
    await setLoyalty(w, { count: 1 });
    const mobile = '0400 900 000';
    await stamps(mobile, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeOrder(w, cashPickup(two(), { mobile }))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const discounts = answers.map((r) => r.json().cart.loyaltyDiscount).sort();
    expect(discounts).toEqual([0, 0, 0, 0, 0, 0.9]);
  });
});
