import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { expectRetryAfter, ipSource, LIMITED } from '../../helpers/rateLimits';
import { accept, setLoyalty } from '../../helpers/loyalty';

/*
 * POST /api/storefront/shops/{shopId}/quote: a customer's cart priced before checkout by the engine that places
 * orders. Each quote is checked against placing the same cart: the same figures, or the same refusal. The shop sells
 * a latte (milk choice), a cake, a banquet (too dear to order), two pizzas (half and half, toppings), delivers to one
 * suburb, surcharges cards and has a coupon.
 */
let w: ShopWorld;
let ids: Record<'latte' | 'cake' | 'banquet' | 'margherita' | 'hawaiian', string>;
const nextIp = ipSource(163);
const PER_IP = 5;
const ZONE = 'Australia/Sydney';
const PIZZA = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [
    { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
    { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 1 },
  ],
  toppings: [
    { name: 'Olives', prices: { Small: 1, Large: 1.5 } },
    { name: 'Ham', prices: { Small: 1.25, Large: 2.25 } },
  ],
};
const NEWTOWN = { line1: '1 King St', suburb: 'Newtown', postcode: '2042' };

/** Noon in the shop's zone `days` after today there, and that date. */
const shopNoon = (days: number) => {
  const today = new TZDate(w.ctx.clock.now().getTime(), ZONE);
  const noon = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, 0, 0, ZONE);
  const date = `${noon.getFullYear()}-${String(noon.getMonth() + 1).padStart(2, '0')}-${String(noon.getDate()).padStart(2, '0')}`;
  return { at: new Date(noon.getTime()).toISOString(), date };
};

beforeAll(async () => {
  w = await shopWorld({ env: { RATE_LIMIT_PER_IP: String(PER_IP) } });
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/pizza`, PIZZA);
  const pizza = (name: string) => ({
    type: 'PIZZA',
    name,
    description: 'Wood fired',
    sizes: { Small: { price: 12, hasHalfAndHalf: false }, Large: { price: name === 'Hawaiian' ? 19 : 18, hasHalfAndHalf: true } },
  });
  const milk = {
    name: 'Milk',
    multiple: false,
    optional: false,
    values: [
      { name: 'Full', extraCharge: 0 },
      { name: 'Oat', extraCharge: 0.8 },
    ],
  };
  ids = await openForOrders(w, {
    latte: { type: 'BASIC', name: 'Latte', price: 4.5, attributes: [milk] },
    cake: { type: 'BASIC', name: 'Cake', price: 5.99 },
    banquet: { type: 'BASIC', name: 'Banquet', price: 1_000_000 },
    margherita: pizza('Margherita'),
    hawaiian: pizza('Hawaiian'),
  });
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/delivery`, {
    minOrderValue: 10,
    suburbs: [{ ...NEWTOWN, name: 'Newtown', deliveryCharges: 5 }],
  });
  const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
  await ownerPut(w, `/api/shops/${w.shop.id}/settings/checkout`, {
    ...checkout,
    creditCardSurchargeEnabled: true,
    creditCardSurchargeAmount: 0.3,
    creditCardSurchargePercentage: 1.5,
    creditCardSurchargeMinimumOrderValue: 0,
  });
  await coupon('SAVE3', { endDate: shopNoon(3).date });
});
afterAll(async () => {
  w.ctx.clock.reset();
  await w.ctx.close();
});

async function coupon(code: string, over: object = {}) {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/promotions`,
    headers: w.owner.headers,
    payload: {
      coupon: code,
      description: 'Three dollars off',
      startDate: shopNoon(0).date,
      endDate: shopNoon(30).date,
      type: 'FLAT_AMOUNT_DISCOUNT',
      flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 3 },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const quote = (payload: object, opts: { shopId?: string; remoteAddress?: string } = {}) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api/storefront/shops/${opts.shopId ?? w.shop.id}/quote`,
    payload,
    remoteAddress: opts.remoteAddress ?? nextIp(),
  });

let customers = 0;
/** The cart as checkout completes it: a customer of their own (no order limit or card carries over), a card's token. */
const checkedOut = (cart: Record<string, unknown>) => ({
  ...cart,
  customerName: 'Cathy Customer',
  mobile: `0400 ${String(100_000 + ++customers).slice(0, 3)} ${String(100_000 + customers).slice(3)}`,
  ...(cart.paymentType === 'CREDIT_CARD' ? { paymentToken: 'tok_visa' } : {}),
});
const place = (cart: Record<string, unknown>) => placeOrder(w, checkedOut(cart), { remoteAddress: nextIp() });

