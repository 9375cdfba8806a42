import { sql } from 'drizzle-orm';
import type { Db } from '../server/infra/db/client';
import { shops } from '../server/infra/db/tables';

const OPEN = { open: '00:00', duration: 24, available: true };
const CLOSED = { ...OPEN, available: false };
const TIMINGS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    { pickup: OPEN, pickupExt: CLOSED, delivery: OPEN, deliveryExt: CLOSED },
  ]),
);
const MILK = {
  name: 'Milk',
  multiple: false,
  optional: false,
  min: null,
  max: null,
  values: [
    { name: 'Full', extraCharge: 0, availability: { soldOut: false, until: null } },
    { name: 'Oat', extraCharge: 80, availability: { soldOut: false, until: null } },
  ],
};
const doc = (attributes: unknown[]) => JSON.stringify({ discounted: false, dows: [], timeOfDayApplicable: null, image: null, attributes });

export interface BenchCafe {
  shopId: string;
  latte: string;
  cake: string;
}

/**
 * The benches' cafe: published, open all day every day for pickup and delivery, a latte (oat milk 80 cents more) and
 * a cake, both on its menu (customers order what the menu lists).
 */
export async function seedBenchCafe(db: Db, name: string): Promise<BenchCafe> {
  const [shop] = await db
    .insert(shops)
    .values({
      name,
      description: 'Coffee and cakes',
      locality: 'Surry Hills',
      timezone: 'Australia/Sydney',
      country: 'AU',
      listingStatus: 'PUBLISHED',
    })
    .returning({ id: shops.id });
  const item = async (itemName: string, cents: number, attributes: unknown[]) =>
    (
      await db.execute<{ id: string }>(
        sql`INSERT INTO items (shop_id, type, name, description, price_cents, doc)
            VALUES (${shop.id}, 'BASIC', ${itemName}, '', ${cents}, ${doc(attributes)}::jsonb) RETURNING id`,
      )
    ).rows[0].id;
  const latte = await item('Latte', 450, [MILK]);
  const cake = await item('Cake', 599, []);
  const menu = { categories: [{ name: 'Coffee and cake', description: '', image: null, itemIds: [latte, cake] }] };
  await db.execute(sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES
    (${shop.id}, 'timings', ${JSON.stringify(TIMINGS)}::jsonb), (${shop.id}, 'menu', ${JSON.stringify(menu)}::jsonb)`);
  return { shopId: shop.id, latte, cake };
}

/** The benches' cart: two lattes with oat milk and a cake. */
export const benchCartItems = (cafe: BenchCafe) => [
  { itemId: cafe.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] },
  { itemId: cafe.cake, quantity: 1 },
];
