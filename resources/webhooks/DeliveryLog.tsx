import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookDeliveryStatus } from '../../domain/webhooks';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { showDateTime } from '../../src/components/dates';
import type { WebhooksApi } from './api';
import { eventWords } from './words';

const STATUS_COLOR: Record<WebhookDeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  PENDING: 'default',
  SENDING: 'info',
  SUCCEEDED: 'success',
  FAILED: 'error',
};

/** How often the log looks again while something is on its way, and for how long after a resend. */
const BUSY_POLL_MS = 2000;
const FOLLOW_RESEND_MS = 15_000;

/** An endpoint's deliveries, newest first, each with its attempts (time, status code, latency, start of the answer) and Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const translate = useTranslate();
  const api = useApi<WebhooksApi>();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const queryKey = ['shops', shop.id, 'webhooks', endpointId, 'deliveries'];
  // A resend's attempt is not in the log when the resend is answered: follow the log for a while.
  const [followUntil, setFollowUntil] = useState(0);
  const log = useApiQuery({
    queryKey,
    queryFn: () => api.getWebhookDeliveries(shop.id, endpointId),
    // A delivery on its way settles within seconds: follow it without a reload.
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'SENDING') || Date.now() < followUntil ? BUSY_POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.webhooks.log.${k}`, o);
  const resend = useApiMutation({
    mutationFn: (d: WebhookDelivery) => api.resendWebhookDelivery(shop.id, endpointId, d.id),
    success: t('resent'),
    onSuccess: () => {
      setFollowUntil(Date.now() + FOLLOW_RESEND_MS);
      return refresh();
    },
  });

  return (
    <Card variant="outlined">
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Button startIcon={<RefreshIcon />} onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
        </Stack>
        {!log.data ? (
          <Pending />
        ) : log.data.length === 0 ? (
          <Typography color="text.secondary">{t('empty')}</Typography>
        ) : (
          <ResponsiveTable
            aria-label={t('title')}
            rows={log.data}
            rowKey={(d) => d.id}
            testId="webhook-delivery"
            columns={[
              { label: t('event'), primary: true, render: (d) => eventWords(translate, d.eventType) },
              {
                label: t('status'),
                render: (d) => (
                  <Box>
                    <Chip size="small" variant="outlined" color={STATUS_COLOR[d.status]} label={t(`deliveryStatus.${d.status}`)} />
                    {d.nextAttemptAt && (
                      <Typography variant="body2" color="text.secondary">
                        {t('nextAttemptAt', { at: showDateTime(d.nextAttemptAt) })}
                      </Typography>
                    )}
                  </Box>
                ),
              },
              {
                label: t('attempts'),
                render: (d) => (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {d.attempts.map((a) => (
                      <li key={a.at + a.latencyMs}>
                        <Typography variant="body2">
                          {t('attempt', { at: showDateTime(a.at), code: a.statusCode ?? t('noAnswer'), ms: a.latencyMs })}
                        </Typography>
                        {a.response && (
                          <Typography
                            variant="body2"
                            color="text.secondary"
                            sx={{ wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 12 }}
                          >
                            {a.response.slice(0, 200)}
                          </Typography>
                        )}
                      </li>
                    ))}
                  </Box>
                ),
              },
              {
                label: t('messageId'),
                render: (d) => (
                  <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-all' }}>
                    {d.messageId}
                  </Box>
                ),
                showFrom: 'md',
              },
              { label: t('createdAt'), render: (d) => showDateTime(d.createdAt), showFrom: 'md' },
            ]}
            actions={(d) => (
              <Button
                size="small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(d)}
                aria-label={t('resendNamed', { id: d.messageId })}
              >
                {t('resend')}
              </Button>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
