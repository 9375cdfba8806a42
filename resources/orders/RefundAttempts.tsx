import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { format, messages } from '../../domain/messages';
import { refundRetryable, type ApiOrder, type ApiOrderDetail } from '../../domain/orderView';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { money, when } from './format';
import type { OrdersApi } from './api';

/**
 * Every call made to the payment provider for the order's refund (the reject's, then each retry), and for an ADMIN,
 * while the last one failed, 'Retry refund': the server asks the provider again with the first attempt's key, so the
 * customer is refunded at most once however often it is pressed.
 */
export function RefundAttempts({
  order,
  onDone,
}: {
  order: ApiOrder & Partial<Pick<ApiOrderDetail, 'refundAttempts'>>;
  onDone: () => void;
}) {
  const { shop } = useShop();
  const { can } = useShopRole();
  const api = useApi<OrdersApi>();
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.orders.refunds.${key}`);
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const retry = useApiMutation({
    mutationFn: () => api.retryRefund(order.shopId, order.id),
    success: null,
    onSuccess: (o) => {
      const last = o.refundAttempts.at(-1);
      if (o.paymentStatus === 'REFUND_SUCCESS') notify(messages.refundRetrySucceeded, { type: 'success' });
      else notify(format(messages.refundRetryFailed, { message: last?.message ?? '' }), { type: 'error' });
      onDone();
    },
  });
  // An order opened from a list shows the list's copy first (react-admin seeds getOne from getList), which has no
  // attempts: nothing is shown until the order itself has been read.
  const attempts = order.refundAttempts;
  if (!attempts) return null;
  const lastFailed = attempts.length === 0 || attempts[attempts.length - 1].outcome === 'FAILED';
  const canRetry = can('ADMIN') && refundRetryable(order) && lastFailed;
  if (attempts.length === 0 && !canRetry) return null;

  return (
    <Card variant="outlined" data-testid="refund-attempts">
      <CardContent>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('title')}
          </Typography>
          {canRetry && (
            <Button
              variant="contained"
              color="warning"
              startIcon={<ReplayIcon />}
              disabled={retry.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('retry')}
            </Button>
          )}
        </Stack>
        <ResponsiveTable
          aria-label={t('title')}
          testId="refund-attempt"
          rows={attempts.map((a, i) => ({ ...a, n: i + 1 }))}
          rowKey={(a) => String(a.n)}
          columns={[
            { label: t('when'), primary: true, render: (a) => when(a.at, shop.timezone) },
            {
              label: t('outcome'),
              render: (a) => (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(a.outcome === 'SUCCEEDED' ? 'succeeded' : 'failed')}
                  color={a.outcome === 'SUCCEEDED' ? 'success' : 'error'}
                />
              ),
            },
            { label: t('by'), render: (a) => a.by?.name ?? t('removedAccount') },
            { label: t('message'), render: (a) => <Box sx={{ overflowWrap: 'anywhere' }}>{a.message ?? '—'}</Box> },
          ]}
        />
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={retry.isPending}
        title={t('retry')}
        content={format(messages.retryRefundConfirm, { amount: money(order.grandTotal, shop.country) })}
        confirm={t('retry')}
        confirmColor="warning"
        onConfirm={() =>
          retry
            .mutateAsync()
            .catch(() => undefined)
            .finally(() => setConfirming(false))
        }
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
