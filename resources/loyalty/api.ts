import { call, shop } from '../../providers/call';
import type { LoyaltySummary } from '../../domain/loyaltyCard';

/** The loyalty program's figures beside the redeemed cards (the list itself is CRUD: getList('loyalty_cards/redeemed')). */
export const api = {
  getLoyaltySummary: (shopId: string) => call<LoyaltySummary>(`${shop(shopId)}/loyalty_cards/summary`),
};

export type LoyaltyApi = typeof api;
