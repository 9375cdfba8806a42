import { menuSchema, type Menu } from '../../../domain/catalog/menu';
import type { ItemAspectRatio } from '../../../domain/catalog/item';
import { DOWS, type Dow } from '../../../domain/catalog/availability';
import { schemaResolver } from '../../../src/components/forms/schemaResolver';

/**
 * The editor's form: categories with their items as rows ({ itemId }) so react-hook-form can move them, and the
 * image split as the item editor does (ImageInput keeps { path } in imageUpload, the ratio in imageAspect).
 */
interface CategoryForm {
  name: string;
  description: string;
  items: { itemId: string }[];
  imageUpload: { path: string } | null;
  imageAspect: Exclude<ItemAspectRatio, 'none'>;
  /** Offered only at some hours: the daypart below is saved; off, the category is offered whenever the shop is open. */
  offeredOn: boolean;
  offered: { dows: Dow[]; from: string; to: string };
}
/** What the times start from when a seller first limits a category. */
const DEFAULT_DAYPART = { dows: [...DOWS], from: '06:00', to: '11:00' };
export interface MenuForm {
  categories: CategoryForm[];
}

export function toForm(menu: Menu): MenuForm {
  return {
    categories: menu.categories.map((c) => ({
      name: c.name,
      description: c.description,
      items: c.itemIds.map((itemId) => ({ itemId })),
      imageUpload: c.image ? { path: c.image.image } : null,
      imageAspect: c.image && c.image.aspectRatio !== 'none' ? c.image.aspectRatio : 'FOUR_TWO',
      offeredOn: c.offered !== null,
      offered: c.offered ?? { ...DEFAULT_DAYPART, dows: [...DEFAULT_DAYPART.dows] },
    })),
  };
}

export function toApi(form: MenuForm): Menu {
  return {
    categories: form.categories.map((c) => ({
      name: c.name,
      description: c.description ?? '',
      itemIds: (c.items ?? []).map((i) => i.itemId),
      image: c.imageUpload?.path ? { aspectRatio: c.imageAspect, image: c.imageUpload.path } : null,
      offered: c.offeredOn ? c.offered : null,
    })),
  };
}

export const newCategory = (): CategoryForm => ({
  name: '',
  description: '',
  items: [],
  imageUpload: null,
  imageAspect: 'FOUR_TWO',
  offeredOn: false,
  offered: { ...DEFAULT_DAYPART, dows: [...DEFAULT_DAYPART.dows] },
});

const check = schemaResolver(menuSchema);
/** The API's own rules on every change, so Save stays disabled while the server would refuse the menu. */
export const menuResolver: typeof check = async (values, context, options) => {
  const result = await check(toApi(values as unknown as MenuForm) as never, context, options);
  return Object.keys(result.errors).length ? result : { values, errors: {} };
};
