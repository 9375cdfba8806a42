import type { Area } from './contracts/area';
import type { OverviewCard } from './contracts/overviewCards';
import type { MainPage, ShopSection } from './contracts/shopSection';
import { areas } from './areas';

const list: readonly Area[] = areas;

/**
 * The areas' shop sections and main pages. The shop shell mounts each shop section under /shops/:shopId/{path}/*,
 * and the sidebar, the breadcrumb and the tab title are read from the same lists.
 */
export const shopSections: ShopSection[] = list.flatMap((a) => a.sections ?? []);

export const mainPages: MainPage[] = list.flatMap((a) => a.pages ?? []);

/** The areas' cards on the shop overview (the shop shell provides them through OverviewCardsContext). */
export const overviewCards: OverviewCard[] = list.flatMap((a) => a.overviewCards ?? []);
