import type { Mounts } from './mounts';
import type { MainPage, ShopSection } from './shopSection';

/** An area's messages: its own tree, mounted at resources.<name>.* (where react-admin looks for a resource's labels). */
export interface AreaMessages {
  [key: string]: string | AreaMessages;
}

/**
 * What one area of the console hands to the shell, exported from its index.ts. src/areas.ts lists them; the routes,
 * the sidebar, the breadcrumb, the tab title, the dataProvider and the messages are built from that list.
 */
export interface Area<Api extends object = object> {
  /** The area's folder under resources/, also where its messages sit: resources.<name>.* */
  name: string;
  /** Shop sections, mounted at /shops/:shopId/{path}/*. */
  sections?: ShopSection[];
  /** Pages outside any shop, mounted at /{path}. */
  pages?: MainPage[];
  /** What it adds to other areas' pages, by the shell's mount points ('shop.overview': cards below the shop's own). */
  mounts?: Mounts;
  /** The area's dataProvider methods beside the CRUD ones. */
  api?: Api;
  /**
   * The words the shell shows before any of the area's pages opens (its sidebar entries, breadcrumb, tab titles, badges);
   * or all its words, for a small area.
   */
  i18n?: AreaMessages;
  /**
   * The rest of its words, fetched with its first page (or a mounted card) so the console's start carries only the
   * labels; merged into resources.<name>.* beside `i18n`.
   */
  words?: () => Promise<AreaMessages>;
}