const pickup = (items: object[], over: Record<string, unknown> = {}) => ({
  items,
  collectionType: 'PICKUP',
  collectionTime: null,
  paymentType: 'CASH',
  ...over,
});

/** What the quote answers of a placed order's cart: all but the customer's words and the loyalty reward. */
const quotedPart = (placedCart: Record<string, unknown>) => {
  const { customerName: _n, collectionName: _c, comments: _m, loyaltyDiscount: _l, ...rest } = placedCart;
  return rest;
};

/** Quotes the cart, then places it: the quote's figures must be the stored order's. Answers the quote. */
async function quotedAsPlaced(cart: Record<string, unknown>) {
  const quoted = await quote(cart);
  expect(quoted.statusCode, quoted.body).toBe(200);
  const placed = await place(cart);
  expect(placed.statusCode, placed.body).toBe(201);
  expect(quoted.json()).toEqual(quotedPart(placed.json().cart));
  return quoted.json();
}

/** Quotes the cart, then places it: both must refuse with one status and message (the quote may name more lines). */
async function refusedAsPlaced(cart: Record<string, unknown>) {
  const quoted = await quote(cart);
  const placed = await place(cart);
  expect(placed.statusCode, placed.body).not.toBe(201);
  expect([quoted.statusCode, quoted.json().message]).toEqual([placed.statusCode, placed.json().message]);
  expect(quoted.json().errors ?? {}).toMatchObject(placed.json().errors ?? {});
  return { status: quoted.statusCode, message: quoted.json().message as string, errors: quoted.json().errors };
}

