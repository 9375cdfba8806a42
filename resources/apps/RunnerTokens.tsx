import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { RunnerToken } from '../../domain/apps';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { AppsApi } from './api';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { showDateTime } from '../../src/components/dates';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

const KEY = ['apps', 'runner-tokens'];
const when = (iso: string | null) => showDateTime(iso ?? '') || '—';

/** The tokens CI build runners use (README "Build runner"): create one (its value is shown once), revoke one. */
export function RunnerTokens() {
  const translate = useTranslate();
  const api = useApi<AppsApi>();
  const queryClient = useQueryClient();
  const tokens = useApiQuery({ queryKey: KEY, queryFn: () => api.getRunnerTokens() });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<RunnerToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const create = useApiMutation({
    mutationFn: (n: string) => api.createRunnerToken(n),
    success: 'Runner token created',
    onSuccess: async (r) => {
      setCreated(r.token);
      setName('');
      await refresh();
    },
  });
  const revoke = useApiMutation({
    mutationFn: (id: string) => api.revokeRunnerToken(id),
    success: 'Runner token revoked',
    onSuccess: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };
  const t = (k: string) => translate(`resources.apps.runners.${k}`);

  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('help')}
        </Typography>
        <Stack
          component="form"
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1, mb: 2, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            name="runnerName"
            label={t('name')}
            sx={{ minWidth: { sm: 280 } }}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Button type="submit" variant="outlined" disabled={!name.trim() || create.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('create')}
          </Button>
        </Stack>
        {created && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setCreated(null)}>
            {t('shownOnce')}
            <Box component="code" data-testid="runner-token" sx={{ display: 'block', mt: 1, wordBreak: 'break-all', fontSize: 13 }}>
              {created}
            </Box>
          </Alert>
        )}
        {tokens.data && tokens.data.length > 0 && (
          <ResponsiveTable
            aria-label={t('title')}
            rows={tokens.data}
            rowKey={(r) => r.id}
            testId="runner-row"
            columns={[
              { label: t('name'), primary: true, render: (r) => r.name },
              { label: t('createdAt'), render: (r) => when(r.createdAt) },
              { label: t('lastUsedAt'), render: (r) => when(r.lastUsedAt) },
              { label: t('revokedAt'), render: (r) => when(r.revokedAt) },
            ]}
            actions={(r) =>
              r.revokedAt ? null : (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRevoking(r)}
                  aria-label={translate('resources.apps.runners.revokeName', { name: r.name })}
                >
                  {t('revoke')}
                </Button>
              )
            }
          />
        )}
      </CardContent>
      <ConfirmDialog
        isOpen={revoking !== null}
        title={translate('resources.apps.runners.revokeName', { name: revoking?.name ?? '' })}
        content={t('revokeConfirm')}
        confirm={t('revoke')}
        confirmColor="warning"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
