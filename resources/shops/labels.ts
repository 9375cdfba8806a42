import { COUNTRIES, SHOP_COUNTRIES } from '../../domain/countries';
import type { ListingStatus } from '../../domain/shop';

/** How the shop's type (category) reads on screen; CAFE is the only one the shop area supports. */
const SHOP_TYPE_LABELS: Record<string, string> = { CAFE: 'Cafe' };
const SHOP_CATEGORY_LABELS: Record<string, string> = { CAFE: 'Food & Beverage' };

export const shopTypeLabel = (type: string) => SHOP_TYPE_LABELS[type] ?? type;
export const countryName = (code: string) => (COUNTRIES as Record<string, { name: string }>)[code]?.name ?? code;

export const countryChoices = SHOP_COUNTRIES.map((id) => ({ id, name: countryName(id) }));
export const categoryChoices = Object.entries(SHOP_CATEGORY_LABELS).map(([id, name]) => ({ id, name: `${name} (${shopTypeLabel(id)})` }));

export const LISTING_STATUS_LABELS: Record<ListingStatus, string> = {
  PUBLISHED: 'Published',
  WAITING_FOR_REVIEW: 'Waiting for review',
  UNPUBLISHED: 'Unpublished',
  REJECTED: 'Rejected',
};
