import { describe, expect, it } from 'vitest';
import {
  applicationFee,
  lineRefusals,
  percentOf,
  priceOrder,
  pricingCoupon,
  type PricingInputs,
  type PricingItem,
} from '../../domain/pricing';
import { promotionInputSchema, type PromotionValues } from '../../domain/promotion';
import { placeOrderSchema, type PlaceOrder } from '../../domain/order';

const ID = {
  latte: '00000000-0000-4000-8000-000000000001',
  marg: '00000000-0000-4000-8000-000000000002',
  hawaiian: '00000000-0000-4000-8000-000000000003',
  deal: '00000000-0000-4000-8000-000000000004',
  cake: '00000000-0000-4000-8000-000000000005',
};
const base = {
  noDiscount: false,
  inMenu: true,
  availability: { soldOut: false, until: null },
  dows: [],
  timeOfDayApplicable: null,
  attributes: [],
};
const pizzaSizes = { Small: { price: 1200, hasHalfAndHalf: false }, Large: { price: 1800, hasHalfAndHalf: true } };
const catalog: PricingItem[] = [
  {
    ...base,
    id: ID.latte,
    type: 'BASIC',
    name: 'Latte',
    price: 450,
    attributes: [
      {
        name: 'Milk',
        multiple: false,
        optional: false,
        values: [
          { name: 'Full', extraCharge: 0 },
          { name: 'Oat', extraCharge: 80 },
        ],
      },
      {
        name: 'Extras',
        multiple: true,
        optional: true,
        values: [
          { name: 'Shot', extraCharge: 50 },
          { name: 'Syrup', extraCharge: 60 },
        ],
      },
    ],
  },
  { ...base, id: ID.marg, type: 'PIZZA', name: 'Margherita', sizes: pizzaSizes, removeToppings: ['Basil'], addToppings: null },
  {
    ...base,
    id: ID.hawaiian,
    type: 'PIZZA',
    name: 'Hawaiian',
    sizes: { ...pizzaSizes, Large: { price: 2000, hasHalfAndHalf: true } },
    removeToppings: [],
    addToppings: null,
  },
  {
    ...base,
    id: ID.deal,
    type: 'DEAL',
    name: 'Family Deal',
    price: 3500,
    dealItems: [
      {
        name: 'Drink',
        qty: 2,
        attributes: [
          {
            name: 'Flavour',
            multiple: false,
            optional: false,
            values: [
              { name: 'Cola', extraCharge: 0 },
              { name: 'Juice', extraCharge: 100 },
            ],
          },
        ],
      },
    ],
    dealPizzas: [{ size: 'Large', qty: 2, pizzas: { [ID.marg]: { extraCharge: 0 }, [ID.hawaiian]: { extraCharge: 250 } } }],
  },
  { ...base, id: ID.cake, type: 'BASIC', name: 'Cake', price: 599, noDiscount: true },
];

const CHECKOUT: PricingInputs['checkout'] = {
  collectionType: 'PICKUP_AND_DELIVERY',
  collectionTime: 'CAFE',
  hasCollectionTime: true,
  hasCollectionName: false,
  hasComments: true,
  hasCoupons: true,
  hasCash: true,
  creditCardSurchargeEnabled: false,
  creditCardSurchargeAmount: 0,
  creditCardSurchargePercentage: 0,
  creditCardSurchargeMinimumOrderValue: 0,
  maxDaysAhead: 7,
};

