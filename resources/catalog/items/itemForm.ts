import type { ImageAspect } from '../../../domain/constants';
import { DOWS } from '../../../domain/catalog/availability';
import { itemInput, type Item, type ItemImage, type ItemType } from '../../../domain/catalog/item';
import { schemaResolver } from '../../../src/components/forms/schemaResolver';

/** The item types as the console's routes name them (spec 2 §2: `type` is the lowercase item type). */
export const ROUTE_TYPES = { basic: 'BASIC', pizza: 'PIZZA', deal: 'DEAL' } as const satisfies Record<string, ItemType>;
export type RouteType = keyof typeof ROUTE_TYPES;
export const routeTypeOf = (type: ItemType) => type.toLowerCase() as RouteType;

/** The image ratios the editor offers (the spec's list; 'none' is the API's uncropped image, not offered here). */
export const EDITOR_ASPECTS = [
  'SQUARE',
  'FOUR_THREE',
  'FOUR_TWO',
  'FOUR_TWO_POINT_FIVE',
  'FOUR_FIVE',
  'FOUR_SIX',
] as const satisfies ImageAspect[];

/**
 * The form holds the item as the API takes it, except the image: ImageInput keeps `{ path }` in `imageUpload` and
 * the ratio it crops to in `imageAspect`; toApi() puts them back together as `image: { aspectRatio, image }`.
 */
type EditorAspect = (typeof EDITOR_ASPECTS)[number];
type ItemFormValues = Record<string, unknown> & { imageUpload: { path: string } | null; imageAspect: EditorAspect };

type DealPizzaForm = { size: string; qty: number; pizzaList: { id: string; extraCharge: number }[] };
type DealPizzaApi = { size: string; qty: number; pizzas: Record<string, { extraCharge: number }> };

/** Deal pizzas keep their qualifying pizzas as a map on the API and as a list (one row each) in the form. */
export function toForm(item: Partial<Item> & { type: ItemType }): ItemFormValues {
  const { image, id: _id, created: _c, updated: _u, availability: _a, ...rest } = item as Item & { dealPizzas?: DealPizzaApi[] };
  const aspect: EditorAspect = image?.aspectRatio && image.aspectRatio !== 'none' ? image.aspectRatio : 'SQUARE';
  const dealPizzas = (rest as { dealPizzas?: DealPizzaApi[] }).dealPizzas?.map(({ pizzas, ...p }) => ({
    ...p,
    pizzaList: Object.entries(pizzas ?? {}).map(([id, { extraCharge }]) => ({ id, extraCharge })),
  }));
  return { ...rest, ...(dealPizzas ? { dealPizzas } : {}), imageUpload: image ? { path: image.image } : null, imageAspect: aspect };
}

export function toApi(values: Record<string, unknown>): Record<string, unknown> {
  const { imageUpload, imageAspect, ...rest } = values as ItemFormValues;
  const image: ItemImage | null = imageUpload?.path ? { aspectRatio: imageAspect, image: imageUpload.path } : null;
  const dealPizzas = (rest.dealPizzas as DealPizzaForm[] | undefined)?.map(({ pizzaList, ...p }) => ({
    ...p,
    pizzas: Object.fromEntries((pizzaList ?? []).filter((x) => x?.id).map((x) => [x.id, { extraCharge: x.extraCharge ?? 0 }])),
  }));
  return { ...rest, ...(dealPizzas ? { dealPizzas } : {}), image };
}

export function newItem(type: ItemType): ItemFormValues {
  const common = { type, name: '', description: '', discounted: false, dows: [...DOWS], timeOfDayApplicable: null, attributes: [] };
  if (type === 'PIZZA') return toForm({ ...common, type, sizes: {}, removeToppings: [], addToppings: [] } as never);
  if (type === 'DEAL') return toForm({ ...common, type, price: 0, dealItems: [], dealPizzas: [] } as never);
  return toForm({ ...common, type, price: 0 } as never);
}

const check = schemaResolver(itemInput);
/** Checks the form with the API's own schema, so Save stays disabled while the server would refuse it. */
export const itemResolver: typeof check = async (values, context, options) => {
  const result = await check(toApi(values) as never, context, options);
  const errors = result.errors as Record<string, unknown>;
  if (errors.image) {
    errors.imageUpload = (errors.image as { image?: unknown }).image ?? errors.image;
    delete errors.image;
  }
  return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
};
