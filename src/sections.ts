import { createElement, type ComponentType, type ReactElement } from 'react';
import type { Area } from './contracts/area';
import type { MountPoint, Mounts } from './contracts/mounts';
import type { MainPage, ShopSection } from './contracts/shopSection';
import { areas } from './areas';
import { loadAreaWords } from './areaWords';
import { AreaWords } from './components/AreaWords';

const list: readonly Area[] = areas;

/** An area's element, shown once its words are in (a first visit fetches them with the page's code). */
const worded = (area: Area, element: ReactElement) => (area.words ? createElement(AreaWords, { area, children: element }) : element);

/**
 * The areas' shop sections and main pages. The shop shell mounts each shop section under /shops/:shopId/{path}/*,
 * and the sidebar, the breadcrumb and the tab title are read from the same lists.
 */
export const shopSections: ShopSection[] = list.flatMap((a) =>
  (a.sections ?? []).map((s) => ({
    ...s,
    element: worded(a, s.element),
    preload: a.words ? () => Promise.all([s.preload?.(), loadAreaWords(a)]) : s.preload,
  })),
);

export const mainPages: MainPage[] = list.flatMap((a) => (a.pages ?? []).map((p) => ({ ...p, element: worded(a, p.element) })));

/** What the areas mount on other areas' pages, by mount point (the shop shell provides them through MountsContext). */
export const mounts: Mounts = {};
for (const area of list)
  for (const [point, components] of Object.entries(area.mounts ?? {}) as [MountPoint, Mounts[MountPoint]][]) {
    const own = (components ?? []).map((C: ComponentType<any>) =>
      area.words ? (props: object) => worded(area, createElement(C, props)) : C,
    ) as Mounts[MountPoint];
    mounts[point] = [...(mounts[point] ?? []), ...(own ?? [])] as never;
  }
