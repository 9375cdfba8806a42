import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { passwordSchema } from '../../domain/account';
import { useApi, useApiError } from '../../src/components/api';
import type { AccountApi } from './api';

type Field = 'currentPassword' | 'newPassword';

/** Changing the password: the current one is asked, and every other session ends (the list below shows it). */
export function PasswordCard() {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.account.password.${k}`);
  const api = useApi<AccountApi>();
  const notify = useNotify();
  const report = useApiError({ formShowsFieldErrors: true });
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordSchema.safeParse(values.newPassword);
    const found: Partial<Record<Field, string>> = {
      currentPassword: values.currentPassword ? undefined : translate('servery.passwordMin'),
      newPassword: checked.success ? undefined : checked.error.issues[0]?.message,
    };
    setErrors(found);
    if (found.currentPassword || found.newPassword) return;
    setBusy(true);
    try {
      const { message } = await api.changePassword(values);
      notify(message, { type: 'success' });
      setValues({ currentPassword: '', newPassword: '' });
      void queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] });
    } catch (error) {
      setErrors(report(error) ?? {});
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      fullWidth
    />
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby="password-title">
      <CardContent>
        <Typography id="password-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('hint')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1, maxWidth: 420 }}>
          {field('currentPassword', t('current'), 'current-password')}
          {field('newPassword', t('new'), 'new-password')}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? <CircularProgress size={20} color="inherit" /> : t('save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
