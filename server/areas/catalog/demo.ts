import { and, eq } from 'drizzle-orm';
import { itemInput, type Item } from '../../../domain/catalog/item';
import { menuSchema } from '../../../domain/catalog/menu';
import { SETTINGS } from '../../../domain/settings';
import type { Services } from '../../infra/context';
import { shops } from '../../infra/db/tables';
import { items } from './tables';
import { createItem } from './repo';
import { saveMenu } from './repoMenu';
import { saveSettings } from '../../infra/db/settings';
import { storeDemoPictures } from './demoPictures';

const SHOP = 'Cappuccino Corner';

const milk = {
  name: 'Milk',
  values: [
    { name: 'Full cream', extraCharge: 0 },
    { name: 'Skim', extraCharge: 0 },
    { name: 'Oat', extraCharge: 0.8 },
    { name: 'Almond', extraCharge: 0.8 },
  ],
};
const size = {
  name: 'Size',
  values: [
    { name: 'Regular', extraCharge: 0 },
    { name: 'Large', extraCharge: 1 },
  ],
};
const extras = {
  name: 'Extras',
  multiple: true,
  optional: true,
  max: 3,
  values: [
    { name: 'Extra shot', extraCharge: 0.5 },
    { name: 'Vanilla syrup', extraCharge: 0.6 },
    { name: 'Caramel syrup', extraCharge: 0.6 },
    { name: 'Decaf', extraCharge: 0 },
  ],
};
const coffee = (name: string, price: number, description: string) => ({
  type: 'BASIC',
  name,
  price,
  description,
  attributes: [size, milk, extras],
});

const BASICS = [
  coffee('Flat White', 4.5, 'Velvety microfoam over a double ristretto'),
  coffee('Latte', 4.5, 'Smooth espresso with plenty of steamed milk'),
  coffee('Cappuccino', 4.5, 'Espresso, steamed milk and a chocolate dusting'),
  { type: 'BASIC', name: 'Long Black', price: 4, description: 'Double shot over hot water', attributes: [size, extras] },
  { type: 'BASIC', name: 'Chai Latte', price: 5, description: 'Spiced black tea brewed with milk and honey', attributes: [size, milk] },
  {
    type: 'BASIC',
    name: 'English Breakfast Tea',
    price: 4,
    attributes: [{ name: 'Milk on the side', optional: true, values: [{ name: 'Yes', extraCharge: 0 }] }],
  },
  {
    type: 'BASIC',
    name: 'Big Breakfast',
    price: 22,
    description: 'Eggs your way, bacon, chorizo, mushrooms, hash brown and sourdough',
    timeOfDayApplicable: { from: '07:00', to: '11:30' },
    attributes: [
      {
        name: 'Eggs',
        values: [
          { name: 'Poached', extraCharge: 0 },
          { name: 'Scrambled', extraCharge: 0 },
          { name: 'Fried', extraCharge: 0 },
        ],
      },
      {
        name: 'Add',
        multiple: true,
        optional: true,
        values: [
          { name: 'Avocado', extraCharge: 4 },
          { name: 'Halloumi', extraCharge: 4 },
          { name: 'Smoked salmon', extraCharge: 5 },
        ],
      },
    ],
  },
  {
    type: 'BASIC',
    name: 'Smashed Avo',
    price: 18,
    description: 'Avocado, feta, lemon and chilli on sourdough',
    timeOfDayApplicable: { from: '07:00', to: '14:00' },
    attributes: [
      {
        name: 'Add',
        multiple: true,
        optional: true,
        values: [
          { name: 'Poached egg', extraCharge: 3 },
          { name: 'Bacon', extraCharge: 4 },
        ],
      },
    ],
  },
  {
    type: 'BASIC',
    name: 'Banana Bread',
    price: 6,
    description: 'Toasted, with whipped butter',
    attributes: [
      {
        name: 'Toasted',
        values: [
          { name: 'Toasted', extraCharge: 0 },
          { name: 'Not toasted', extraCharge: 0 },
        ],
      },
    ],
  },
  { type: 'BASIC', name: 'Almond Croissant', price: 6.5, description: 'Baked every morning' },
  {
    type: 'BASIC',
    name: 'Chicken Caesar Salad',
    price: 19,
    description: 'Cos, bacon, parmesan, croutons, soft egg',
    dows: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  },
  { type: 'BASIC', name: 'Garlic Bread', price: 7, description: 'Wood-fired, with herb butter' },
  {
    type: 'BASIC',
    name: 'Soft Drink',
    price: 4,
    attributes: [
      {
        name: 'Flavour',
        values: [
          { name: 'Cola', extraCharge: 0 },
          { name: 'Lemonade', extraCharge: 0 },
          { name: 'Ginger beer', extraCharge: 0.5 },
        ],
      },
    ],
  },
];

