import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookWithSecret } from '../../domain/webhooks';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApi, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { showDateTime } from '../../src/components/dates';
import type { WebhooksApi } from './api';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { EndpointStatus } from './EndpointStatus';
import { SecretDialog } from './SecretDialog';
import { eventWords } from './words';

/** /shops/{shopId}/webhooks: the shop's endpoints; add one (its secret shown once, then its page opens). ADMINs only. */
export function WebhooksPage() {
  const translate = useTranslate();
  const api = useApi<WebhooksApi>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const queryKey = ['shops', shop.id, 'webhooks'];
  const endpoints = useApiQuery({ queryKey, queryFn: () => api.getWebhooks(shop.id) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.webhooks.${k}`, o);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={t('menu')}
        subtitle={t('subtitle', { shop: shop.name })}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
            {t('create.action')}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {!endpoints.data ? (
            <Pending />
          ) : endpoints.data.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <ResponsiveTable
              aria-label={t('menu')}
              rows={endpoints.data}
              rowKey={(e) => e.id}
              testId="webhook-row"
              columns={[
                {
                  label: t('fields.url'),
                  primary: true,
                  render: (e) => (
                    <Link component={RouterLink} to={shopUrl(shop.id, 'webhooks', e.id)} sx={{ wordBreak: 'break-all' }}>
                      {e.url}
                    </Link>
                  ),
                },
                { label: t('fields.description'), render: (e) => e.description, showFrom: 'md' },
                { label: t('fields.eventTypes'), render: (e) => e.eventTypes.map((type) => eventWords(translate, type)).join(', ') },
                { label: t('fields.createdAt'), render: (e) => showDateTime(e.createdAt), showFrom: 'md' },
                { label: t('fields.status'), render: (e) => <EndpointStatus endpoint={e} /> },
              ]}
            />
          )}
        </CardContent>
      </Card>
      <CreateWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreated(result);
          void queryClient.invalidateQueries({ queryKey });
        }}
      />
      <SecretDialog
        value={created?.secret ?? null}
        onClose={() => {
          const id = created?.endpoint.id;
          setCreated(null);
          if (id) navigate(shopUrl(shop.id, 'webhooks', id));
        }}
      />
    </Box>
  );
}
