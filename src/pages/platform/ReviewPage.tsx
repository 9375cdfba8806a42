import { useEffect, useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { formatDateTime } from '../../../domain/dates';
import { messages } from '../../../domain/messages';
import type { Shop } from '../../../domain/shop';
import { countryName, shopHome } from '../../../resources/shops/labels';
import { ShopLogo } from '../../../resources/shops/ShopLogo';
import { ShopTable } from '../../../resources/shops/ShopTable';
import { platformApi } from './api';
import { EmptyState, PageHeader } from '../../components/PageHeader';
import { RejectDialog } from './RejectDialog';

/** /shops/review (spec 3 §2.10): shops waiting for review, oldest first; approve or reject with a reason. */
export function ReviewPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const review = useQuery({ queryKey: ['platform', 'review'], queryFn: platformApi.review, retry: false });
  const [approving, setApproving] = useState<Shop | null>(null);
  const [rejecting, setRejecting] = useState<Shop | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (review.error) notify(review.error.message, { type: 'error' });
  }, [review.error, notify]);

  const done = () => {
    queryClient.invalidateQueries({ queryKey: ['platform'] });
    queryClient.invalidateQueries({ queryKey: ['shops'] });
  };

  const approve = async () => {
    if (!approving) return;
    setBusy(true);
    try {
      await platformApi.approve(approving.id);
      notify(messages.shopApproved, { type: 'success' });
      done();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setApproving(null);
    }
  };

  const reject = async (reason: string) => {
    if (!rejecting) return false;
    try {
      await platformApi.reject(rejecting.id, reason);
      notify(messages.shopRejected, { type: 'info' });
      done();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    }
  };

  const shops = review.data ?? [];
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader title="Review" subtitle="New and edited shops waiting to be listed, oldest first." />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {review.isPending ? (
            <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress />
            </Box>
          ) : shops.length === 0 ? (
            <EmptyState icon={<FactCheckIcon />} text={messages.noPendingReviews} />
          ) : (
            <ShopTable
              aria-label="Shops waiting for review"
              shops={shops}
              onOpen={(shop) => navigate(shopHome(shop.id))}
              columns={[
                { label: 'Logo', render: (s) => <ShopLogo shop={s} />, width: 72, hideOnPhone: true },
                {
                  label: 'Name',
                  primary: true,
                  render: (s) => (
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                      <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
                        <ShopLogo shop={s} size={48} />
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="subtitle1" sx={{ lineHeight: 1.3 }}>
                          {s.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {s.description} · {s.locality}
                        </Typography>
                      </Box>
                    </Box>
                  ),
                },
                { label: 'Country', render: (s) => countryName(s.country) },
                { label: 'Submitted', render: (s) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.updatedAt)}</Box> },
              ]}
              actions={(s) => (
                <>
                  <Button size="small" component={Link} to={`/shops/${s.id}/edit`} startIcon={<EditIcon />}>
                    Edit
                  </Button>
                  <Button size="small" color="success" startIcon={<CheckIcon />} onClick={() => setApproving(s)}>
                    Approve
                  </Button>
                  <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setRejecting(s)}>
                    Reject
                  </Button>
                </>
              )}
            />
          )}
        </CardContent>
      </Card>
      <Confirm
        isOpen={approving !== null}
        loading={busy}
        title={messages.approveConfirm}
        content={approving ? `${approving.name} will be listed and customers will be able to find it.` : ''}
        confirm="Approve"
        onConfirm={approve}
        onClose={() => setApproving(null)}
      />
      <RejectDialog shop={rejecting} onClose={() => setRejecting(null)} onReject={reject} />
    </Box>
  );
}
