import { useEffect, useState, type FormEvent } from 'react';
import { Confirm, Loading, useNotify } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { activeStripePk, remoteConfigSchema, type RemoteConfig } from '../../../domain/platform';
import { fieldErrors } from '../../../domain/validation';
import { platformApi } from './api';
import { PageHeader } from '../../components/PageHeader';
import { STRIPE_KEY_QUERY } from './useStripePublishableKey';

const EMPTY: RemoteConfig = { switchToCustomConnect: false, stripePk: '', oldStripePk: '' };

/** /stripe/switch (spec 3 §2.12, §4): choose which card-payment account's publishable key the console uses. */
export function StripeSwitchPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: ['platform', 'remote-config'], queryFn: platformApi.remoteConfig, retry: false });
  const [form, setForm] = useState<RemoteConfig>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<RemoteConfig | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (config.data) setForm(config.data);
  }, [config.data]);
  useEffect(() => {
    if (config.error) notify(config.error.message, { type: 'error' });
  }, [config.error, notify]);

  if (config.isPending) return <Loading />;

  const set = (patch: Partial<RemoteConfig>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const parsed = remoteConfigSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setConfirming(parsed.data);
  };

  const save = async () => {
    if (!confirming) return;
    setSaving(true);
    try {
      const saved = await platformApi.saveRemoteConfig(confirming);
      queryClient.setQueryData(['platform', 'remote-config'], saved);
      await queryClient.invalidateQueries({ queryKey: STRIPE_KEY_QUERY });
      notify(messages.saved, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
      setConfirming(null);
    }
  };

  const active = activeStripePk(form);
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <PageHeader title="Stripe" subtitle="Which card-payment account the console connects shops to." />
      <Card variant="outlined">
        <CardContent component="form" onSubmit={apply} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <FormControlLabel
              control={<Switch checked={form.switchToCustomConnect} onChange={(e) => set({ switchToCustomConnect: e.target.checked })} name="switchToCustomConnect" />}
              label={messages.stripeSwitchLabel}
            />
            <TextField
              name="stripePk"
              label="stripePk"
              value={form.stripePk}
              onChange={(e) => set({ stripePk: e.target.value })}
              error={!!errors.stripePk}
              helperText={errors.stripePk || 'Publishable key of the main (unified Connect) account'}
              required
            />
            <TextField
              name="oldStripePk"
              label="oldStripePk"
              value={form.oldStripePk}
              onChange={(e) => set({ oldStripePk: e.target.value })}
              helperText="Publishable key of the v2 account, used while the switch is off"
            />
            <Alert severity={form.switchToCustomConnect ? 'warning' : 'info'}>
              <Typography variant="body2">
                The console will load {active ? <code>{active}</code> : 'no key'} ({form.switchToCustomConnect ? 'main account' : 'v2 account'}).
              </Typography>
            </Alert>
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                Apply
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming !== null}
        loading={saving}
        title={messages.goTime}
        content={confirming?.switchToCustomConnect ? 'Every shop switches to unified Stripe Connect.' : 'Every shop uses the v2 account.'}
        confirm="Apply"
        confirmColor="warning"
        onConfirm={save}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