function inputs(order: Partial<PlaceOrder> & Record<string, unknown>, over: Partial<PricingInputs> = {}): PricingInputs {
  const parsed = placeOrderSchema.parse({
    customerName: 'Cathy',
    mobile: '0400 000 001',
    collectionType: 'PICKUP',
    paymentType: 'CASH',
    items: [],
    ...order,
  });
  return {
    order: parsed,
    items: new Map(catalog.map((i) => [i.id, i])),
    pizza: {
      active: true,
      hasHalfAndHalf: true,
      sizes: [
        { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
        { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 150 },
      ],
      toppings: [{ name: 'Olives', prices: { Small: 100, Large: 150 } }],
    },
    checkout: CHECKOUT,
    delivery: { minOrderValue: 2000, suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 500 }] },
    coupon: null,
    isOpen: () => true,
    now: new Date('2026-11-23T01:00:00Z'),
    timeZone: 'UTC',
    dayOf: (d) => d.toISOString().slice(0, 10),
    currency: 'AUD',
    formatMoney: (c) => `$${(c / 100).toFixed(2)}`,
    ...over,
  };
}
const ok = (i: PricingInputs) => {
  const r = priceOrder(i);
  if (!r.ok) throw new Error(r.message);
  return r.cart;
};
const refusal = (i: PricingInputs) => {
  const r = priceOrder(i);
  if (r.ok) throw new Error('expected a refusal');
  return { status: r.status, message: r.message };
};

