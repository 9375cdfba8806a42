import { createContext, useContext, type ComponentType } from 'react';

export type OverviewCard = ComponentType<{ shopId: string }>;

/**
 * The cards areas add to the shop's overview (Area.overviewCards), provided by the shop shell. A leaf, so the shops
 * area shows other areas' cards without importing them.
 */
export const OverviewCardsContext = createContext<readonly OverviewCard[]>([]);

/** The other areas' cards for the shop overview, in the order of the list of areas. */
export const useOverviewCards = () => useContext(OverviewCardsContext);
