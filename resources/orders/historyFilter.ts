import { shop } from '../../providers/call';

/** What Order History filters by: the range on the shop's clock, and each of its choices when one is made. */
export interface HistoryFilter {
  placedAt_gte: string;
  placedAt_lte: string;
  orderStatusRestaurant?: string | string[];
  paymentType?: string;
  collectionType?: string;
  q?: string;
}

/**
 * Order History's CSV of what the page shows (the orders report's columns, then number, customer, items and status):
 * the reports API takes the range as from/to and a list of statuses comma-separated.
 */
export function historyCsvPath(shopId: string, f: HistoryFilter): string {
  const params = new URLSearchParams({ from: f.placedAt_gte, to: f.placedAt_lte });
  if (f.q) params.set('q', f.q);
  if (f.orderStatusRestaurant !== undefined) params.set('orderStatusRestaurant', [f.orderStatusRestaurant].flat().join(','));
  if (f.paymentType) params.set('paymentType', f.paymentType);
  if (f.collectionType) params.set('collectionType', f.collectionType);
  return `/reports${shop(shopId)}/history.csv?${params}`;
}