describe('priceOrder', () => {
  it('prices items with attribute extras, quantities and a summary, in cents', () => {
    const cart = ok(
      inputs({
        items: [
          {
            itemId: ID.latte,
            quantity: 3,
            attributes: [
              { name: 'Milk', values: ['Oat'] },
              { name: 'Extras', values: ['Shot', 'Syrup'] },
            ],
          },
        ],
      }),
    );
    expect(cart.items[0]).toMatchObject({
      name: 'Latte',
      unitPrice: 640,
      quantity: 3,
      total: 1920,
      summary: 'Milk: Oat, Extras: Shot, Syrup',
    });
    expect(cart).toMatchObject({ subtotal: 1920, grandTotal: 1920, deliveryCharges: 0, discount: 0, creditCardSurcharge: 0 });
  });

  it('ignores any price the client sends', () => {
    const cart = ok(inputs({ items: [{ itemId: ID.cake, quantity: 1, unitPrice: 1 } as never], grandTotal: 0.01 } as never));
    expect(cart.grandTotal).toBe(599);
  });

  it("refuses bad attribute choices with the catalog's reason", () => {
    expect(refusal(inputs({ items: [{ itemId: ID.latte, quantity: 1 }] })).message).toBe('Latte: Choose a Milk');
    expect(
      refusal(inputs({ items: [{ itemId: ID.latte, quantity: 1, attributes: [{ name: 'Milk', values: ['Full', 'Oat'] }] }] })).message,
    ).toBe('Latte: Choose only one Milk');
    expect(refusal(inputs({ items: [{ itemId: ID.latte, quantity: 1, attributes: [{ name: 'Milk', values: ['Soy'] }] }] })).message).toBe(
      'Latte: Soy is not a choice of Milk',
    );
  });

  it('prices pizza sizes and toppings (settings toppings when the pizza lists none), and half-and-half', () => {
    const one = ok(
      inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large', addToppings: ['Olives'], removeToppings: ['Basil'] }] }),
    );
    expect(one.items[0]).toMatchObject({ unitPrice: 1950, summary: 'Large, + Olives, No Basil' });
    const halves = ok(
      inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large', halves: [{ addToppings: ['Olives'] }, { pizzaId: ID.hawaiian }] }] }),
    );
    // Dearer half 2000 + half-and-half charge 150 + half of Olives 75.
    expect(halves.items[0]).toMatchObject({ unitPrice: 2225, summary: 'Large, Half Margherita + Olives, Half Hawaiian' });
    expect(refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Small', halves: [{}, {}] }] })).message).toBe(
      'Margherita: no half and half in Small',
    );
    expect(refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1 }] })).message).toBe('Margherita: Choose a size');
  });

  it('prices deals with deal-item and deal-pizza extra charges', () => {
    const cart = ok(
      inputs({
        items: [
          {
            itemId: ID.deal,
            quantity: 1,
            dealItems: [{ attributes: [{ name: 'Flavour', values: ['Juice'] }] }],
            dealPizzas: [{ pizzaIds: [ID.marg, ID.hawaiian] }],
          },
        ],
      }),
    );
    expect(cart.items[0].unitPrice).toBe(3500 + 100 + 250);
    expect(
      refusal(
        inputs({
          items: [
            {
              itemId: ID.deal,
              quantity: 1,
              dealItems: [{ attributes: [{ name: 'Flavour', values: ['Cola'] }] }],
              dealPizzas: [{ pizzaIds: [ID.marg] }],
            },
          ],
        }),
      ).message,
    ).toBe('Family Deal: choose 2 Large pizzas');
  });

  it('refuses unknown, sold-out and unavailable items with 409', () => {
    expect(refusal(inputs({ items: [{ itemId: '00000000-0000-4000-8000-0000000000ff', quantity: 1 }] }))).toEqual({
      status: 409,
      message: 'Item 00000000-0000-4000-8000-0000000000ff is not on the menu.',
    });
    const items = new Map(catalog.map((i) => [i.id, i.id === ID.cake ? { ...i, availability: { soldOut: true, until: null } } : i]));
    expect(refusal(inputs({ items: [{ itemId: ID.cake, quantity: 1 }] }, { items })).message).toBe('Cake is sold out.');
    // 2026-11-23 is a Monday.
    const later = new Map(catalog.map((i) => [i.id, i.id === ID.cake ? { ...i, dows: ['TUE' as const] } : i]));
    expect(refusal(inputs({ items: [{ itemId: ID.cake, quantity: 1 }] }, { items: later })).message).toBe(
      'Cake is not available at this time.',
    );
  });

  it('refuses what the storefront menu does not offer, by its own rules: items on no category, pizzas and pizza deals while pizza settings are off', () => {
    const offMenu = new Map(catalog.map((i) => [i.id, i.id === ID.cake ? { ...i, inMenu: false } : i]));
    expect(refusal(inputs({ items: [{ itemId: ID.cake, quantity: 1 }] }, { items: offMenu }))).toEqual({
      status: 409,
      message: 'Cake is not on the menu.',
    });
    const pizzaOff = { pizza: { ...inputs({ items: [{ itemId: ID.cake, quantity: 1 }] }).pizza, active: false } };
    expect(refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large' }] }, pizzaOff))).toEqual({
      status: 409,
      message: 'Margherita is not available: this shop does not offer pizzas right now.',
    });
    const dealLine = {
      itemId: ID.deal,
      quantity: 1,
      dealItems: [{ attributes: [{ name: 'Flavour', values: ['Cola'] }] }],
      dealPizzas: [{ pizzaIds: [ID.marg, ID.hawaiian] }],
    };
    expect(refusal(inputs({ items: [dealLine] }, pizzaOff))).toEqual({
      status: 409,
      message: 'Family Deal is not available: this shop does not offer pizzas right now.',
    });
    // A half from a pizza on no category is refused like a line; a deal's pizza choice need not be in a category (as the menu lists it).
    const hawaiianOffMenu = new Map(catalog.map((i) => [i.id, i.id === ID.hawaiian ? { ...i, inMenu: false } : i]));
    expect(
      refusal(
        inputs(
          { items: [{ itemId: ID.marg, quantity: 1, size: 'Large', halves: [{}, { pizzaId: ID.hawaiian }] }] },
          { items: hawaiianOffMenu },
        ),
      ),
    ).toEqual({ status: 409, message: 'Hawaiian is not on the menu.' });
    expect(ok(inputs({ items: [dealLine] }, { items: hawaiianOffMenu })).items[0].unitPrice).toBe(3750);
  });

  it("refuses a custom collection time beyond the shop's days ahead, and takes one on the last day", () => {
    const custom = { checkout: { ...CHECKOUT, collectionTime: 'CUSTOM' as const } };
    const items = [{ itemId: ID.cake, quantity: 1 }];
    expect(ok(inputs({ items, collectionTime: '2026-11-30T23:00:00Z' }, custom)).collectionTime).toBe('2026-11-30T23:00:00.000Z');
    expect(refusal(inputs({ items, collectionTime: '2026-12-01T00:30:00Z' }, custom))).toEqual({
      status: 409,
      message: 'Orders can be placed at most 7 days ahead.',
    });
    expect(refusal(inputs({ items, collectionTime: '2099-01-01T00:00:00Z' }, custom))).toEqual({
      status: 409,
      message: 'Orders can be placed at most 7 days ahead.',
    });
    expect(
      refusal(inputs({ items, collectionTime: '2026-11-25T00:00:00Z' }, { checkout: { ...custom.checkout, maxDaysAhead: 1 } })).message,
    ).toBe('Orders can be placed at most 1 day ahead.');
  });

  it('refuses a total above what a card provider charges (99,999,999 cents), cash or card, and amounts past any integer column', () => {
    const dear: PricingItem = { ...base, id: '00000000-0000-4000-8000-000000000007', type: 'BASIC', name: 'Banquet', price: 100_000_000 };
    const items = new Map([...catalog, dear].map((i) => [i.id, i]));
    const tooMuch = { status: 409, message: 'The order total cannot be more than $999999.99.' };
    expect(refusal(inputs({ items: [{ itemId: dear.id, quantity: 1 }] }, { items }))).toEqual(tooMuch);
    expect(
      refusal(inputs({ items: [{ itemId: dear.id, quantity: 99 }], paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' }, { items })),
    ).toEqual(tooMuch);
    // A discount bringing it back under does not store a subtotal past the integer columns either.
    const all = pricingCoupon(
      promotionInputSchema.parse({
        coupon: 'ALLOFF',
        description: 'Everything free',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        type: 'FLAT_PERCENTAGE_DISCOUNT',
        flatPercentageDiscount: { applicableOverAmount: 0, discountPercentage: 100 },
      }),
      { previousOrderCount: 0, redeemedCount: 0 },
      new Date('2026-11-23T01:00:00Z'),
      'UTC',
    );
    expect(
      refusal(
        inputs({ coupon: 'ALLOFF', items: Array.from({ length: 50 }, () => ({ itemId: dear.id, quantity: 99 })) }, { items, coupon: all }),
      ),
    ).toEqual(tooMuch);
    const justUnder: PricingItem = { ...dear, price: 99_999_999 };
    expect(ok(inputs({ items: [{ itemId: dear.id, quantity: 1 }] }, { items: new Map([[dear.id, justUnder]]) })).grandTotal).toBe(
      99_999_999,
    );
  });

  it('refuses a topping twice on a pizza or a half, and toppings for the whole pizza beside its halves', () => {
    expect(refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large', addToppings: ['Olives', 'Olives'] }] }))).toEqual({
      status: 400,
      message: 'Margherita: Choose each topping once',
    });
    expect(refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large', removeToppings: ['Basil', 'Basil'] }] }))).toEqual({
      status: 400,
      message: 'Margherita: Choose each topping once',
    });
    expect(
      refusal(inputs({ items: [{ itemId: ID.marg, quantity: 1, size: 'Large', halves: [{ addToppings: ['Olives', 'Olives'] }, {}] }] })),
    ).toEqual({ status: 400, message: 'Margherita: Choose each topping once' });
    expect(
      refusal(
        inputs({
          items: [{ itemId: ID.marg, quantity: 1, size: 'Large', addToppings: ['Olives'], halves: [{}, { pizzaId: ID.hawaiian }] }],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Margherita: choose toppings on each half, not on the whole pizza',
    });
    expect(refusal(inputs({ items: [{ itemId: ID.cake, quantity: 1, halves: [{}, {}] }] }))).toEqual({
      status: 400,
      message: 'Cake: Half and half is only for pizzas',
    });
  });

  it('refuses toppings sent on an item that is not a pizza, naming the line, instead of dropping them', () => {
    const cake = (line: object) =>
      priceOrder(
        inputs({
          items: [
            { itemId: ID.marg, quantity: 1, size: 'Large' },
            { itemId: ID.cake, quantity: 1, ...line },
          ],
        }),
      );
    expect(cake({ addToppings: ['Olives'] })).toEqual({
      ok: false,
      status: 400,
      message: 'Cake: Sizes and toppings are only for pizzas',
      field: 'items.1.addToppings',
    });
    expect(cake({ removeToppings: ['Basil'] })).toMatchObject({ status: 400, field: 'items.1.removeToppings' });
    expect(cake({ addToppings: [], removeToppings: [] }).ok).toBe(true);
  });

  it("refuses a collection time off the shop's 15-minute slots, naming the two nearest in the shop's time", () => {
    const items = [{ itemId: ID.cake, quantity: 1 }];
    const sydney = { timeZone: 'Australia/Sydney', now: new Date('2026-11-22T15:00:00Z') };
    expect(priceOrder(inputs({ items, collectionTime: '2026-11-22T16:07:00Z' }, sydney))).toEqual({
      ok: false,
      status: 400,
      message: 'Collection time should be on a 15-minute slot: 3:00 am or 3:15 am',
      field: 'collectionTime',
    });
    expect(refusal(inputs({ items, collectionTime: '2026-11-22T16:15:30Z' }, sydney)).message).toBe(
      'Collection time should be on a 15-minute slot: 3:15 am or 3:30 am',
    );
    expect(ok(inputs({ items, collectionTime: '2026-11-22T16:15:00Z' }, sydney)).collectionTime).toBe('2026-11-22T16:15:00.000Z');
    // Slots are the shop's quarter hours: in Adelaide (UTC+10:30 in summer) 3:00 am is 16:30 UTC.
    const adelaide = { timeZone: 'Australia/Adelaide', now: new Date('2026-11-22T15:00:00Z') };
    expect(ok(inputs({ items, collectionTime: '2026-11-22T16:30:00Z' }, adelaide)).collectionTime).toBe('2026-11-22T16:30:00.000Z');
    expect(refusal(inputs({ items, collectionTime: '2026-11-22T16:10:00Z' }, adelaide)).message).toBe(
      'Collection time should be on a 15-minute slot: 2:30 am or 2:45 am',
    );
  });

  it('adds the suburb delivery charge, refuses other suburbs and orders below the minimum', () => {
    const delivery = { collectionType: 'DELIVERY' as const, deliveryAddress: { line1: '1 King St', suburb: 'newtown', postcode: '2042' } };
    const cart = ok(inputs({ ...delivery, items: [{ itemId: ID.cake, quantity: 4 }] }));
    expect(cart).toMatchObject({ subtotal: 2396, deliveryCharges: 500, grandTotal: 2896 });
    expect(
      refusal(inputs({ ...delivery, deliveryAddress: { line1: 'x', suburb: 'Bondi' }, items: [{ itemId: ID.cake, quantity: 4 }] })).message,
    ).toBe('We do not deliver to Bondi.');
    expect(refusal(inputs({ ...delivery, items: [{ itemId: ID.cake, quantity: 1 }] })).message).toBe(
      'The minimum order for delivery is $20.00.',
    );
    expect(refusal(inputs({ collectionType: 'DELIVERY', items: [{ itemId: ID.cake, quantity: 4 }] })).message).toBe(
      'A delivery order needs a delivery address.',
    );
  });

  it("applies coupons (the settings area's rules) to discountable items only, and says why one does not apply", () => {
    const promo = (p: Partial<PromotionValues>) =>
      promotionInputSchema.parse({
        coupon: 'TENOFF',
        description: 'Ten percent off',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        dows: [],
        maxRedeems: 0,
        exclusive: false,
        firstOrderDiscount: false,
        type: 'FLAT_PERCENTAGE_DISCOUNT',
        flatPercentageDiscount: { applicableOverAmount: 8, discountPercentage: 12.5 },
        ...p,
      });
    const at = new Date('2026-11-23T01:00:00Z');
    const coupon = (p: Partial<PromotionValues> = {}, customer = { previousOrderCount: 0, redeemedCount: 0 }) =>
      pricingCoupon(promo(p), customer, at, 'Australia/Sydney');
    const items = [
      { itemId: ID.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Full'] }] },
      { itemId: ID.cake, quantity: 1 },
    ];
    const cart = ok(inputs({ coupon: 'tenoff', items }, { coupon: coupon() }));
    // 12.5% of 900 (the cake is 'No Discount') = 112.5 → 113.
    expect(cart).toMatchObject({ subtotal: 1499, discount: 113, grandTotal: 1386, coupon: 'TENOFF' });
    expect(refusal(inputs({ coupon: 'TENOFF', items: [{ itemId: ID.cake, quantity: 3 }] }, { coupon: coupon() })).message).toBe(
      'Coupon TENOFF does not apply: The order total is below the minimum for this coupon',
    );
    expect(refusal(inputs({ coupon: 'TENOFF', items }, { coupon: coupon({ endDate: '2026-11-20' }) })).message).toBe(
      'Coupon TENOFF does not apply: This coupon has expired',
    );
    expect(
      refusal(
        inputs(
          { coupon: 'TENOFF', items },
          { coupon: coupon({ firstOrderDiscount: true, maxRedeems: 1 }, { previousOrderCount: 2, redeemedCount: 0 }) },
        ),
      ).message,
    ).toBe('Coupon TENOFF does not apply: This coupon is for first orders only');
    expect(refusal(inputs({ coupon: 'NOPE', items }, { coupon: null })).message).toBe('Coupon NOPE does not exist.');
    const free = coupon({
      coupon: 'FREEDEL',
      type: 'FREE_DELIVERY',
      freeDelivery: { applicableOverAmount: 0 },
    } as Partial<PromotionValues>);
    const delivered = ok(
      inputs(
        {
          coupon: 'FREEDEL',
          collectionType: 'DELIVERY',
          deliveryAddress: { line1: '1 King St', suburb: 'Newtown' },
          items: [{ itemId: ID.cake, quantity: 4 }],
        },
        { coupon: free },
      ),
    );
    expect(delivered).toMatchObject({ deliveryCharges: 0, grandTotal: 2396 });
    const flat = coupon({
      type: 'FLAT_AMOUNT_DISCOUNT',
      flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 50 },
    } as Partial<PromotionValues>);
    expect(ok(inputs({ coupon: 'TENOFF', items }, { coupon: flat })).discount).toBe(900);
  });

  it('adds the card surcharge above its minimum, with its message', () => {
    const checkout = {
      ...CHECKOUT,
      creditCardSurchargeEnabled: true,
      creditCardSurchargeAmount: 30,
      creditCardSurchargePercentage: 1.5,
      creditCardSurchargeMinimumOrderValue: 1000,
    };
    const card = { paymentType: 'CREDIT_CARD' as const, paymentToken: 'tok_visa' };
    const cart = ok(inputs({ ...card, items: [{ itemId: ID.cake, quantity: 2 }] }, { checkout }));
    // 30 + 1.5% of 1198 (17.97 → 18).
    expect(cart).toMatchObject({
      creditCardSurcharge: 48,
      grandTotal: 1246,
      creditCardSurchargeMessage: 'Credit card surcharge 1.5% + $0.30',
    });
    expect(ok(inputs({ ...card, items: [{ itemId: ID.cake, quantity: 1 }] }, { checkout })).creditCardSurcharge).toBe(0);
    expect(ok(inputs({ items: [{ itemId: ID.cake, quantity: 2 }] }, { checkout })).creditCardSurcharge).toBe(0);
  });

  it('refuses what the checkout settings turn off, closed shops and times', () => {
    const checkout = CHECKOUT;
    const items = [{ itemId: ID.cake, quantity: 1 }];
    expect(refusal(inputs({ items }, { checkout: { ...checkout, hasCash: false } })).message).toBe(
      'This shop does not take cash. Pay by card.',
    );
    // A card's token is placing's to ask for (test/api/orders/place.test.ts): a cart priced before checkout has none.
    expect(ok(inputs({ items, paymentType: 'CREDIT_CARD' })).paymentType).toBe('CREDIT_CARD');
    expect(refusal(inputs({ items }, { checkout: { ...checkout, collectionType: 'DELIVERY_ONLY' } })).message).toBe(
      'This shop does not offer pickup orders.',
    );
    expect(refusal(inputs({ items }, { isOpen: () => false })).message).toBe('The shop is closed right now.');
    // Open for one service only: the refusal names the closed one, not the shop.
    const pickupOnlyNow = { isOpen: (t: string) => t === 'PICKUP' };
    expect(
      refusal(
        inputs(
          { items, collectionType: 'DELIVERY', deliveryAddress: { line1: '1 King St', suburb: 'newtown', postcode: '2042' } },
          pickupOnlyNow,
        ),
      ).message,
    ).toBe('Delivery is closed right now. The shop is open for pickup.');
    expect(refusal(inputs({ items }, { isOpen: (t: string) => t === 'DELIVERY' })).message).toBe(
      'Pickup is closed right now. The shop is open for delivery.',
    );
    // Delivery not offered at all: a closed pickup is the shop closed.
    expect(refusal(inputs({ items }, { checkout: { ...checkout, collectionType: 'PICKUP_ONLY' }, isOpen: () => false })).message).toBe(
      'The shop is closed right now.',
    );
    expect(
      refusal(
        inputs(
          { items, collectionTime: '2026-11-23T03:00:00Z' },
          { isOpen: (_t, at) => at.getTime() < Date.parse('2026-11-23T02:00:00Z') },
        ),
      ).message,
    ).toBe('The shop is not open for pickup at that time.');
    expect(refusal(inputs({ items, collectionTime: '2026-11-24T03:00:00Z' })).message).toBe('Orders can only be placed for today.');
    expect(refusal(inputs({ items, collectionTime: '2026-11-23T00:00:00Z' })).message).toBe(
      'The collection time has passed. Choose a later time.',
    );
    expect(
      refusal(inputs({ items, collectionTime: '2026-11-23T03:00:00Z' }, { checkout: { ...checkout, hasCollectionTime: false } })).message,
    ).toBe('This shop does not take orders for a later time.');
    expect(refusal(inputs({ items, coupon: 'ABC' }, { checkout: { ...checkout, hasCoupons: false } })).message).toBe(
      'This shop does not take coupons.',
    );
    expect(refusal(inputs({ items, comments: 'hi' }, { checkout: { ...checkout, hasComments: false } })).message).toBe(
      'This shop does not take comments.',
    );
  });
});

describe("priceOrder and the catalog's one choice checker (domain/catalog/choices.ts)", () => {
  const soldOut = { soldOut: true, until: null };
  const combo: PricingItem = {
    ...base,
    id: '00000000-0000-4000-8000-000000000006',
    type: 'DEAL',
    name: 'Lunch Combo',
    price: 1500,
    dealItems: [
      {
        name: 'Sides',
        qty: 1,
        attributes: [
          {
            name: 'Pick',
            multiple: true,
            optional: false,
            min: 2,
            max: 2,
            values: [
              { name: 'Chips', extraCharge: 0 },
              { name: 'Salad', extraCharge: 50 },
              { name: 'Slaw', extraCharge: 0, availability: soldOut },
            ],
          },
        ],
      },
    ],
    dealPizzas: [],
  };
  const withCombo = (over: Partial<PricingInputs> = {}) => ({ items: new Map([...catalog, combo].map((i) => [i.id, i])), ...over });
  const comboLine = (values: string[]) => ({
    items: [{ itemId: combo.id, quantity: 1, dealItems: [{ attributes: [{ name: 'pick', values }] }] }],
  });

  it("prices a deal item's choices inside its limits, the attribute named in any case", () => {
    const cart = ok(inputs(comboLine(['Chips', 'Salad']), withCombo()));
    expect(cart.items[0]).toMatchObject({ unitPrice: 1550, summary: '1 x Sides (Pick: Chips, Salad)' });
  });

  it("refuses a deal item's choices below its minimum, above its maximum, sold out, unknown or missing", () => {
    const problem = (values: string[] | null) =>
      refusal(inputs(values ? comboLine(values) : { items: [{ itemId: combo.id, quantity: 1 }] }, withCombo()));
    expect(problem(['Chips'])).toEqual({ status: 400, message: 'Lunch Combo (Sides): Choose at least 2 of Pick' });
    expect(problem(['Chips', 'Salad', 'Chips'])).toEqual({ status: 400, message: 'Lunch Combo (Sides): Choose each Pick once' });
    expect(problem(null)).toEqual({ status: 400, message: 'Lunch Combo (Sides): Choose at least 2 of Pick' });
    expect(problem(['Chips', 'Slaw'])).toEqual({ status: 400, message: 'Lunch Combo (Sides): Slaw is sold out' });
    expect(problem(['Chips', 'Gravy'])).toEqual({ status: 400, message: 'Lunch Combo (Sides): Gravy is not a choice of Pick' });
    const three = {
      ...combo,
      dealItems: [
        {
          ...combo.dealItems[0],
          attributes: [
            {
              ...combo.dealItems[0].attributes[0],
              min: 1,
              max: 2,
              values: combo.dealItems[0].attributes[0].values.map((v) => ({ ...v, availability: undefined })),
            },
          ],
        },
      ],
    };
    expect(refusal(inputs(comboLine(['Chips', 'Salad', 'Slaw']), { items: new Map([[combo.id, three]]) }))).toEqual({
      status: 400,
      message: 'Lunch Combo (Sides): Choose at most 2 of Pick',
    });
  });

  it('refuses a sold-out settings topping on a whole pizza and on either half, and takes it again once its period ends', () => {
    const pizza = {
      active: true,
      hasHalfAndHalf: true,
      sizes: [{ name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 150 }],
      toppings: [{ name: 'Olives', prices: { Large: 150 }, availability: { soldOut: true, until: '2026-11-23T13:00:00Z' } }],
    };
    const whole = { items: [{ itemId: ID.marg, quantity: 1, size: 'Large', addToppings: ['Olives'] }] };
    const half = {
      items: [
        {
          itemId: ID.marg,
          quantity: 1,
          size: 'Large',
          halves: [{}, { pizzaId: ID.hawaiian, addToppings: ['Olives'] }] as [object, object],
        },
      ],
    };
    expect(refusal(inputs(whole, { pizza }))).toEqual({ status: 400, message: 'Margherita: Olives is sold out' });
    expect(refusal(inputs(half, { pizza }))).toEqual({ status: 400, message: 'Hawaiian: Olives is sold out' });
    const later = { pizza, now: new Date('2026-11-23T13:00:00Z'), dayOf: () => '2026-11-23' };
    expect(ok(inputs(whole, later)).items[0].unitPrice).toBe(1950);
    expect(ok(inputs(half, later)).items[0]).toMatchObject({
      unitPrice: 2000 + 150 + 75,
      summary: 'Large, Half Margherita, Half Hawaiian + Olives',
    });
  });
});

describe('lineRefusals', () => {
  it("names every line the engine refuses, each with priceOrder's own message, and none of a cart it takes", () => {
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    const order = inputs({
      items: [
        { itemId: ID.cake, quantity: 1 },
        { itemId: unknown, quantity: 1 },
        { itemId: ID.marg, quantity: 1 },
        { itemId: ID.marg, quantity: 1, size: 'Large', halves: [{}, { pizzaId: unknown }] },
      ],
    });
    const refusals = lineRefusals(order);
    expect(refusals).toEqual({
      'items.1': `Item ${unknown} is not on the menu.`,
      'items.2': 'Margherita: Choose a size',
      'items.3.halves.1': `Item ${unknown} is not on the menu.`,
    });
    expect(refusal(order).message).toBe(refusals['items.1']);
    expect(lineRefusals(inputs({ items: [{ itemId: ID.cake, quantity: 1 }] }))).toEqual({});
  });
});

describe('money helpers', () => {
  it('percentOf rounds half up in integer cents', () => {
    expect(percentOf(1999, 1.5)).toBe(30); // 29.985
    expect(percentOf(100, 0.5)).toBe(1); // 0.5
    expect(percentOf(333, 10)).toBe(33);
    expect(percentOf(0, 3)).toBe(0);
  });
  it('applicationFee uses micro rates below the micro limit and normal rates above', () => {
    const fee = { applicable: true, microLimit: 2000, microAmount: 20, microPercentage: 0, normalAmount: 80, normalPercentage: 1 };
    expect(applicationFee(fee, 1500)).toBe(20);
    expect(applicationFee(fee, 5000)).toBe(130);
    expect(applicationFee({ ...fee, applicable: false }, 5000)).toBe(0);
  });
});