const PIZZA_SETTINGS = {
  active: true,
  hasHalfAndHalf: true,
  sizes: [
    { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
    { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 2 },
    { name: 'Family', hasHalfAndHalf: true, halfAndHalfExtraCharge: 3 },
  ],
  toppings: [
    { name: 'Extra cheese', prices: { Small: 1.5, Large: 2.5, Family: 3.5 } },
    { name: 'Olives', prices: { Small: 1, Large: 1.5, Family: 2 } },
    { name: 'Mushrooms', prices: { Small: 1, Large: 1.5, Family: 2 } },
    { name: 'Jalapeños', prices: { Small: 1, Large: 1.5, Family: 2 } },
  ],
};
const pizza = (name: string, description: string, small: number, removeToppings: string[]) => ({
  type: 'PIZZA',
  name,
  description,
  sizes: {
    Small: { price: small },
    Large: { price: small + 6, hasHalfAndHalf: true },
    Family: { price: small + 11, hasHalfAndHalf: true },
  },
  removeToppings,
});
const PIZZAS = [
  pizza('Margherita', 'San Marzano tomato, fior di latte, basil', 14, ['Basil']),
  pizza('Pepperoni', 'Tomato, mozzarella, spicy pepperoni', 16, ['Chilli flakes']),
  pizza('Capricciosa', 'Ham, mushrooms, olives, artichoke', 17, ['Olives', 'Artichoke', 'Mushrooms']),
  {
    ...pizza('Garden', 'Roast capsicum, zucchini, red onion, feta', 16, ['Red onion', 'Feta']),
    addToppings: [{ name: 'Vegan cheese', prices: { Small: 2, Large: 3, Family: 4 } }],
  },
];

const DELIVERY = {
  minOrderValue: 25,
  suburbs: [
    { name: 'Surry Hills', postcode: '2010', deliveryCharges: 4 },
    { name: 'Darlinghurst', postcode: '2010', deliveryCharges: 4 },
    { name: 'Redfern', postcode: '2016', deliveryCharges: 5 },
    { name: 'Paddington', postcode: '2021', deliveryCharges: 6 },
  ],
};

/**
 * A full cafe menu for the demo's published cafe: coffee with choices, breakfast, bakery, pizzas, deals, delivery;
 * every item with its picture (demoPictures.ts).
 */
export async function loadCatalogDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const [shop] = await db
    .select({ id: shops.id, updatedBy: shops.updatedBy })
    .from(shops)
    .where(and(eq(shops.name, SHOP), eq(shops.demo, true)));
  if (!shop?.updatedBy) return [];
  const [existing] = await db.select({ id: items.id }).from(items).where(eq(items.shopId, shop.id)).limit(1);
  if (existing) return [];
  const by = shop.updatedBy;
  const now = clock.now();
  const pizzaKind = SETTINGS.pizza;
  await saveSettings(shop.id, db, 'pizza', pizzaKind.toStored!(pizzaKind.schema.parse(PIZZA_SETTINGS)), by, now);
  const deliveryKind = SETTINGS.delivery;
  await saveSettings(shop.id, db, 'delivery', deliveryKind.toStored!(deliveryKind.schema.parse(DELIVERY)), by, now);
  const deals = [
    { name: 'Family Night', type: 'DEAL' },
    { name: 'Lunch for Two', type: 'DEAL' },
  ];
  const pictures = await storeDemoPictures(services, by, [...BASICS, ...PIZZAS, ...deals]);
  const make = async (input: { name: string; [more: string]: unknown }): Promise<Item> => {
    const parsed = itemInput.parse({ ...input, image: pictures.get(input.name) });
    const price = parsed.type === 'PIZZA' ? Math.min(...Object.values(parsed.sizes).map((s) => s.price)) : parsed.price;
    return createItem(shop.id, db, { ...parsed, price }, by, now);
  };
  const made: Record<string, Item> = {};
  for (const input of [...BASICS, ...PIZZAS]) {
    const item = await make(input);
    made[item.name] = item;
  }
  const deal = (
    name: string,
    price: number,
    description: string,
    slots: { size: string; qty: number }[],
    sides: { name: string; qty: number }[],
  ) =>
    make({
      type: 'DEAL',
      name,
      price,
      description,
      dealItems: sides,
      dealPizzas: slots.map((s) => ({
        ...s,
        pizzas: Object.fromEntries(PIZZAS.map((p, i) => [made[p.name].id, { extraCharge: i === 2 ? 2 : 0 }])),
      })),
    });
  const family = await deal(
    'Family Night',
    49,
    'Two family pizzas, garlic bread and a soft drink',
    [{ size: 'Family', qty: 2 }],
    [
      { name: 'Garlic Bread', qty: 1 },
      { name: 'Soft Drink', qty: 1 },
    ],
  );
  const lunch = await deal(
    'Lunch for Two',
    32,
    'Two small pizzas and two soft drinks',
    [{ size: 'Small', qty: 2 }],
    [{ name: 'Soft Drink', qty: 2 }],
  );
  const ids = (...names: string[]) => names.map((n) => made[n].id);
  const menu = menuSchema.parse({
    categories: [
      {
        name: 'Coffee',
        description: 'Single origin beans roasted in Marrickville',
        itemIds: ids('Flat White', 'Latte', 'Cappuccino', 'Long Black'),
      },
      { name: 'Tea and more', itemIds: ids('Chai Latte', 'English Breakfast Tea', 'Soft Drink') },
      { name: 'Breakfast', description: 'Served until 11:30', itemIds: ids('Big Breakfast', 'Smashed Avo') },
      { name: 'Bakery', itemIds: ids('Banana Bread', 'Almond Croissant') },
      { name: 'Lunch', itemIds: ids('Chicken Caesar Salad', 'Garlic Bread') },
      { name: 'Pizza', description: 'Wood-fired from 5pm', itemIds: ids('Margherita', 'Pepperoni', 'Capricciosa', 'Garden') },
      { name: 'Deals', itemIds: [family.id, lunch.id] },
    ],
  });
  await saveMenu(shop.id, db, menu, by, now);
  return [`Demo menu: ${Object.keys(made).length + 2} items in ${menu.categories.length} categories at ${SHOP}`];
}
