import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';

/*
 * POST /api/storefront/shops/{shopId}/orders: what a customer may order (what the storefront menu offers), how far
 * ahead and on which days, how large a total, which toppings, which mobile numbers; and coupons limited per customer
 * under simultaneous orders. Each refusal with its exact status and message.
 */
let w: ShopWorld;
let ids: Record<'latte' | 'cake' | 'staffMeal' | 'banquet' | 'margherita' | 'pizzaDeal', string>;

const PIZZA = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [{ name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 1 }],
  toppings: [{ name: 'Olives', prices: { Large: 1.5 } }],
};
const ZONE = 'Australia/Sydney';

beforeAll(async () => {
  w = await shopWorld();
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/pizza`, PIZZA);
  const items = {
    latte: { type: 'BASIC', name: 'Latte', price: 4.5 },
    cake: { type: 'BASIC', name: 'Cake', price: 5.99 },
    staffMeal: { type: 'BASIC', name: 'Staff Meal', price: 1 },
    banquet: { type: 'BASIC', name: 'Banquet', price: 1_000_000 },
    margherita: { type: 'PIZZA', name: 'Margherita', description: 'Classic', sizes: { Large: { price: 18, hasHalfAndHalf: true } } },
  };
  const first = await openForOrders(w, items, { offMenu: ['staffMeal'] });
  const deal = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/items`,
    headers: w.owner.headers,
    payload: {
      type: 'DEAL',
      name: 'Pizza Deal',
      price: 25,
      dealPizzas: [{ size: 'Large', qty: 1, pizzas: { [first.margherita]: { extraCharge: 0 } } }],
    },
  });
  expect(deal.statusCode, deal.body).toBe(201);
  ids = { ...first, pizzaDeal: deal.json().id };
  await ownerPut(w, `/api/shops/${w.shop.id}/menu`, {
    categories: [{ name: 'Everything', itemIds: [ids.latte, ids.cake, ids.banquet, ids.margherita, ids.pizzaDeal] }],
  });
});
afterAll(async () => {
  await w.ctx.close();
});

const refusal = async (payload: object) => {
  const res = await placeOrder(w, payload);
  return { status: res.statusCode, message: res.json().message as string };
};
const menuItemNames = async () => {
  const res = await w.ctx.app.inject({ url: `/api/storefront/shops/${w.shop.id}/menu` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().categories as { items: { name: string }[] }[]).flatMap((c) => c.items.map((i) => i.name));
};
const margheritaLine = (over: object = {}) => ({ itemId: ids.margherita, quantity: 1, size: 'Large', ...over });
const dealLine = () => ({ itemId: ids.pizzaDeal, quantity: 1, dealPizzas: [{ pizzaIds: [ids.margherita] }] });
/** Noon in the shop's zone `days` after today there, and that date. */
const shopNoon = (days: number) => {
  const today = new TZDate(w.ctx.clock.now().getTime(), ZONE);
  const noon = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, 0, 0, ZONE);
  const date = `${noon.getFullYear()}-${String(noon.getMonth() + 1).padStart(2, '0')}-${String(noon.getDate()).padStart(2, '0')}`;
  return { at: new Date(noon.getTime()).toISOString(), date };
};

