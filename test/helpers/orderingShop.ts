import { expect } from 'vitest';
import { TZDate } from '@date-fns/tz';
import type { TestContext } from './app';
import type { TestUser } from './users';
import { createShop, publish } from './shopWorld';
import { OPEN_ALL_WEEK } from './orders';

/*
 * A cafe ready for the customers' ordering page: published, open around the clock, a latte (milk choice), a cake, two
 * pizzas (sizes, half and half, toppings), a pizza deal, delivery to one suburb, card surcharge off, a coupon SAVE3.
 */

export const ORDERING_ZONE = 'Australia/Sydney';

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

/** A date in the shop's zone `days` after today there (YYYY-MM-DD). */
export function shopDate(ctx: TestContext, days: number): string {
  const today = new TZDate(ctx.clock.now().getTime(), ORDERING_ZONE);
  const d = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, 0, 0, ORDERING_ZONE);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function call(ctx: TestContext, owner: TestUser, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await ctx.app.inject({ method, url, headers: owner.headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

export interface OrderingShop {
  shopId: string;
  ids: Record<'latte' | 'cake' | 'margherita' | 'hawaiian' | 'deal', string>;
}

/** `logo`: a stored image's path with its files (an upload), for pages that show it; else a record without files. */
export async function orderingShop(ctx: TestContext, owner: TestUser, name = 'Corner Cafe', logo?: string): Promise<OrderingShop> {
  const shop = await createShop(ctx, owner, {
    name,
    description: 'Coffee, cakes and pizza',
    locality: 'Newtown',
    ...(logo ? { logo: { path: logo } } : {}),
  });
  const s = `/api/shops/${shop.id}`;
  await publish(ctx, shop.id);
  await call(ctx, owner, 'PUT', `${s}/settings/timings`, OPEN_ALL_WEEK);
  await call(ctx, owner, 'PUT', `${s}/settings/pizza`, PIZZA);
  await call(ctx, owner, 'PUT', `${s}/settings/delivery`, {
    minOrderValue: 10,
    suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }],
  });
  await call(ctx, owner, 'PUT', `${s}/settings/contact`, {
    address: '1 King St, Newtown NSW',
    phone: '02 9123 4567',
    person: 'Olive Owner',
  });
  const pizza = (pizzaName: string, large: number) => ({
    type: 'PIZZA',
    name: pizzaName,
    description: 'Wood fired',
    sizes: { Small: { price: 12, hasHalfAndHalf: false }, Large: { price: large, hasHalfAndHalf: true } },
    removeToppings: ['Basil'],
  });
  const item = async (payload: object) => (await call(ctx, owner, 'POST', `${s}/items`, payload)).id as string;
  const latte = await item({
    type: 'BASIC',
    name: 'Latte',
    price: 4.5,
    description: 'Double shot, steamed milk',
    attributes: [
      {
        name: 'Milk',
        multiple: false,
        optional: false,
        values: [
          { name: 'Full', extraCharge: 0 },
          { name: 'Oat', extraCharge: 0.8 },
        ],
      },
    ],
  });
  const cake = await item({ type: 'BASIC', name: 'Carrot Cake', price: 5.5, description: 'With cream cheese icing' });
  const margherita = await item(pizza('Margherita', 18));
  const hawaiian = await item(pizza('Hawaiian', 19));
  const deal = await item({
    type: 'DEAL',
    name: 'Pizza Night',
    price: 25,
    description: 'A large pizza and a cake',
    dealItems: [{ name: 'Carrot Cake', qty: 1, attributes: [] }],
    dealPizzas: [{ size: 'Large', qty: 1, pizzas: { [margherita]: { extraCharge: 0 }, [hawaiian]: { extraCharge: 1 } } }],
  });
  await call(ctx, owner, 'PUT', `${s}/menu`, {
    categories: [
      { name: 'Coffee', itemIds: [latte] },
      { name: 'Cakes', itemIds: [cake] },
      { name: 'Pizza', itemIds: [margherita, hawaiian, deal] },
    ],
  });
  await call(ctx, owner, 'POST', `${s}/promotions`, {
    coupon: 'SAVE3',
    description: 'Three dollars off',
    startDate: shopDate(ctx, 0),
    endDate: shopDate(ctx, 30),
    type: 'FLAT_AMOUNT_DISCOUNT',
    flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 3 },
  });
  return { shopId: shop.id, ids: { latte, cake, margherita, hawaiian, deal } };
}
