import { useTranslate } from 'react-admin';
import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { FILE_LABELS, STORE_FIELD_MAX, type PlaystoreInfo } from '../../domain/apps';
import { format, messages } from '../../domain/messages';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { AppsApi } from './api';
import { Pending } from '../../src/components/Pending';
import { CredentialFileInput } from './CredentialFileInput';

/** Tab Playstore (spec 1 §3): bundle name and google-services file, both optional. */
export function PlaystoreTab({ bundleId, appName }: { bundleId: string; appName: string }) {
  const api = useApi<AppsApi>();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const key = ['apps', bundleId, 'playstore'];
  const info = useApiQuery({ queryKey: key, queryFn: () => api.getPlaystore(bundleId) });
  const [bundleName, setBundleName] = useState<string | null>(null);
  const [error, setError] = useState('');
  const save = useApiMutation({
    mutationFn: (name: string) => api.putPlaystore(bundleId, { bundleName: name }),
    success: format(messages.appUpdated, { name: appName }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  if (info.isPending || !info.data) return <Pending />;
  const value = bundleName ?? info.data.bundleName ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutateAsync(value).catch((err) => setError(err?.body?.errors?.bundleName ?? ''));
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 720 }}>
      <TextField
        name="playBundleName"
        label={translate('resources.apps.fields.bundleName')}
        value={value}
        onChange={(e) => {
          setBundleName(e.target.value);
          setError('');
        }}
        error={Boolean(error)}
        helperText={error || 'Optional'}
        slotProps={{ htmlInput: { maxLength: STORE_FIELD_MAX } }}
        fullWidth
        margin="dense"
      />
      <CredentialFileInput
        bundleId={bundleId}
        kind="playstoreGoogleServices"
        label={FILE_LABELS.playstoreGoogleServices}
        file={info.data.googleServicesInfoFile}
        onUploaded={(f) => queryClient.setQueryData<PlaystoreInfo>(key, (d) => (d ? { ...d, googleServicesInfoFile: f } : d))}
      />
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
