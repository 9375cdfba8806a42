import { useEffect } from 'react';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useGetIdentity, useLogout } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { reloadUser } from '../../providers/authProvider';
import { useApiMutation } from '../components/api';
import { apiUrl } from '../../providers/deployment';
import { useMessage } from '../components/useMessage';
import { AccountShell } from '../components/AccountShell';

/** How often the waiting page asks whether the e-mail has been verified (in another tab or on a phone). */
const VERIFIED_POLL_MS = 4_000;

/**
 * The gate of the signed-in area for users whose e-mail is not verified yet (spec 3 §2.1). It moves on by
 * itself: it re-reads the account every few seconds and whenever the tab gets the focus back, and once the
 * e-mail is verified the session watcher re-reads the identity and the layout lets the user in.
 */
export default function EmailNotVerified() {
  const t = useMessage();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const resend = useApiMutation({
    mutationFn: () => httpClient(`${apiUrl}/auth/verify/resend`, { method: 'POST' }),
    success: t('verificationEmailSent'),
  });

  useEffect(() => {
    const check = () => void reloadUser().catch(() => null);
    const timer = setInterval(check, VERIFIED_POLL_MS);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);

  return (
    <AccountShell title={t('emailNotVerified')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <MarkEmailUnreadOutlinedIcon color="primary" sx={{ fontSize: 36, mt: 0.25 }} />
        <Typography color="text.secondary">{t('account.verifyHint', { email: identity?.email ?? '' })}</Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          sx={{ flex: 2, whiteSpace: 'nowrap' }}
        >
          {resend.isPending ? (
            <CircularProgress size={22} color="inherit" aria-label={t('account.resendVerification')} />
          ) : (
            t('account.resendVerification')
          )}
        </Button>
        <Button variant="outlined" size="large" onClick={() => logout(undefined, undefined, false)} sx={{ flex: 1 }}>
          {t('app.logout')}
        </Button>
      </Stack>
    </AccountShell>
  );
}
