import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { FormError } from './FormError';

/**
 * Sign-in's second step: a code from the authenticator app, or a recovery code. `onCode` rejects with the server's
 * message when the code is refused; `onBack` goes back to the password (a challenge only lasts minutes).
 */
export function TwoFactorStep({ onCode, onBack }: { onCode: (code: string) => Promise<void>; onBack: () => void }) {
  const t = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onCode(code);
    } catch (e) {
      const failure = e as { message?: string; body?: { errors?: Record<string, string> } };
      setError(failure.body?.errors?.code ?? (failure.message || t('invalidForm')));
      setBusy(false);
    }
  };
  return (
    <AccountShell title={t('account.twoFactorTitle')} subtitle={t('account.twoFactorSubtitle')}>
      <Box component="form" noValidate method="post" onSubmit={submit}>
        <FormError message={error} />
        <OutlinedTextField
          label={t('account.twoFactorCode')}
          name="code"
          autoFocus
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          helperText={t('account.twoFactorHint')}
          fullWidth
          slotProps={{ input: { inputProps: { maxLength: 40, autoCapitalize: 'off', spellCheck: false } } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || !code.trim()} sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('account.verifyCode')}
        </Button>
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Link component="button" type="button" variant="body2" underline="hover" onClick={onBack} sx={{ minHeight: 44 }}>
            {t('account.backToSignIn')}
          </Link>
        </Box>
      </Box>
    </AccountShell>
  );
}
