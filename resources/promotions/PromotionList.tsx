import { useState } from 'react';
import { useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { messages } from '../../domain/messages';
import { PROMOTION_TYPE_LABELS, type Promotion } from '../../domain/promotion';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApiError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { TimesIn } from '../../src/components/TimesIn';
import { PromotionDetails } from './PromotionDetails';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { touchLink } from '../../src/components/touch';

function FirstOffer({ canCreate, createUrl }: { canCreate: boolean; createUrl: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <LocalOfferOutlinedIcon sx={{ fontSize: 48, color: 'text.secondary', opacity: 0.7 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate('resources.promotions.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mt: 1 }}>
        {translate('resources.promotions.empty.text')}
      </Typography>
      {canCreate && (
        <Button component={RouterLink} to={createUrl} variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }}>
          {translate('resources.promotions.create')}
        </Button>
      )}
    </Box>
  );
}

/** /shops/{shopId}/promotions (spec 3 §2.4): Coupon, Details, Action; 'New Coupon'; empty state 'Your first coupon'. */
export function PromotionList() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useApiError();
  const { shop } = useShop();
  const { can } = useShopRole();
  const canWrite = can('ADMIN');
  // Tables are not paginated (spec 3 §9): one page holds every coupon.
  const list = useGetList<Promotion>(
    'promotions',
    { meta: { shopId: shop.id }, pagination: { page: 1, perPage: 500 }, sort: { field: 'createdAt', order: 'DESC' } },
    { retry: false },
  );
  const [deleteOne, { isPending: deleting }] = useDelete<Promotion>();
  const [removing, setRemoving] = useState<Promotion | null>(null);
  const createUrl = shopUrl(shop.id, 'promotions', 'create');
  const field = (name: string) => translate(`resources.promotions.fields.${name}`);

  const remove = (p: Promotion) =>
    deleteOne(
      'promotions',
      { id: p.id, previousData: p, meta: { shopId: shop.id } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(messages.promotionDeleted, { type: 'success' }),
        onError,
        onSettled: () => setRemoving(null),
      },
    );

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={translate('resources.promotions.menu')}
        actions={
          canWrite &&
          (list.data?.length ?? 0) > 0 && (
            <Button component={RouterLink} to={createUrl} variant="contained" startIcon={<AddIcon />}>
              {translate('resources.promotions.create')}
            </Button>
          )
        }
      />
      {list.error && <Alert severity="error">{(list.error as Error).message}</Alert>}
      {list.isPending && <Pending />}
      {list.data && (
        <Card variant="outlined">
          <CardContent>
            {list.data.length === 0 ? (
              <FirstOffer canCreate={canWrite} createUrl={createUrl} />
            ) : (
              <>
                <ResponsiveTable
                  aria-label={translate('resources.promotions.menu')}
                  testId="promotion-row"
                  rows={list.data}
                  rowKey={(p) => p.id}
                  columns={[
                    {
                      label: field('coupon'),
                      primary: true,
                      width: '35%',
                      render: (p) => (
                        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                          <Link
                            component={RouterLink}
                            to={shopUrl(shop.id, 'promotions', p.id, 'edit')}
                            sx={{ ...touchLink, fontWeight: 600, fontFamily: 'monospace', fontSize: 15 }}
                          >
                            {p.coupon}
                          </Link>
                          <Typography variant="body2">{p.description}</Typography>
                          <Chip
                            size="small"
                            label={PROMOTION_TYPE_LABELS[p.type]}
                            color={p.type === 'FREE_DELIVERY' ? 'success' : 'primary'}
                            variant="outlined"
                          />
                          {/* On phones the card has no room for a Details column beside the coupon: the details follow it. */}
                          <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 1 }}>
                            <PromotionDetails promotion={p} country={shop.country} />
                          </Box>
                        </Stack>
                      ),
                    },
                    {
                      label: field('details'),
                      hideOnPhone: true,
                      render: (p) => <PromotionDetails promotion={p} country={shop.country} />,
                    },
                  ]}
                  actionsLabel={field('action')}
                  actions={(p) => (
                    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<EditIcon />}
                        component={RouterLink}
                        to={shopUrl(shop.id, 'promotions', p.id, 'edit')}
                        aria-label={translate('resources.promotions.actions.edit', { coupon: p.coupon })}
                      >
                        {translate('ra.action.edit')}
                      </Button>
                      {canWrite && (
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          startIcon={<DeleteIcon />}
                          onClick={() => setRemoving(p)}
                          aria-label={translate('resources.promotions.actions.delete', { coupon: p.coupon })}
                        >
                          {translate('ra.action.delete')}
                        </Button>
                      )}
                    </Stack>
                  )}
                />
                <TimesIn zone={shop.timezone} />
              </>
            )}
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        loading={deleting}
        title={messages.deletePromotion}
        content={removing ? `${removing.coupon}: ${removing.description}` : ''}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
