import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  APPSTORE_LABELS,
  APPSTORE_PLAIN,
  APPSTORE_SECRETS,
  appstoreBody,
  FILE_LABELS,
  type AppstoreInfo,
  type CredentialFile,
} from '../../domain/apps';
import { format, messages } from '../../domain/messages';
import { requiredMsg } from '../../domain/validation';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import type { AppsApi } from './api';
import { Pending } from '../../src/components/Pending';
import { schemaErrors } from '../../src/components/forms/schemaResolver';
import { CredentialFileInput } from './CredentialFileInput';
import { SecretField } from './SecretField';

type Form = Record<(typeof APPSTORE_PLAIN)[number] | (typeof APPSTORE_SECRETS)[number], string>;

/** Tab Appstore (spec 1 §3): every field required; secrets are write-only, files are uploaded as they are chosen. */
export function AppstoreTab({ bundleId, appName }: { bundleId: string; appName: string }) {
  const api = useApi<AppsApi>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['apps', bundleId, 'appstore'];
  const info = useApiQuery({ queryKey: key, queryFn: () => api.getAppstore(bundleId) });
  const [edits, setEdits] = useState<Partial<Form>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation({
    mutationFn: (body: Form) => api.putAppstore(bundleId, body),
    success: format(messages.appUpdated, { name: appName }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setEdits({});
    },
  });
  if (info.isPending || !info.data) return <Pending />;
  const data = info.data;
  const form = {
    ...Object.fromEntries(APPSTORE_PLAIN.map((k) => [k, data[k] ?? ''])),
    ...Object.fromEntries(APPSTORE_SECRETS.map((k) => [k, ''])),
    ...edits,
  } as Form;
  const set = (k: keyof Form, v: string) => {
    setEdits((e) => ({ ...e, [k]: v }));
    setErrors((x) => ({ ...x, [k]: '' }));
  };
  const fileUploaded = (k: 'apnsCertFile' | 'googleServicesInfoFile', f: CredentialFile) => {
    queryClient.setQueryData<AppstoreInfo>(key, (d) => (d ? { ...d, [k]: f } : d));
    setErrors((x) => ({ ...x, [k === 'apnsCertFile' ? 'apnsCert' : 'appstoreGoogleServices']: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(
      Object.entries(form).filter(([k, v]) => !(APPSTORE_SECRETS as readonly string[]).includes(k) || v !== ''),
    ) as Form;
    const parsed = appstoreBody.safeParse(body);
    const found: Record<string, string> = parsed.success ? {} : schemaErrors(parsed.error);
    for (const k of APPSTORE_SECRETS) if (!data.secrets[k] && !form[k].trim()) found[k] = requiredMsg(APPSTORE_LABELS[k]);
    if (!data.apnsCertFile) found.apnsCert = requiredMsg(FILE_LABELS.apnsCert);
    if (!data.googleServicesInfoFile) found.appstoreGoogleServices = requiredMsg(FILE_LABELS.appstoreGoogleServices);
    if (Object.keys(found).length) {
      setErrors(found);
      notify(messages.invalidForm, { type: 'error' });
      return;
    }
    save.mutateAsync(body).catch((error) => setErrors(error?.body?.errors ?? {}));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 720 }}>
      {APPSTORE_PLAIN.map((k) => (
        <TextField
          key={k}
          name={k}
          label={APPSTORE_LABELS[k]}
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
          error={Boolean(errors[k])}
          helperText={errors[k] || ' '}
          required
          fullWidth
          margin="dense"
        />
      ))}
      {APPSTORE_SECRETS.map((k) => (
        <SecretField
          key={k}
          name={k}
          label={APPSTORE_LABELS[k]}
          isSet={data.secrets[k]}
          value={form[k]}
          error={errors[k]}
          multiline={k === 'apnsKey'}
          onChange={(v) => set(k, v)}
        />
      ))}
      <CredentialFileInput
        bundleId={bundleId}
        kind="apnsCert"
        label={FILE_LABELS.apnsCert}
        file={data.apnsCertFile}
        error={errors.apnsCert}
        onUploaded={(f) => fileUploaded('apnsCertFile', f)}
      />
      <CredentialFileInput
        bundleId={bundleId}
        kind="appstoreGoogleServices"
        label={FILE_LABELS.appstoreGoogleServices}
        file={data.googleServicesInfoFile}
        error={errors.appstoreGoogleServices}
        onUploaded={(f) => fileUploaded('googleServicesInfoFile', f)}
      />
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
