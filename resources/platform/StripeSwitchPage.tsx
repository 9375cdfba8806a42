import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../domain/messages';
import { activeStripePk, remoteConfigSchema, type RemoteConfig } from '../../domain/platform';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { PlatformApi } from './api';
import { schemaErrors } from '../../src/components/forms/schemaResolver';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { STRIPE_KEY_QUERY } from './stripeKeyQuery';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

const EMPTY: RemoteConfig = { switchToCustomConnect: false, stripePk: '', oldStripePk: '' };

/** /stripe/switch (spec 3 §2.12, §4): choose which card-payment account's publishable key the console uses. */
export function StripeSwitchPage() {
  const translate = useTranslate();
  const api = useApi<PlatformApi>();
  const queryClient = useQueryClient();
  const config = useApiQuery({ queryKey: ['platform', 'remote-config'], queryFn: () => api.getRemoteConfig() });
  // What the user changed, over what the server sent.
  const [edits, setEdits] = useState<Partial<RemoteConfig>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<RemoteConfig | null>(null);
  const save = useApiMutation({
    mutationFn: (value: RemoteConfig) => api.putRemoteConfig(value),
    success: messages.saved,
    onSuccess: async (saved) => {
      queryClient.setQueryData(['platform', 'remote-config'], saved);
      await queryClient.invalidateQueries({ queryKey: STRIPE_KEY_QUERY });
    },
  });
  const label = (field: keyof RemoteConfig) => translate(`resources.platform.stripeSwitch.fields.${field}`);

  if (config.isPending) return <Pending />;
  const form: RemoteConfig = { ...EMPTY, ...config.data, ...edits };

  const set = (patch: Partial<RemoteConfig>) => {
    setEdits((e) => ({ ...e, ...patch }));
    setErrors({});
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    const parsed = remoteConfigSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(schemaErrors(parsed.error));
      return;
    }
    setConfirming(parsed.data);
  };

  const saving = save.isPending;
  const apply = () =>
    confirming &&
    save
      .mutateAsync(confirming)
      .catch((error) => setErrors(error?.body?.errors ?? {}))
      .finally(() => setConfirming(null));

  const active = activeStripePk(form);
  // Apply waits for what the form needs: the main account's key is always required.
  const missingRequired = !form.stripePk.trim();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <PageHeader
        title={translate('resources.platform.stripeSwitch.name')}
        subtitle={translate('resources.platform.stripeSwitch.subtitle')}
      />
      <Card variant="outlined">
        <CardContent component="form" onSubmit={check} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={form.switchToCustomConnect}
                  onChange={(e) => set({ switchToCustomConnect: e.target.checked })}
                  name="switchToCustomConnect"
                />
              }
              label={label('switchToCustomConnect')}
            />
            <TextField
              name="stripePk"
              label={label('stripePk')}
              value={form.stripePk}
              onChange={(e) => set({ stripePk: e.target.value })}
              error={!!errors.stripePk}
              helperText={errors.stripePk || translate('resources.platform.stripeSwitch.stripePkHelp')}
              required
            />
            <TextField
              name="oldStripePk"
              label={label('oldStripePk')}
              value={form.oldStripePk}
              onChange={(e) => set({ oldStripePk: e.target.value })}
              helperText={translate('resources.platform.stripeSwitch.oldStripePkHelp')}
            />
            <Alert severity={form.switchToCustomConnect ? 'warning' : 'info'}>
              <Typography variant="body2">
                {translate('resources.platform.stripeSwitch.willLoad')}{' '}
                {active ? <code>{active}</code> : translate('resources.platform.stripeSwitch.noKey')} (
                {translate(`resources.platform.stripeSwitch.${form.switchToCustomConnect ? 'mainAccount' : 'previousAccount'}`)}
                ).
              </Typography>
            </Alert>
            <Box>
              <Button type="submit" variant="contained" disabled={saving || missingRequired}>
                {translate('resources.platform.stripeSwitch.apply')}
              </Button>
              {missingRequired && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {translate('resources.platform.stripeSwitch.enterKey')}
                </Typography>
              )}
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        isOpen={confirming !== null}
        loading={saving}
        title={messages.goTime}
        content={
          confirming?.switchToCustomConnect
            ? translate('resources.platform.stripeSwitch.toUnified')
            : translate('resources.platform.stripeSwitch.toPrevious')
        }
        confirm="resources.platform.stripeSwitch.apply"
        confirmColor="warning"
        onConfirm={apply}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
