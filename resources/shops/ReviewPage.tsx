import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { viewerTimeZone } from '../../domain/dates';
import { showDateTime } from '../../src/components/dates';
import { messages } from '../../domain/messages';
import type { Shop } from '../../domain/shop';
import { countryName } from './labels';
import { ShopLogo } from './ShopLogo';
import { ShopTable } from './ShopTable';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { ShopsApi } from './api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { TimesIn } from '../../src/components/TimesIn';
import { shopHome, shopUrl } from '../../src/contracts/urls';
import { RejectDialog } from './RejectDialog';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/** /shops/review (spec 3 §2.10): shops waiting for review, oldest first; approve or reject with a reason. */
export function ReviewPage() {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.shops.fields.${name}`);
  const api = useApi<ShopsApi>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const review = useApiQuery({ queryKey: ['platform', 'review'], queryFn: () => api.reviewQueue() });
  const [approving, setApproving] = useState<Shop | null>(null);
  const [rejecting, setRejecting] = useState<Shop | null>(null);

  const done = () => {
    queryClient.invalidateQueries({ queryKey: ['platform'] });
    queryClient.invalidateQueries({ queryKey: ['shops'] });
  };
  const approve = useApiMutation({ mutationFn: (shop: Shop) => api.approveShop(shop.id), success: messages.shopApproved, onSuccess: done });
  const reject = useApiMutation({
    mutationFn: ({ shop, reason }: { shop: Shop; reason: string }) => api.rejectShop(shop.id, reason),
    success: messages.shopRejected,
    successOptions: { type: 'info' },
    onSuccess: done,
  });

  const shops = review.data ?? [];
  // Shops from many zones on one screen: every time on the viewer's clock, and the screen says so.
  const zone = viewerTimeZone();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader title={translate('resources.shops.pages.review')} subtitle={translate('resources.shops.review.subtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {review.isPending ? (
            <Pending py={6} />
          ) : shops.length === 0 ? (
            <EmptyState icon={<FactCheckIcon />} text={messages.noPendingReviews} />
          ) : (
            <>
              <ShopTable
                aria-label={translate('resources.shops.lists.waiting')}
                shops={shops}
                onOpen={(shop) => navigate(shopHome(shop.id))}
                columns={[
                  { label: field('logo'), render: (s) => <ShopLogo shop={s} />, width: 72, hideOnPhone: true },
                  {
                    label: field('name'),
                    primary: true,
                    render: (s) => (
                      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
                          <ShopLogo shop={s} size={48} />
                        </Box>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="subtitle1" component="div" sx={{ lineHeight: 1.3 }}>
                            {s.name}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {s.description} · {s.locality}
                          </Typography>
                        </Box>
                      </Box>
                    ),
                  },
                  { label: field('country'), render: (s) => countryName(s.country) },
                  {
                    label: field('submittedAt'),
                    render: (s) => <Box sx={{ whiteSpace: 'nowrap' }}>{showDateTime(s.updatedAt, zone)}</Box>,
                  },
                ]}
                actions={(s) => (
                  <>
                    <Button size="small" component={Link} to={shopUrl(s.id, 'edit')} startIcon={<EditIcon />}>
                      {translate('resources.shops.actions.edit')}
                    </Button>
                    <Button size="small" color="success" startIcon={<CheckIcon />} onClick={() => setApproving(s)}>
                      {translate('resources.shops.actions.approve')}
                    </Button>
                    <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setRejecting(s)}>
                      {translate('resources.shops.actions.reject')}
                    </Button>
                  </>
                )}
              />
              <TimesIn zone={zone} />
            </>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        isOpen={approving !== null}
        loading={approve.isPending}
        title={messages.approveConfirm}
        content={approving ? `${approving.name} will be listed and customers will be able to find it.` : ''}
        confirm="resources.shops.actions.approve"
        onConfirm={() =>
          approving &&
          approve
            .mutateAsync(approving)
            .catch(() => undefined)
            .finally(() => setApproving(null))
        }
        onClose={() => setApproving(null)}
      />
      <RejectDialog
        shop={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting
            ? reject.mutateAsync({ shop: rejecting, reason }).then(
                () => true,
                () => false,
              )
            : Promise.resolve(false)
        }
      />
    </Box>
  );
}
