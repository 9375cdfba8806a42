import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PAGE_SIZE } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { ShopActions } from './ShopActions';
import { countryColumn, listingColumn, statusColumn, typeColumn } from './shopColumns';
import { ShopTable } from './ShopTable';
import { useApi, useReportedError } from '../../src/components/api';
import type { ShopsApi } from './api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { shopHome } from '../../src/contracts/urls';

/**
 * /shops/browse: every shop, newest first, 20 at a time (spec 1 §4). Load More is disabled once a
 * page comes back with fewer than 20 shops.
 */
export function BrowsePage() {
  const translate = useTranslate();
  const api = useApi<ShopsApi>();
  const navigate = useNavigate();
  const browse = useInfiniteQuery({
    queryKey: ['platform', 'browse'],
    queryFn: ({ pageParam }) => api.browseShops(pageParam, PAGE_SIZE),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.data.length < PAGE_SIZE ? undefined : (last.nextCursor ?? undefined)),
    retry: false,
  });
  useReportedError(browse.error);

  const shops = browse.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader title={translate('resources.shops.pages.browse')} subtitle={translate('resources.shops.browse.subtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {browse.isPending ? (
            <Pending py={6} />
          ) : shops.length === 0 ? (
            <EmptyState icon={<StorefrontIcon />} text={messages.shopsEmpty} />
          ) : (
            <>
              <ShopTable
                aria-label={translate('resources.shops.lists.all')}
                shops={shops}
                columns={[listingColumn, countryColumn, typeColumn, statusColumn(true)]}
                actions={(shop) => <ShopActions shop={shop} />}
                onOpen={(shop) => navigate(shopHome(shop.id))}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, pt: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {translate('resources.shops.browse.shown', { count: shops.length })}
                </Typography>
                <Button
                  variant="outlined"
                  onClick={() => browse.fetchNextPage()}
                  disabled={!browse.hasNextPage || browse.isFetchingNextPage}
                  startIcon={browse.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
                >
                  {translate('resources.shops.actions.loadMore')}
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
