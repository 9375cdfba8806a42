import type { ComponentType, ReactElement } from 'react';
import type { StaffPermission } from '../../domain/staffPermissions';
import type { ShopFirstView } from './firstView';

/**
 * What an area of the console hands to the shell. A leaf: it imports only types, so areas under
 * resources/ can depend on it without depending on the shell (src/areas.ts lists the areas).
 */

/** Who may see a sidebar entry or do an action: a shop's USER, its ADMIN, or only a platform super admin. */
export type Access = 'USER' | 'ADMIN' | 'SUPER_ADMIN';

/**
 * The sidebar's headings inside a shop, in the order they are shown; an entry without a group (the overview) sits
 * above them. A heading is a plain word group: the spec's entries, their order within a group and their routes stay.
 */
export const MENU_GROUPS = ['orders', 'menu', 'money', 'customers', 'shop'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface MenuEntry {
  /** i18n key of the sidebar label, also the page name in the tab title and the breadcrumb. */
  label: string;
  icon: ComponentType;
  /** Position in the spec's sidebar order (spec 3 §2.3); lower first. */
  order: number;
  /** The sidebar heading it is listed under inside a shop. */
  group?: MenuGroup;
  /** The minimum access that sees the entry. */
  role: Access;
  /** The staff permission a USER also needs to see it (ADMINs always do). */
  permission?: StaffPermission;
  /** Not listed in the sidebar: a page reached from another one (an order's detail). */
  hidden?: boolean;
  /** Shown after the label in the sidebar (a live count, e.g. of new orders). */
  Badge?: ComponentType<{ shopId: string }>;
}

/**
 * A shop area, mounted by the shop shell at /shops/:shopId/{path}/*. `element` holds the area's own
 * <Routes> (list, create, edit, custom pages) relative to that path.
 */
export interface ShopSection {
  path: string;
  menu: MenuEntry;
  element: ReactElement;
  /**
   * Fetches the section's page code. The console calls it when it starts on the section's path (a bookmark, a reload,
   * the tablet at the counter), so the page's code loads while the session and the shop are read, not after.
   */
  preload?: () => Promise<unknown>;
  /**
   * The page's first view, painted from its HTML before the console runs (a page a phone opens cold: the counter's
   * board). Loaded only by the build (src/prerender), never by the console.
   */
  firstView?: () => Promise<ShopFirstView>;
}

/**
 * A page outside any shop (the shop list, platform pages, the invitation screen), mounted at /{path}.
 * `menu` puts it in the sidebar (SUPER_ADMIN entries go to the 'Super Admin' group); `public` pages
 * render without the signed-in layout and need no session.
 */
export interface MainPage {
  path: string;
  /** i18n key of the page name (tab title). */
  title: string;
  element: ReactElement;
  menu?: MenuEntry;
  public?: boolean;
  /** The minimum access for a page that has no menu entry (default: menu.role, else USER). */
  role?: Access;
}
