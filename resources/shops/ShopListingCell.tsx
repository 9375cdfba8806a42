import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Shop } from '../../domain/shop';
import { countryName } from './labels';
import { ShopLogo } from './ShopLogo';
import { TOUCH } from '../../src/components/touch';

/** Two lines at most, then an ellipsis; long words break rather than widen the table. */
const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

/**
 * The "Shop Listing" cell: logo, name, description, locality and country. It names the country, so
 * tables may drop their Country column on narrower screens without losing it.
 */
export function ShopListingCell({ shop, to }: { shop: Shop; to?: string }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ShopLogo shop={shop} />
      <Box sx={{ minWidth: 0, maxWidth: 300 }}>
        <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600, lineHeight: 1.3, ...(to ? {} : clamp(2)) }}>
          {to ? (
            // Named for what it opens; the name shown is part of it (what a voice user says is what they see).
            <Link
              component={RouterLink}
              to={to}
              aria-label={translate('resources.shops.actions.open', { name: shop.name })}
              color="inherit"
              underline="hover"
              onClick={(e: React.MouseEvent) => e.stopPropagation()}
              // A 44 px touch target over its line (the band reaches into the space around it, so nothing moves); it
              // clamps itself, as a clamped box around it would cut the target off.
              sx={{ ...clamp(2), py: '10px', my: '-10px', minHeight: TOUCH }}
            >
              {shop.name}
            </Link>
          ) : (
            shop.name
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={clamp(2)}>
          {shop.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={clamp(1)}>
          {shop.locality}, {countryName(shop.country)}
        </Typography>
      </Box>
    </Stack>
  );
}
