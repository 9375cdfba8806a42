import { z } from 'zod';
import { ITEM_TYPES, itemImage } from '../../../domain/catalog/item';
import { DOWS } from '../../../domain/catalog/availability';

/*
 * The customers' menu as domain/catalog/storefrontMenu.ts builds it, for the API's document. The route sends the body
 * it cached already serialized, so this schema documents the answer and the contract test holds it to it; it does not
 * shape it.
 */

const choice = z.object({ name: z.string(), extraCharge: z.number() });

const attribute = z.object({
  name: z.string(),
  multiple: z.boolean(),
  optional: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  values: z.array(choice),
});

const pizzaSize = z.object({ name: z.string(), price: z.number(), hasHalfAndHalf: z.boolean() });

const item = z.object({
  id: z.string(),
  type: z.enum(ITEM_TYPES),
  name: z.string(),
  description: z.string(),
  discounted: z.boolean(),
  price: z.number(),
  image: itemImage.nullable(),
  attributes: z.array(attribute),
  sizes: z.array(pizzaSize).optional().describe('PIZZA: the sizes it comes in'),
  removeToppings: z.array(z.string()).optional().describe('PIZZA: toppings a customer may leave off'),
  toppings: z
    .array(z.object({ name: z.string(), prices: z.record(z.string(), z.number()) }))
    .optional()
    .describe('PIZZA: toppings to add, priced per size'),
  dealItems: z
    .array(z.object({ name: z.string(), qty: z.number().int(), attributes: z.array(attribute) }))
    .optional()
    .describe('DEAL: its fixed items'),
  dealPizzas: z
    .array(
      z.object({
        size: z.string(),
        qty: z.number().int(),
        pizzas: z.array(z.object({ id: z.string(), name: z.string(), extraCharge: z.number() })),
      }),
    )
    .optional()
    .describe('DEAL: its pizza slots, each with the pizzas on offer that fill it'),
});

export const storefrontMenuResponse = z.object({
  shop: z.object({ id: z.string(), name: z.string(), currency: z.string(), timezone: z.string() }),
  categories: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      image: itemImage.nullable(),
      offered: z
        .object({ dows: z.array(z.enum(DOWS)), from: z.string(), to: z.string() })
        .nullable()
        .describe('The days and hours (shop time, HH:mm; to before from runs past midnight) it is offered; null: always'),
      offeredNow: z.boolean().describe('False outside its hours: items is empty and notOfferedNow lists them'),
      items: z.array(item),
      soldOut: z
        .array(
          z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            price: z.number(),
            image: itemImage.nullable(),
            until: z.string().nullable().describe('When it is back by itself; null until the shop restores it'),
          }),
        )
        .describe('Items of the category sold out now: to show as sold out, not to order'),
      notOfferedNow: z
        .array(z.object({ id: z.string(), name: z.string(), description: z.string(), price: z.number(), image: itemImage.nullable() }))
        .describe('Outside its hours: its items, to show greyed with when the category is offered, not to order'),
    }),
  ),
  pizza: z
    .object({
      hasHalfAndHalf: z.boolean(),
      sizes: z.array(z.object({ name: z.string(), hasHalfAndHalf: z.boolean(), halfAndHalfExtraCharge: z.number() })),
      toppings: z.array(z.object({ name: z.string(), prices: z.record(z.string(), z.number()) })),
    })
    .nullable()
    .describe('Null when the shop has not set pizzas up'),
  delivery: z.object({
    minOrderValue: z.number(),
    suburbs: z.array(z.object({ name: z.string(), postcode: z.string(), deliveryCharges: z.number() })),
  }),
});
