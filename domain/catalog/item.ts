import { z } from 'zod';
import { money } from '../money';
import { format, messages } from '../messages';
import { maxLenMsg, requiredMsg, text } from '../validation';
import { availabilityRequest, availabilityRules, availabilitySchema, DOWS } from './availability';

/** Spec 2 §3, §5, §9: item limits. */
export const ITEM_TYPES = ['BASIC', 'PIZZA', 'DEAL'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_NAME_MAX = 32;
export const BASIC_DESCRIPTION_MAX = 400;
export const PIZZA_DESCRIPTION_MAX = 200;
export const DEAL_DESCRIPTION_MAX = 200;
export const ATTRIBUTE_NAME_MAX = 40;
export const TOPPING_NAME_MAX = 24;
const MAX_ATTRIBUTES = 30;
const MAX_VALUES = 60;
const MAX_QTY = 99;

/** Spec 2 §3: the image aspect ratios an item or a category may use ('none' keeps the picture as uploaded). */
const ITEM_ASPECT_RATIOS = ['none', 'FOUR_TWO', 'FOUR_TWO_POINT_FIVE', 'FOUR_THREE', 'SQUARE', 'FOUR_FIVE', 'FOUR_SIX'] as const;
export type ItemAspectRatio = (typeof ITEM_ASPECT_RATIOS)[number];

export const itemImage = z.object({
  aspectRatio: z.enum(ITEM_ASPECT_RATIOS, { error: requiredMsg('Aspect ratio') }),
  image: z
    .string({ error: requiredMsg('Image') })
    .min(1, { error: requiredMsg('Image') })
    .max(300),
});
export type ItemImage = z.infer<typeof itemImage>;

/** Optional text: absent, or null as a cleared form field sends it, reads as ''. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .trim()
      .max(max, { error: maxLenMsg(max) }),
  );
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'should be a time (HH:mm)' });

const attributeValue = z.object({
  name: text('Name', { min: 1, max: ATTRIBUTE_NAME_MAX }),
  extraCharge: money('Extra charge'),
  availability: availabilitySchema.default({ soldOut: false, until: null }),
});

/**
 * An attribute (a modifier group). Beyond the spec: a `multiple` attribute may set how many values a customer must
 * and may pick (min/max); one that is not optional needs at least one (or `min`). checkChoices() enforces them.
 */
export const attribute = z
  .object({
    name: text('Name', { min: 1, max: ATTRIBUTE_NAME_MAX }),
    multiple: z.boolean().default(false),
    optional: z.boolean().default(false),
    min: z
      .number()
      .int({ error: 'should be a whole number' })
      .min(0, { error: format(messages.minNumber, { n: 0 }) })
      .nullable()
      .default(null),
    max: z
      .number()
      .int({ error: 'should be a whole number' })
      .min(1, { error: format(messages.minNumber, { n: 1 }) })
      .nullable()
      .default(null),
    values: z.array(attributeValue).min(1, { error: messages.atLeastOneValue }).max(MAX_VALUES),
  })
  .superRefine((a, ctx) => {
    if (!a.multiple && (a.min !== null || a.max !== null)) {
      ctx.addIssue({ code: 'custom', path: [a.min !== null ? 'min' : 'max'], message: messages.limitsNeedMultiple });
    }
    if (a.optional && a.min !== null && a.min > 0) ctx.addIssue({ code: 'custom', path: ['min'], message: messages.optionalNoMinimum });
    if (a.min !== null && a.max !== null && a.min > a.max) ctx.addIssue({ code: 'custom', path: ['max'], message: messages.maxBelowMin });
    const most = a.max ?? a.values.length;
    if ((a.min ?? 0) > a.values.length) ctx.addIssue({ code: 'custom', path: ['min'], message: messages.minAboveValues });
    else if (most > a.values.length) ctx.addIssue({ code: 'custom', path: ['max'], message: messages.maxAboveValues });
    const seen = new Set<string>();
    a.values.forEach((v, i) => {
      const key = v.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['values', i, 'name'], message: messages.valueNamesUnique });
      seen.add(key);
    });
  });
export type Attribute = z.infer<typeof attribute>;

const attributes = z
  .array(attribute)
  .max(MAX_ATTRIBUTES)
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const key = a.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: messages.attributeNamesUnique });
      seen.add(key);
    });
  });

const base = {
  name: text('Name', { min: 1, max: ITEM_NAME_MAX }),
  /** The spec's 'No Discount' flag: true keeps coupons off this item. */
  discounted: z.boolean().default(false),
  dows: z
    .array(z.enum(DOWS))
    .max(7)
    .default([...DOWS]),
  timeOfDayApplicable: z.object({ from: hhmm, to: hhmm }).nullable().default(null),
  image: itemImage.nullable().default(null),
  attributes,
};

