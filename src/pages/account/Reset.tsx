import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { httpClient } from '../../../providers/httpClient';
import { apiUrl } from '../../../providers/deployment';
import type { MessageKey } from '../../../domain/messages';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { EmailField } from './EmailField';
import { FormError } from './FormError';
import { checkEmail } from './validate';

/** Request a password-reset e-mail (spec 1 §2 /reset). */
export default function Reset() {
  const t = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<MessageKey | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found: MessageKey | undefined = email.trim() === '' ? 'resetEmailRequired' : checkEmail(email);
    setError(found);
    if (found) {
      notify(t(found), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await httpClient(`${apiUrl}/auth/reset`, { method: 'POST', auth: false, body: JSON.stringify({ email }) });
      notify(t('resetEmailSent'), { type: 'success' });
      navigate('/login');
    } catch (e) {
      const message = (e as Error).message;
      setServerError(message);
      notify(message, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <AccountShell title={t('account.resetTitle')} subtitle={t('account.resetSubtitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        <FormError message={serverError} />
        <EmailField
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error ? t(error) : t('enterYourEmail')}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('account.sendResetLink')}
        </Button>
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" underline="hover" fontWeight={600}>
            {t('account.backToSignIn')}
          </Link>
        </Typography>
      </Box>
    </AccountShell>
  );
}