describe('what a customer can order is what the storefront menu offers', () => {
  it('refuses an item of the shop that is on no menu category (409), as the menu leaves it out', async () => {
    expect(await menuItemNames()).not.toContain('Staff Meal');
    expect(await refusal(cashPickup([{ itemId: ids.staffMeal, quantity: 1 }]))).toEqual({
      status: 409,
      message: 'Staff Meal is not on the menu.',
    });
    expect((await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }]))).statusCode).toBe(201);
  });

  it('refuses pizzas and pizza deals while pizza settings are off (409), as the menu shows none; takes them once back on', async () => {
    expect((await placeOrder(w, cashPickup([margheritaLine(), dealLine()]))).statusCode).toBe(201);
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/pizza`, { ...PIZZA, active: false });
    try {
      expect(await menuItemNames()).toEqual(['Latte', 'Cake', 'Banquet']);
      expect(await refusal(cashPickup([margheritaLine()]))).toEqual({
        status: 409,
        message: 'Margherita is not available: this shop does not offer pizzas right now.',
      });
      expect(await refusal(cashPickup([dealLine()]))).toEqual({
        status: 409,
        message: 'Pizza Deal is not available: this shop does not offer pizzas right now.',
      });
    } finally {
      await ownerPut(w, `/api/shops/${w.shop.id}/settings/pizza`, PIZZA);
    }
    expect((await placeOrder(w, cashPickup([margheritaLine()]))).statusCode).toBe(201);
  });
});

describe('ordering ahead', () => {
  /** Runs `check` with checkout's collection time CUSTOM (and `over`), then puts checkout back. */
  const withCustomTimes = async (over: object, check: () => Promise<void>) => {
    const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/checkout`, { ...checkout, collectionTime: 'CUSTOM', ...over });
    try {
      await check();
    } finally {
      await ownerPut(w, `/api/shops/${w.shop.id}/settings/checkout`, checkout);
    }
  };
  const cakeAt = (at: string) => cashPickup([{ itemId: ids.cake, quantity: 1 }], { collectionTime: at });

  it('refuses a collection time in year 0020 with 400 naming collectionTime, and stores nothing', async () => {
    const count = async () => (await w.ctx.pool.query('SELECT count(*)::int AS n FROM orders WHERE shop_id = $1', [w.shop.id])).rows[0].n;
    const before = await count();
    const res = await placeOrder(w, cakeAt('0020-02-29T12:00:00Z'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ collectionTime: 'collectionTime should be a date between 2000 and 2100' });
    expect(await count()).toBe(before);
  });

  it('reads the closures of the date asked for, not only those around today', async () => {
    await withCustomTimes({}, async () => {
      const holiday = shopNoon(6);
      const closed = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${w.shop.id}/closures`,
        headers: w.owner.headers,
        payload: { date: holiday.date, note: 'Public holiday' },
      });
      expect(closed.statusCode, closed.body).toBe(201);
      expect(await refusal(cakeAt(holiday.at))).toEqual({ status: 409, message: 'The shop is not open for pickup at that time.' });
      const before = await placeOrder(w, cakeAt(shopNoon(5).at));
      expect(before.statusCode, before.body).toBe(201);
    });
  });

  it("refuses a custom time past the shop's days ahead (7 unless set), and takes one on the last day", async () => {
    const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
    expect(checkout.maxDaysAhead).toBe(7);
    await withCustomTimes({}, async () => {
      const tooFar = { status: 409, message: 'Orders can be placed at most 7 days ahead.' };
      expect(await refusal(cakeAt('2099-12-24T01:00:00Z'))).toEqual(tooFar);
      expect(await refusal(cakeAt(shopNoon(8).at))).toEqual(tooFar);
      expect((await placeOrder(w, cakeAt(shopNoon(7).at))).statusCode).toBe(201);
    });
    await withCustomTimes({ maxDaysAhead: 30 }, async () => {
      expect((await placeOrder(w, cakeAt(shopNoon(20).at))).statusCode).toBe(201);
      expect(await refusal(cakeAt(shopNoon(31).at))).toEqual({ status: 409, message: 'Orders can be placed at most 30 days ahead.' });
    });
  });

  it("refuses a time off the shop's 15-minute slots with the two nearest, and toppings on an item that is not a pizza", async () => {
    await withCustomTimes({}, async () => {
      const offSlot = new Date(Date.parse(shopNoon(1).at) + 7 * 60_000).toISOString();
      const res = await placeOrder(w, cakeAt(offSlot));
      const message = 'Collection time should be on a 15-minute slot: 12:00 pm or 12:15 pm';
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 400,
        body: { message, errors: { collectionTime: message } },
      });
      const topped = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1, addToppings: ['Olives'] }]));
      expect({ status: topped.statusCode, body: topped.json() }).toMatchObject({
        status: 400,
        body: { errors: { 'items.0.addToppings': 'Cake: Sizes and toppings are only for pizzas' } },
      });
    });
  });

  it('keeps max days ahead between 1 and 90 whole days', async () => {
    const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
    for (const [value, message] of [
      [0, 'should be at least 1'],
      [91, 'should not be larger than 90'],
      [2.5, 'should be a whole number'],
    ] as const) {
      const res = await w.ctx.app.inject({
        method: 'PUT',
        url: `/api/shops/${w.shop.id}/settings/checkout`,
        headers: w.owner.headers,
        payload: { ...checkout, maxDaysAhead: value },
      });
      expect([res.statusCode, res.json().errors?.maxDaysAhead]).toEqual([400, message]);
    }
  });
});

describe('totals', () => {
  it("refuses a total past the card provider's maximum with a 409, cash or card, however far past", async () => {
    const tooMuch = { status: 409, message: 'The order total cannot be more than $999,999.99.' };
    expect(await refusal(cashPickup([{ itemId: ids.banquet, quantity: 1 }]))).toEqual(tooMuch);
    expect(
      await refusal(cashPickup([{ itemId: ids.banquet, quantity: 1 }], { paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' })),
    ).toEqual(tooMuch);
    // Past PostgreSQL's integer columns too.
    expect(await refusal(cashPickup(Array.from({ length: 50 }, () => ({ itemId: ids.banquet, quantity: 99 }))))).toEqual(tooMuch);
    const stored = await w.ctx.pool.query(
      "SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND cart->'items'->0->>'name' = 'Banquet'",
      [w.shop.id],
    );
    expect(stored.rows[0].n).toBe(0);
  });
});

describe('toppings', () => {
  it('refuses a topping twice on a pizza or a half, like a choice twice', async () => {
    expect(await refusal(cashPickup([margheritaLine({ addToppings: ['Olives', 'Olives'] })]))).toEqual({
      status: 400,
      message: 'Margherita: Choose each topping once',
    });
    expect(await refusal(cashPickup([margheritaLine({ halves: [{ addToppings: ['Olives', 'Olives'] }, {}] })]))).toEqual({
      status: 400,
      message: 'Margherita: Choose each topping once',
    });
  });

  it('refuses toppings for the whole pizza sent beside its halves instead of dropping them', async () => {
    const res = await placeOrder(w, cashPickup([margheritaLine({ addToppings: ['Olives'], halves: [{}, {}] })]));
    expect([res.statusCode, res.json().message, res.json().errors]).toEqual([
      400,
      'Margherita: choose toppings on each half, not on the whole pizza',
      { 'items.0.addToppings': 'Margherita: choose toppings on each half, not on the whole pizza' },
    ]);
    const halves = await placeOrder(w, cashPickup([margheritaLine({ halves: [{ addToppings: ['Olives'] }, {}] })]));
    expect(halves.statusCode, halves.body).toBe(201);
  });
});

describe('mobile numbers', () => {
  it('refuses a mobile of fewer than 6 digits once separators are removed', async () => {
    for (const mobile of ['------', '(((  )))', '+1 2-3 4-5']) {
      const res = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile }));
      expect([res.statusCode, res.json().errors]).toEqual([400, { mobile: 'Mobile should be a phone number' }]);
    }
    const ok = await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '+61 (400) 000-009' }));
    expect([ok.statusCode, ok.json().mobile]).toEqual([201, '+61400000009']);
  });
});

describe('coupons limited per customer, under simultaneous orders', () => {
  const coupon = async (payload: object) => {
    const today = shopNoon(0).date;
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/promotions`,
      headers: w.owner.headers,
      payload: {
        description: 'Two dollars off',
        startDate: today,
        endDate: shopNoon(30).date,
        type: 'FLAT_AMOUNT_DISCOUNT',
        flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 2 },
        ...payload,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const race = (code: string, mobile: string) =>
    Promise.all(Array.from({ length: 20 }, () => placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { coupon: code, mobile }))));

  it('gives a first-order coupon once to 20 simultaneous first orders from one mobile; the others are refused with its reason', async () => {
    await coupon({ coupon: 'FIRST2', firstOrderDiscount: true, maxRedeems: 1 });
    const answers = await race('FIRST2', '0411 111 111');
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed.map((a) => a.json().cart.discount)).toEqual([2]);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(new Set(refused.map((a) => `${a.statusCode} ${a.json().message}`))).toEqual(
      new Set(['409 Coupon FIRST2 does not apply: This coupon is for first orders only']),
    );
    const stored = await w.ctx.pool.query('SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND mobile = $2', [
      w.shop.id,
      '+61411111111',
    ]);
    expect(stored.rows[0].n).toBe(1);
  });

  it('redeems a single-use coupon once from 20 simultaneous orders of one mobile, by card too', async () => {
    await coupon({ coupon: 'ONCE2', maxRedeems: 1 });
    expect((await placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '0422 222 222' }))).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(
          w,
          cashPickup([{ itemId: ids.cake, quantity: 1 }], {
            coupon: 'ONCE2',
            mobile: '0422 222 222',
            ...(i % 2 ? { paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' } : {}),
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201).map((a) => a.json().cart.discount)).toEqual([2]);
    expect(new Set(answers.filter((a) => a.statusCode !== 201).map((a) => `${a.statusCode} ${a.json().message}`))).toEqual(
      new Set(['409 Coupon ONCE2 does not apply: This coupon has already been redeemed']),
    );
  });

  describe('one customer however the mobile is written', () => {
    const SPELLINGS = ['0454630000', '+61 454630000', '0061 454630000', '61 454630000'];
    const withCoupon = (code: string, mobile: string) =>
      placeOrder(w, cashPickup([{ itemId: ids.cake, quantity: 1 }], { coupon: code, mobile }));

    it('gives a first-order coupon once across the national, international, 00 and bare country-code spellings', async () => {
      await coupon({ coupon: 'FIRSTONE', firstOrderDiscount: true, maxRedeems: 1 });
      const answers = [];
      for (const mobile of SPELLINGS) answers.push(await withCoupon('FIRSTONE', mobile));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 409, 409, 409]);
      expect(answers[1].json().message).toBe('Coupon FIRSTONE does not apply: This coupon is for first orders only');
      expect(answers[0].json().mobile).toBe('+61454630000');
    });

    it('counts the redeems of a coupon limited per customer across the spellings', async () => {
      await coupon({ coupon: 'TWICEMAX', maxRedeems: 2 });
      const mobiles = ['0455 000 111', '+61455000111', '0061455000111', '61455000111'];
      const answers = [];
      for (const mobile of mobiles) answers.push(await withCoupon('TWICEMAX', mobile));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 409, 409]);
      expect(answers[2].json().message).toBe('Coupon TWICEMAX does not apply: This coupon has already been redeemed');
      const stored = await w.ctx.pool.query('SELECT DISTINCT mobile FROM orders WHERE shop_id = $1 AND mobile LIKE $2', [
        w.shop.id,
        '%455000111',
      ]);
      expect(stored.rows).toEqual([{ mobile: '+61455000111' }]);
    });

    it('finds the orders in the history by the national and the international spelling', async () => {
      const placed = await placeOrder(
        w,
        cashPickup([{ itemId: ids.cake, quantity: 1 }], { mobile: '0061 456 789 012', customerName: 'Mo Bile' }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      for (const q of ['0456789012', '+61456789012', '0061 456 789 012', '61456789012', '789 012']) {
        const res = await w.ctx.app.inject({
          url: `/api/shops/${w.shop.id}/orders?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
          headers: w.owner.headers,
        });
        expect({ q, names: res.json().map((o: { customerName: string }) => o.customerName) }).toEqual({ q, names: ['Mo Bile'] });
      }
    });
  });
});