const basicItem = z.object({
  type: z.literal('BASIC'),
  ...base,
  description: optionalText(BASIC_DESCRIPTION_MAX),
  price: money('Price'),
});

const pizzaSizePrice = z.object({ price: money('Price'), hasHalfAndHalf: z.boolean().default(false) });
const addTopping = z.object({
  name: text('Name', { min: 1, max: TOPPING_NAME_MAX }),
  prices: z.record(z.string(), money('Price')).default({}),
  availability: availabilitySchema.default({ soldOut: false, until: null }),
});

const pizzaItem = z
  .object({
    type: z.literal('PIZZA'),
    ...base,
    name: text('Name', { min: 2, max: ITEM_NAME_MAX }),
    description: text('Description', { min: 1, max: PIZZA_DESCRIPTION_MAX }),
    /** The lowest size price; the server sets it from the sizes. */
    price: money('Price').default(0),
    sizes: z.record(z.string(), pizzaSizePrice).refine((s) => Object.keys(s).length > 0, { error: messages.minItems }),
    removeToppings: z
      .array(text('Topping', { min: 1, max: TOPPING_NAME_MAX }))
      .max(MAX_VALUES)
      .default([]),
    addToppings: z.array(addTopping).max(MAX_VALUES).default([]),
  })
  .superRefine((p, ctx) => {
    const sizes = Object.keys(p.sizes);
    p.addToppings.forEach((t, i) => {
      for (const size of sizes) {
        if (t.prices[size] === undefined)
          ctx.addIssue({ code: 'custom', path: ['addToppings', i, 'prices', size], message: requiredMsg('Price') });
      }
    });
  });

const qty = z
  .number({ error: requiredMsg('Qty') })
  .int({ error: 'should be a whole number' })
  .min(1, { error: format(messages.minNumber, { n: 1 }) })
  .max(MAX_QTY, { error: format(messages.maxNumber, { n: MAX_QTY }) });

const dealItem = z.object({ name: text('Name', { min: 1, max: ITEM_NAME_MAX }), qty, attributes });
const dealPizza = z.object({
  size: z
    .string({ error: requiredMsg('Size') })
    .trim()
    .min(1, { error: requiredMsg('Size') })
    .max(TOPPING_NAME_MAX),
  qty,
  /** Which of the shop's pizzas qualify, by id, each with its extra charge. */
  pizzas: z.record(z.string(), z.object({ extraCharge: money('Extra charge') })).default({}),
});

const dealItemDoc = z.object({
  type: z.literal('DEAL'),
  ...base,
  description: optionalText(DEAL_DESCRIPTION_MAX),
  price: money('Price'),
  dealItems: z.array(dealItem).max(MAX_VALUES).default([]),
  dealPizzas: z.array(dealPizza).max(MAX_VALUES).default([]),
});

/** What the console and the API send to create or replace an item (currency units). */
export const itemInput = z.discriminatedUnion('type', [basicItem, pizzaItem, dealItemDoc], { error: requiredMsg('Type') });
export type ItemInput = z.infer<typeof itemInput>;
export type PizzaItem = z.infer<typeof pizzaItem>;
export type DealItem = z.infer<typeof dealItemDoc>;

/** An item as the API answers it. */
export type Item = ItemInput & {
  id: string;
  availability: z.infer<typeof availabilitySchema>;
  created: string;
  updated: string;
};
export const itemRecord = z.looseObject({
  id: z.string(),
  type: z.enum(ITEM_TYPES),
  name: z.string(),
  price: z.number(),
  availability: availabilitySchema,
  created: z.string(),
  updated: z.string(),
});

/** PUT .../items/{itemId}/availability: the whole item, or one attribute value or one topping of it. */
export const availabilityBody = z
  .object({
    ...availabilityRequest,
    attribute: z.string().max(ATTRIBUTE_NAME_MAX).optional(),
    value: z.string().max(ATTRIBUTE_NAME_MAX).optional(),
    topping: z.string().max(TOPPING_NAME_MAX).optional(),
  })
  .superRefine((b, ctx) => {
    availabilityRules(b, ctx);
    if ((b.attribute === undefined) !== (b.value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [b.attribute === undefined ? 'attribute' : 'value'], message: messages.attributeAndValue });
    }
  });
export type AvailabilityBody = z.infer<typeof availabilityBody>;
