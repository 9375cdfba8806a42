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

/**
 * What the areas mount on other areas' pages, by mount point (the shop shell and the two-factor set-up gate provide them
 * through MountsContext).
 */
export const mounts: Mounts = {};
// Each point's list keeps its own component type; gathered untyped, as the area's manifest was typed by Mounts.
const gathered = mounts as Partial<Record<MountPoint, readonly unknown[]>>;
for (const area of list)
  for (const [point, components] of Object.entries(area.mounts ?? {}) as [MountPoint, readonly unknown[] | undefined][])
    gathered[point] = [
      ...(gathered[point] ?? []),
      ...(components ?? []).map((C) =>
        area.words ? (props: object) => worded(area, createElement(C as ComponentType<object>, props)) : C,
      ),
    ];