const counts = async () => {
  const n = async (table: string) =>
    (await w.ctx.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE shop_id = $1`, [w.shop.id])).rows[0].n as number;
  return { orders: await n('orders'), events: await n('shop_events') };
};

describe('POST /api/storefront/shops/{shopId}/quote', () => {
  it('prices a cart with no customer details in currency units, and writes nothing', async () => {
    const before = await counts();
    const res = await quote(pickup([{ itemId: ids.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: 'AUD',
      items: [{ itemId: ids.latte, name: 'Latte', summary: 'Milk: Oat', quantity: 2, unitPrice: 5.3, total: 10.6 }],
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: 'CASH',
      deliveryAddress: null,
      subtotal: 10.6,
      deliveryCharges: 0,
      discount: 0,
      creditCardSurcharge: 0,
      creditCardSurchargeMessage: null,
      grandTotal: 10.6,
      coupon: null,
    });
    // A refused cart and one sent with an Idempotency-Key write nothing either.
    await quote(pickup([{ itemId: ids.banquet, quantity: 1 }]));
    await w.ctx.app.inject({
      method: 'POST',
      url: `/api/storefront/shops/${w.shop.id}/quote`,
      payload: pickup([{ itemId: ids.cake, quantity: 1 }]),
      headers: { 'idempotency-key': 'quote-once' },
      remoteAddress: nextIp(),
    });
    expect(await counts()).toEqual(before);
  });

  it('answers the figures placing the cart stores: attributes, half and half with toppings, coupon, delivery, card surcharge', async () => {
    const halves = {
      itemId: ids.margherita,
      quantity: 1,
      size: 'Large',
      halves: [{ addToppings: ['Olives'] }, { pizzaId: ids.hawaiian, addToppings: ['Ham'] }],
    };
    const delivered = await quotedAsPlaced(
      pickup([halves, { itemId: ids.cake, quantity: 3 }], {
        collectionType: 'DELIVERY',
        deliveryAddress: NEWTOWN,
        paymentType: 'CREDIT_CARD',
        coupon: 'save3',
      }),
    );
    expect(delivered).toMatchObject({
      deliveryCharges: 5,
      discount: 3,
      coupon: 'SAVE3',
      creditCardSurchargeMessage: 'Credit card surcharge 1.5% + $0.30',
    });
    expect(delivered.creditCardSurcharge).toBeGreaterThan(0);
    await quotedAsPlaced(pickup([{ itemId: ids.margherita, quantity: 2, size: 'Small', addToppings: ['Olives', 'Ham'] }]));
  });

  it('prices generated carts from the menu exactly as placing them does, or refuses them as placing does', async () => {
    const milk = fc.constantFrom('Full', 'Oat');
    const toppings = fc.subarray(['Olives', 'Ham']);
    const line = fc.oneof(
      fc.record({ itemId: fc.constant('latte'), quantity: fc.integer({ min: 1, max: 4 }), milk }),
      fc.record({ itemId: fc.constant('cake'), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({
        itemId: fc.constantFrom('margherita', 'hawaiian'),
        quantity: fc.integer({ min: 1, max: 3 }),
        size: fc.constantFrom('Small', 'Large'),
        addToppings: toppings,
      }),
      fc.record({ itemId: fc.constant('half'), quantity: fc.integer({ min: 1, max: 2 }), left: toppings, right: toppings }),
    );
    const cartLine = (l: {
      itemId: string;
      quantity: number;
      milk?: string;
      size?: string;
      addToppings?: string[];
      left?: string[];
      right?: string[];
    }) => {
      if (l.itemId === 'latte') return { itemId: ids.latte, quantity: l.quantity, attributes: [{ name: 'Milk', values: [l.milk] }] };
      if (l.itemId === 'half')
        return {
          itemId: ids.margherita,
          quantity: l.quantity,
          size: 'Large',
          halves: [{ addToppings: l.left }, { pizzaId: ids.hawaiian, addToppings: l.right }],
        };
      return { itemId: ids[l.itemId as keyof typeof ids], quantity: l.quantity, size: l.size, addToppings: l.addToppings };
    };
    const cart = fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      delivery: fc.boolean(),
      card: fc.boolean(),
      coupon: fc.constantFrom(undefined, 'SAVE3', 'NOPE1'),
    });
    await fc.assert(
      fc.asyncProperty(cart, async (c) => {
        const body = pickup(c.lines.map(cartLine), {
          ...(c.delivery ? { collectionType: 'DELIVERY', deliveryAddress: NEWTOWN } : {}),
          paymentType: c.card ? 'CREDIT_CARD' : 'CASH',
          ...(c.coupon ? { coupon: c.coupon } : {}),
        });
        const quoted = await quote(body);
        if (quoted.statusCode === 200) await quotedAsPlaced(body);
        else await refusedAsPlaced(body);
      }),
      { numRuns: 25 },
    );
  });
});

describe('a cart the shop cannot take is refused as placing it would be', () => {
  it('an item sold out, off the menu or unknown; a total over the limit; naming every line at fault', async () => {
    await ownerPut(w, `/api/shops/${w.shop.id}/items/${ids.cake}/availability`, { soldOut: true });
    try {
      expect(await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }]))).toMatchObject({
        status: 409,
        message: 'Cake is sold out.',
      });
      const unknown = '00000000-0000-4000-8000-0000000000ff';
      const several = await refusedAsPlaced(
        pickup([
          { itemId: ids.latte, quantity: 1, attributes: [{ name: 'Milk', values: ['Full'] }] },
          { itemId: ids.cake, quantity: 1 },
          { itemId: unknown, quantity: 1 },
          { itemId: ids.margherita, quantity: 1 },
        ]),
      );
      expect(several).toEqual({
        status: 409,
        message: 'Cake is sold out.',
        errors: {
          'items.1': 'Cake is sold out.',
          'items.2': `Item ${unknown} is not on the menu.`,
          'items.3': 'Margherita: Choose a size',
        },
      });
    } finally {
      await ownerPut(w, `/api/shops/${w.shop.id}/items/${ids.cake}/availability`, { soldOut: false });
    }
    await ownerPut(w, `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Everything', itemIds: [ids.latte, ids.banquet] }] });
    try {
      expect(await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }]))).toMatchObject({
        status: 409,
        message: 'Cake is not on the menu.',
      });
    } finally {
      const all = [ids.latte, ids.cake, ids.banquet, ids.margherita, ids.hawaiian];
      await ownerPut(w, `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Everything', itemIds: all }] });
    }
    expect(await refusedAsPlaced(pickup([{ itemId: ids.banquet, quantity: 1 }]))).toMatchObject({
      status: 409,
      message: 'The order total cannot be more than $999,999.99.',
    });
  });

  it('a coupon unknown, not applicable or expired', async () => {
    expect(await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }], { coupon: 'NOPE1' }))).toMatchObject({
      status: 409,
      message: 'Coupon NOPE1 does not exist.',
      errors: { coupon: 'Coupon NOPE1 does not exist.' },
    });
    await coupon('BIG50', { flatAmountDiscount: { applicableOverAmount: 50, discountAmount: 3 } });
    expect((await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }], { coupon: 'BIG50' }))).message).toMatch(
      /^Coupon BIG50 does not apply: /,
    );
    w.ctx.clock.advance(5 * 24 * 3600_000);
    try {
      expect((await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }], { coupon: 'SAVE3' }))).message).toMatch(
        /^Coupon SAVE3 does not apply: /,
      );
    } finally {
      w.ctx.clock.reset();
    }
  });

  it('a time the shop is closed or off its slots, and a shop that pauses orders', async () => {
    const checkout = (await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/settings/checkout`, headers: w.owner.headers })).json();
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/checkout`, { ...checkout, collectionTime: 'CUSTOM' });
    const holiday = shopNoon(3);
    const closed = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/closures`,
      headers: w.owner.headers,
      payload: { date: holiday.date, note: 'Public holiday' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    try {
      const cakeAt = (at: string) => pickup([{ itemId: ids.cake, quantity: 1 }], { collectionTime: at });
      expect(await refusedAsPlaced(cakeAt(holiday.at))).toMatchObject({
        status: 409,
        message: 'The shop is not open for pickup at that time.',
      });
      const offSlot = new Date(Date.parse(shopNoon(1).at) + 7 * 60_000).toISOString();
      expect((await refusedAsPlaced(cakeAt(offSlot))).errors).toHaveProperty('collectionTime');
      await quotedAsPlaced(cakeAt(shopNoon(1).at));
    } finally {
      await ownerPut(w, `/api/shops/${w.shop.id}/settings/checkout`, checkout);
    }
    await ownerPut(w, `/api/shops/${w.shop.id}/orders/busy`, { mode: 'PAUSE', minutes: 15 });
    try {
      expect(await refusedAsPlaced(pickup([{ itemId: ids.cake, quantity: 1 }]))).toMatchObject({
        status: 409,
        message: 'The shop is not taking orders right now. Please try again later.',
      });
    } finally {
      await ownerPut(w, `/api/shops/${w.shop.id}/orders/busy`, { mode: 'OFF' });
    }
  });

  it('answers 404 for an unknown or unpublished shop, as placing does', async () => {
    const cart = pickup([{ itemId: ids.cake, quantity: 1 }]);
    for (const shopId of [w.otherShop.id, '00000000-0000-4000-8000-000000000000', 'not-a-shop']) {
      const quoted = await quote(cart, { shopId });
      const placed = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/storefront/shops/${shopId}/orders`,
        payload: checkedOut(cart),
        remoteAddress: nextIp(),
      });
      expect([quoted.statusCode, quoted.json().message]).toEqual([404, placed.json().message]);
      expect(placed.statusCode).toBe(404);
    }
  });

  it('answers 400 naming each field of a bad body', async () => {
    const res = await quote({ items: [{ itemId: 'latte', quantity: 0 }], collectionType: 'TAKEAWAY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'items.0.itemId': 'itemId should be an item id',
      'items.0.quantity': 'quantity should be at least 1',
      collectionType: 'collectionType should be PICKUP or DELIVERY',
      paymentType: 'paymentType should be CASH or CREDIT_CARD',
    });
    expect((await quote(pickup([]))).json().errors).toEqual({ items: 'The cart is empty' });
  });
});

describe('what a quote leaves to placing', () => {
  it('neither applies nor shows the loyalty reward of a full card, even when the body names its mobile', async () => {
    await setLoyalty(w, { count: 2 });
    try {
      const mobile = '0400 999 111';
      for (let i = 0; i < 2; i++) {
        const res = await placeOrder(
          w,
          { ...pickup([{ itemId: ids.cake, quantity: 1 }]), customerName: 'Lou Loyal', mobile },
          { remoteAddress: nextIp() },
        );
        expect(res.statusCode, res.body).toBe(201);
        await accept(w, res.json().id);
      }
      const cart = pickup([{ itemId: ids.cake, quantity: 2 }]);
      const quoted = await quote({ ...cart, mobile });
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json()).not.toHaveProperty('loyaltyDiscount');
      expect(quoted.json().grandTotal).toBe(11.98);
      const placed = await placeOrder(w, { ...cart, customerName: 'Lou Loyal', mobile }, { remoteAddress: nextIp() });
      expect(placed.json().cart.loyaltyDiscount).toBeGreaterThan(0);
    } finally {
      await setLoyalty(w, { enabled: false });
    }
  });

  it('counts quotes per IP apart from orders: 429 once over the limit, while that IP may still place an order', async () => {
    const ip = nextIp();
    // A cart page quotes again at each change: five quotes for each order the IP may place.
    for (let i = 0; i < PER_IP * 5; i++)
      expect((await quote(pickup([{ itemId: ids.cake, quantity: 1 }]), { remoteAddress: ip })).statusCode).toBe(200);
    const limited = await quote(pickup([{ itemId: ids.cake, quantity: 1 }]), { remoteAddress: ip });
    expect(limited.json()).toEqual(LIMITED);
    expectRetryAfter(limited, 60);
    const placed = await placeOrder(w, checkedOut(pickup([{ itemId: ids.cake, quantity: 1 }])), { remoteAddress: ip });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
