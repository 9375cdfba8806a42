import { Typography } from '@mui/material';
import type { Shop } from '../../domain/shop';
import { countryName, shopTypeLabel } from './labels';
import { ListingStatusChip } from './ListingStatusChip';
import { ShopListingCell } from './ShopListingCell';
import type { ShopColumn } from './ShopTable';

/**
 * The columns every shop table shares (spec 1 §2, spec 3 §2.9 and §2.11). Country and Type are secondary:
 * the listing cell already names the country, and every shop is a cafe for now, so they give way first
 * when the table has to fit a narrower window.
 */
export const listingColumn: ShopColumn = {
  label: 'resources.shops.fields.shopListing',
  render: (shop) => <ShopListingCell shop={shop} />,
  width: 360,
};
export const countryColumn: ShopColumn = {
  label: 'resources.shops.fields.country',
  showFrom: 'lg',
  render: (shop) => <Typography variant="body2">{countryName(shop.country)}</Typography>,
};
export const typeColumn: ShopColumn = {
  label: 'resources.shops.fields.type',
  showFrom: 'xl',
  render: (shop: Shop) => <Typography variant="body2">{shopTypeLabel(shop.type)}</Typography>,
};
export const statusColumn = (showReason: boolean): ShopColumn => ({
  label: 'resources.shops.fields.listing.status',
  render: (shop) => <ListingStatusChip listing={shop.listing} showReason={showReason} />,
});
