import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyStatus } from '../../domain/apiKeys';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { showDateTime } from '../../src/components/dates';
import type { ApiKeysApi } from './api';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { NewKeyDialog } from './NewKeyDialog';
import { scopeWords } from './words';

const STATUS_COLOR: Record<ApiKeyStatus, 'success' | 'default' | 'warning'> = { ACTIVE: 'success', EXPIRED: 'warning', REVOKED: 'default' };

/** /shops/{shopId}/api_keys: the shop's keys for integrations; create one (its value shown once), revoke one. ADMINs only. */
export function ApiKeysPage() {
  const translate = useTranslate();
  const api = useApi<ApiKeysApi>();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const queryKey = ['shops', shop.id, 'api-keys'];
  const keys = useApiQuery({ queryKey, queryFn: () => api.getApiKeys(shop.id) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.apikeys.${k}`, o);
  const revoke = useApiMutation({
    mutationFn: (id: string) => api.revokeApiKey(shop.id, id),
    success: t('revoke.done'),
    onSuccess: refresh,
  });
  const when = (iso: string | null, none: string) => (iso ? showDateTime(iso) : none);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={t('menu')}
        subtitle={t('subtitle', { shop: shop.name })}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('create.action')}
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          {!keys.data ? (
            <Pending />
          ) : keys.data.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <ResponsiveTable
              aria-label={t('menu')}
              rows={keys.data}
              rowKey={(k) => k.id}
              testId="api-key-row"
              columns={[
                { label: t('fields.name'), primary: true, render: (k) => k.name },
                {
                  label: t('fields.key'),
                  render: (k) => (
                    <Box component="code" sx={{ fontSize: 13 }}>
                      {`${API_KEY_PREFIX}${k.prefix}…`}
                    </Box>
                  ),
                },
                { label: t('fields.scopes'), render: (k) => k.scopes.map((s) => scopeWords(translate, s)).join(', ') },
                { label: t('fields.lastUsedAt'), render: (k) => when(k.lastUsedAt, t('never')), showFrom: 'md' },
                { label: t('fields.expiresAt'), render: (k) => when(k.expiresAt, t('noExpiry')), showFrom: 'md' },
                {
                  label: t('fields.status'),
                  render: (k) => <Chip size="small" label={t(`status.${k.status}`)} color={STATUS_COLOR[k.status]} variant="outlined" />,
                },
              ]}
              actions={(k) =>
                k.status === 'REVOKED' ? null : (
                  <Button size="small" color="error" onClick={() => setRevoking(k)} aria-label={t('revoke.named', { name: k.name })}>
                    {t('revoke.action')}
                  </Button>
                )
              }
            />
          )}
        </CardContent>
      </Card>
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setNewKey(created.key);
          void refresh();
        }}
      />
      <NewKeyDialog value={newKey} onClose={() => setNewKey(null)} />
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('revoke.named', { name: revoking?.name ?? '' })}
        content={t('revoke.confirm')}
        confirm={t('revoke.action')}
        confirmColor="warning"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
