import type { Area } from './contracts/area';
import type { MountPoint, Mounts } from './contracts/mounts';
import type { MainPage, ShopSection } from './contracts/shopSection';
import { areas } from './areas';

const list: readonly Area[] = areas;

/**
 * The areas' shop sections and main pages. The shop shell mounts each shop section under /shops/:shopId/{path}/*,
 * and the sidebar, the breadcrumb and the tab title are read from the same lists.
 */
export const shopSections: ShopSection[] = list.flatMap((a) => a.sections ?? []);

export const mainPages: MainPage[] = list.flatMap((a) => a.pages ?? []);

/** What the areas mount on other areas' pages, by mount point (the shop shell provides them through MountsContext). */
export const mounts: Mounts = {};
/** Each point keeps its own component type: gathered one point at a time. */
function gather<P extends MountPoint>(point: P, components: Mounts[P]) {
  mounts[point] = [...(mounts[point] ?? []), ...(components ?? [])] as Mounts[P];
}
for (const area of list) for (const point of Object.keys(area.mounts ?? {}) as MountPoint[]) gather(point, area.mounts![point]);
