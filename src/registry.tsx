import type { ComponentType, ReactElement } from 'react';
import { shopsMainMenu, shopsMainRoutes, shopsShopMenu, shopsShopRoutes } from '../resources/shops/routes';
import { shopUsersShopMenu, shopUsersShopRoutes } from '../resources/shop-users/routes';
import { platformMainRoutes, platformShopMenu, platformShopRoutes, platformSuperAdminMenu } from './pages/platform/routes';
import { invitationRoutes } from './pages/invitation/routes';

/**
 * What each area adds to the console: its routes and its sidebar entries.
 * App.tsx and the layout read these lists; areas never edit App.tsx or the menu.
 */
export interface PageRoute {
  /** Path relative to the area: main routes from "/", shop routes from "/shops/:shopId/". */
  path: string;
  element: ReactElement;
  /** Render without the signed-in layout (e.g. the invitation screen). */
  noLayout?: boolean;
}

export interface MenuEntry {
  /** Main area: absolute path. Shop area: path relative to /shops/:shopId/. */
  to: string;
  label: string;
  icon: ComponentType;
  /** Position in the spec's sidebar order (spec 3 §2.3); lower first. */
  order: number;
  superAdminOnly?: boolean;
  adminOnly?: boolean;
}

export const mainRoutes: PageRoute[] = [...shopsMainRoutes, ...platformMainRoutes, ...invitationRoutes];
export const shopRoutes: PageRoute[] = [...shopsShopRoutes, ...shopUsersShopRoutes, ...platformShopRoutes];
export const mainMenu: MenuEntry[] = [...shopsMainMenu];
export const superAdminMenu: MenuEntry[] = [...platformSuperAdminMenu];
export const shopMenu: MenuEntry[] = [...shopsShopMenu, ...shopUsersShopMenu, ...platformShopMenu];
