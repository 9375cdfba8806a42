import { useEffect, useState } from 'react';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useGetIdentity, useLogout, useNotify } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { reloadUser } from '../../providers/authProvider';
import { apiUrl } from '../deployment';
import { useMessage } from '../i18n/useMessage';
import { AccountShell } from './account/AccountShell';

/** The gate of the signed-in area for users whose e-mail is not verified yet (spec 3 §2.1). */
export default function EmailNotVerified() {
  const t = useMessage();
  const notify = useNotify();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const [busy, setBusy] = useState(false);

  // Verified in another tab? Coming back to this one re-reads the account and lets the user in.
  useEffect(() => {
    const onFocus = () => void reloadUser().catch(() => null);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  const resend = async () => {
    setBusy(true);
    try {
      await httpClient(`${apiUrl}/auth/verify/resend`, { method: 'POST' });
      notify(t('verificationEmailSent'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountShell title={t('emailNotVerified')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <MarkEmailUnreadOutlinedIcon color="primary" sx={{ fontSize: 36, mt: 0.25 }} />
        <Typography color="text.secondary">{t('account.verifyHint', { email: identity?.email ?? '' })}</Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" size="large" onClick={resend} disabled={busy} sx={{ flex: 2, whiteSpace: 'nowrap' }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('account.resendVerification')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => logout(undefined, undefined, false)} sx={{ flex: 1 }}>
          {t('app.logout')}
        </Button>
      </Stack>
    </AccountShell>
  );
}
