import { Box, Stack, Typography } from '@mui/material';
import type { Shop } from '../../domain/shop';
import { countryName } from './labels';
import { ShopLogo } from './ShopLogo';

/** The "Shop Listing" cell: logo, name, description, locality and country. */
export function ShopListingCell({ shop }: { shop: Shop }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ShopLogo shop={shop} />
      <Box sx={{ minWidth: 0, maxWidth: 300 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
          {shop.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {shop.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {shop.locality}, {countryName(shop.country)}
        </Typography>
      </Box>
    </Stack>
  );
}
