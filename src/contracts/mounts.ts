import { createContext, useContext, type ComponentType } from 'react';

/**
 * The places where the shell lets an area add to another area's page, and what each place hands the component it
 * mounts. A new place is one line here and one `useMounted` where the page shows it.
 */
export interface MountPoints {
  /** Cards below the shop's own on its overview (resources/shops/ShopOverview.tsx). */
  'shop.overview': ComponentType<{ shopId: string }>;
  /**
   * The two-factor set-up a user who must have it is held at after signing in (src/pages/TwoFactorSetupRequired.tsx);
   * `onDone` once it is on and the recovery codes were shown.
   */
  'account.twoFactorSetup': ComponentType<{ onDone: () => void }>;
  /** Panels below the orders board's columns (resources/orders/DashboardPage.tsx): the catalog's 'Sold out'. */
  'orders.board': ComponentType<{ shopId: string; timeZone: string }>;
  /**
   * Entries of a NEW or in-progress order card's More menu (resources/orders/OrderCard.tsx: the menu's button is the
   * card's own, so the board's first view lays the card out as the console does), given the card's items and what
   * closes the menu: the catalog's 'Sold out…' for 1 hour or until close.
   */
  'orders.card': ComponentType<{ shopId: string; items: readonly { itemId: string; name: string }[]; close: () => void }>;
}

export type MountPoint = keyof MountPoints;

/** What one area mounts where (Area.mounts); the shell gathers them in the order of the list of areas. */
export type Mounts = { [P in MountPoint]?: readonly MountPoints[P][] };

/** Every area's mounts, provided by the shell. A leaf, so a page shows other areas' components without importing them. */
export const MountsContext = createContext<Mounts>({});

/** The components the areas mount at `point`, in the order of the list of areas. */
export function useMounted<P extends MountPoint>(point: P): readonly MountPoints[P][] {
  return useContext(MountsContext)[point] ?? [];
}
