import { z } from 'zod';
import { requiredMsg, text } from '../validation';
import { itemImage, optionalText } from './item';
import { DOWS } from './availability';
import { dayPartSchema } from './daypart';

export const CATEGORY_NAME_MAX = 24;
export const CATEGORY_DESCRIPTION_MAX = 140;
export const MAX_CATEGORIES = 100;
const MAX_CATEGORY_ITEMS = 1000;

const categorySchema = z.object({
  name: text('Name', { min: 1, max: CATEGORY_NAME_MAX }),
  description: optionalText(CATEGORY_DESCRIPTION_MAX),
  /** In menu order. An id whose item was deleted stays until the seller removes it (the editor flags it). */
  itemIds: z.array(z.string().max(64)).max(MAX_CATEGORY_ITEMS).default([]),
  image: itemImage.nullable().default(null),
  /** The days and hours it is offered (daypart.ts); null: whenever the shop takes orders. */
  offered: dayPartSchema.nullable().default(null),
});
export type Category = z.output<typeof categorySchema>;

/** Spec 2 §3 "Menu": the ordered categories; saved whole with one PUT, so a body without them is refused, not an empty menu. */
export const menuSchema = z.object({
  categories: z.array(categorySchema, { error: requiredMsg('Categories') }).max(MAX_CATEGORIES),
});
export type Menu = z.output<typeof menuSchema>;
export const emptyMenu: Menu = { categories: [] };

/** The menu as the API answers it (no defaults or conversions: what was saved). */
export const menuRecord = z.object({
  categories: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      itemIds: z.array(z.string()),
      image: itemImage.nullable(),
      offered: z.object({ dows: z.array(z.enum(DOWS)), from: z.string(), to: z.string() }).nullable(),
    }),
  ),
});
