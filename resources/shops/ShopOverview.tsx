import { Suspense, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PublicIcon from '@mui/icons-material/Public';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import CategoryIcon from '@mui/icons-material/Category';
import { useTranslate } from 'react-admin';
import type { Shop } from '../../domain/shop';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useMounted } from '../../src/contracts/mounts';
import { shopUrl } from '../../src/contracts/urls';
import { countryName, shopTypeLabel } from './labels';
import { ListingStatusChip } from './ListingStatusChip';
import { ShopLogo } from './ShopLogo';
import { SetupChecklist } from './SetupChecklist';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="body2" component="div">
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

const LISTING_HELP: Record<Shop['listing']['status'], string> = {
  PUBLISHED: 'Your shop is listed and customers can find it.',
  WAITING_FOR_REVIEW: 'We are reviewing your shop. It will be listed once it has been approved.',
  UNPUBLISHED: 'Your shop is not listed.',
  REJECTED: 'Your shop was not approved. Edit it and save to send it back for review.',
};

/**
 * The shop's home (shop routes '' and, until the New Orders page exists, 'orders/dashboard'):
 * what the shop looks like, where its listing stands, and the ways to change it.
 */
export function ShopOverview() {
  const { shop } = useShop();
  const { can } = useShopRole();
  const canEdit = can('editShop');
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.shops.fields.${name}`);
  const status = shop.listing.status;
  const cards = useMounted('shop.overview');

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 920 }}>
      {/* A shop still being set up: what is left, first. */}
      {can('ADMIN') && <SetupChecklist shopId={shop.id} />}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
            <ShopLogo shop={shop} size={112} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {shop.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {shop.description}
              </Typography>
              <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <ListingStatusChip listing={shop.listing} />
                {shop.role && (
                  <Chip size="small" variant="outlined" label={shop.role === 'ADMIN' ? 'You are an Admin' : 'You are a User'} />
                )}
                {shop.demo && <Chip size="small" variant="outlined" color="warning" label={translate('resources.shops.demo')} />}
              </Stack>
            </Box>
          </Stack>

          {status === 'REJECTED' ? (
            <Alert
              severity="error"
              sx={{ mt: 3 }}
              action={
                canEdit && (
                  <Button color="inherit" size="small" component={Link} to={shopUrl(shop.id, 'edit')}>
                    {translate('resources.shops.actions.editAndResubmit')}
                  </Button>
                )
              }
            >
              <strong>{translate(`resources.shops.overview.${shop.listing.rejectReason ? 'rejectedBecause' : 'rejected'}`)}</strong>
              {shop.listing.rejectReason}
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {LISTING_HELP.REJECTED}
              </Typography>
            </Alert>
          ) : (
            <Alert severity={status === 'PUBLISHED' ? 'success' : status === 'WAITING_FOR_REVIEW' ? 'info' : 'warning'} sx={{ mt: 3 }}>
              {LISTING_HELP[status]}
            </Alert>
          )}

          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3 }}>
            <Fact icon={<PlaceIcon fontSize="small" />} label={field('locality')}>
              {shop.locality}
            </Fact>
            <Fact icon={<PublicIcon fontSize="small" />} label={field('country')}>
              {countryName(shop.country)}
            </Fact>
            <Fact icon={<ScheduleIcon fontSize="small" />} label={field('timezone')}>
              {shop.timezone.replace(/_/g, ' ')}
            </Fact>
            <Fact icon={<CategoryIcon fontSize="small" />} label={field('type')}>
              {shopTypeLabel(shop.type)}
            </Fact>
          </Box>
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {canEdit && (
              <Button variant="contained" component={Link} to={shopUrl(shop.id, 'edit')} startIcon={<EditIcon />}>
                {translate('resources.shops.actions.editShop')}
              </Button>
            )}
            <Button variant="outlined" component={Link} to={shopUrl(shop.id, 'users')} startIcon={<PeopleIcon />}>
              {translate('resources.shops.actions.users')}
            </Button>
            {can('platform') && (
              <Button variant="outlined" component={Link} to={shopUrl(shop.id, 'transaction_fee')} startIcon={<PercentIcon />}>
                {translate('resources.shops.actions.transactionFee')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
      {/* Other areas' cards (mount point shop.overview): the shops area shows them without knowing them. */}
      {cards.map((OverviewCard, i) => (
        <Box key={i} sx={{ mt: 2 }}>
          <Suspense fallback={null}>
            <OverviewCard shopId={shop.id} />
          </Suspense>
        </Box>
      ))}
    </Box>
  );
}
