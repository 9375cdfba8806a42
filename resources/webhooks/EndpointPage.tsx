import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { showDateTime } from '../../src/components/dates';
import type { WebhooksApi } from './api';
import { DeliveryLog } from './DeliveryLog';
import { EndpointStatus } from './EndpointStatus';
import { SecretDialog } from './SecretDialog';
import { eventWords } from './words';

/**
 * /shops/{shopId}/webhooks/{endpointId}: one endpoint, its delivery log, and what an ADMIN does with it: send a test
 * event, roll the secret (shown once), switch it off or on, delete it.
 */
export function EndpointPage() {
  const translate = useTranslate();
  const api = useApi<WebhooksApi>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const id = useParams().endpointId!;
  const queryKey = ['shops', shop.id, 'webhooks', id];
  const endpoint = useApiQuery({ queryKey, queryFn: () => api.getWebhook(shop.id, id) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['shops', shop.id, 'webhooks'] });
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.webhooks.${k}`, o);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'roll' | 'remove' | null>(null);

  const test = useApiMutation({ mutationFn: () => api.sendWebhookTest(shop.id, id), success: t('detail.tested'), onSuccess: refresh });
  const roll = useApiMutation({
    mutationFn: () => api.rollWebhookSecret(shop.id, id),
    success: t('detail.rolled'),
    onSuccess: (result) => {
      setSecret(result.secret);
      return refresh();
    },
  });
  const toggle = useApiMutation({
    mutationFn: (enabled: boolean) => api.updateWebhook(shop.id, id, { enabled }),
    success: null,
    onSuccess: refresh,
  });
  const remove = useApiMutation({
    mutationFn: () => api.deleteWebhook(shop.id, id),
    success: t('detail.removed'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['shops', shop.id, 'webhooks'], exact: true });
      navigate(shopUrl(shop.id, 'webhooks'));
    },
  });
  const e = endpoint.data;

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Button component={RouterLink} to={shopUrl(shop.id, 'webhooks')} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('detail.back')}
      </Button>
      {!e ? (
        <Pending />
      ) : (
        <>
          <PageHeader
            inShop
            title={e.description || t('name', { smart_count: 1 })}
            subtitle={
              <Box component="span" sx={{ wordBreak: 'break-all' }}>
                {e.url}
              </Box>
            }
            actions={
              <>
                <Button variant="contained" startIcon={<SendIcon />} disabled={!e.enabled || test.isPending} onClick={() => test.mutate()}>
                  {t('detail.test')}
                </Button>
                <Button variant="outlined" onClick={() => setConfirming('roll')}>
                  {t('detail.roll')}
                </Button>
                <Button variant="outlined" disabled={toggle.isPending} onClick={() => toggle.mutate(!e.enabled)}>
                  {e.enabled ? t('detail.disable') : t('detail.enable')}
                </Button>
                <Button color="error" onClick={() => setConfirming('remove')} aria-label={t('detail.removeNamed', { url: e.url })}>
                  {t('detail.remove')}
                </Button>
              </>
            }
          />
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, flexWrap: 'wrap' }}>
                <Box>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('fields.status')}
                  </Typography>
                  <EndpointStatus endpoint={e} />
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('fields.eventTypes')}
                  </Typography>
                  <Typography>{e.eventTypes.map((type) => eventWords(translate, type)).join(', ')}</Typography>
                </Box>
              </Stack>
              {e.previousSecretExpiresAt && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {t('detail.previousUntil', { until: showDateTime(e.previousSecretExpiresAt) })}
                </Typography>
              )}
            </CardContent>
          </Card>
          <DeliveryLog endpointId={e.id} />
        </>
      )}
      <SecretDialog value={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming === 'roll' ? t('detail.roll') : t('detail.removeNamed', { url: e?.url ?? '' })}
        content={confirming === 'roll' ? t('detail.rollConfirm') : t('detail.removeConfirm')}
        confirm={confirming === 'roll' ? t('detail.roll') : t('detail.remove')}
        confirmColor="warning"
        onConfirm={() => {
          if (confirming === 'roll') roll.mutate(undefined);
          else if (confirming === 'remove') remove.mutate(undefined);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
