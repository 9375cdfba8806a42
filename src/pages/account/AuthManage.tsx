import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { httpClient } from '../../../providers/httpClient';
import { getAccessToken } from '../../../providers/session';
import { reloadUser } from '../../../providers/authProvider';
import { apiUrl } from '../../../providers/deployment';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { PasswordField } from './PasswordField';
import { safeNext, withNext } from './next';
import { checkConfirm, checkPassword, type FieldErrors } from './validate';

/**
 * The e-mail action page (/auth/manage?mode=&oobCode=&continuePath=): reset a password or verify an
 * e-mail address from the link the server mailed.
 */
export default function AuthManage() {
  const t = useMessage();
  const params = new URLSearchParams(useLocation().search);
  const mode = params.get('mode') ?? '';
  const oobCode = params.get('oobCode') ?? '';
  const continuePath = safeNext(params.get('continuePath') ?? params.get('continueUrl'));

  if (!oobCode) return <Problem title={t('missingActionCode')} />;
  if (mode === 'resetPassword') return <ResetPassword oobCode={oobCode} />;
  if (mode === 'verifyEmail') return <VerifyEmail oobCode={oobCode} continuePath={continuePath} />;
  return <Problem title={t('unknownMode')} />;
}

function Problem({ title, message, action }: { title: string; message?: string; action?: { to: string; label: string } }) {
  const t = useMessage();
  return (
    <AccountShell title={title}>
      {message ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {message}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {action ? (
          <Button component={RouterLink} to={action.to} variant="contained" fullWidth>
            {action.label}
          </Button>
        ) : null}
        <Button component={RouterLink} to="/login" variant={action ? 'outlined' : 'contained'} fullWidth>
          {t('account.backToSignIn')}
        </Button>
      </Stack>
    </AccountShell>
  );
}

function ResetPassword({ oobCode }: { oobCode: string }) {
  const t = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const [check, setCheck] = useState<{ state: 'checking' | 'ok' | 'error'; message?: string }>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ mode: 'resetPassword', oobCode });
    // Checks the code without spending it, so a stale link is reported before the user types.
    httpClient(`${apiUrl}/auth/action?${query}`, { auth: false })
      .then(() => live && setCheck({ state: 'ok' }))
      .catch((e: Error) => live && setCheck({ state: 'error', message: e.message }));
    return () => {
      live = false;
    };
  }, [oobCode]);

  const errors: FieldErrors<'password' | 'confirm'> = { password: checkPassword(password), confirm: checkConfirm(password, confirm) };
  const passwordError = submitted && errors.password ? t(errors.password) : undefined;
  const confirmError = (confirm !== '' || submitted) && errors.confirm ? t(errors.confirm) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (errors.password || errors.confirm) {
      notify(t('invalidForm'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await httpClient(`${apiUrl}/auth/action`, {
        method: 'POST',
        auth: false,
        body: JSON.stringify({ mode: 'resetPassword', oobCode, newPassword: password }),
      });
      notify(t('passwordUpdated'), { type: 'success' });
      navigate('/login');
    } catch (e) {
      setServerError((e as Error).message);
      setBusy(false);
    }
  };

  if (check.state === 'checking') return <Waiting title={t('account.newPasswordTitle')} />;
  if (check.state === 'error') {
    return (
      <Problem
        title={t('account.newPasswordTitle')}
        message={check.message}
        action={{ to: '/reset', label: t('account.requestNewLink') }}
      />
    );
  }
  return (
    <AccountShell title={t('account.newPasswordTitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        {serverError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button component={RouterLink} to="/reset" color="inherit" size="small">
                {t('account.requestNewLink')}
              </Button>
            }
          >
            {serverError}
          </Alert>
        ) : null}
        <PasswordField
          label={t('account.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(passwordError)}
          helperText={passwordError ?? t('account.passwordHint')}
        />
        <PasswordField
          label={t('account.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={Boolean(confirmError)}
          helperText={confirmError ?? ' '}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('account.savePassword')}
        </Button>
      </Box>
    </AccountShell>
  );
}

/** One POST per code even when React mounts the page twice (StrictMode): the code is single-use. */
const CONTINUE_DELAY_MS = 1500;
const verifications = new Map<string, Promise<unknown>>();

function VerifyEmail({ oobCode, continuePath }: { oobCode: string; continuePath: string | null }) {
  const t = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const [state, setState] = useState<{ phase: 'verifying' | 'done' | 'error'; message?: string }>({ phase: 'verifying' });

  // What happens after the answer reads the latest render's values; the request itself runs once per code.
  const after = useRef({ notify, t, navigate, continuePath });
  useEffect(() => {
    after.current = { notify, t, navigate, continuePath };
  });
  useEffect(() => {
    let live = true;
    let promise = verifications.get(oobCode);
    if (!promise) {
      promise = httpClient(`${apiUrl}/auth/action`, {
        method: 'POST',
        auth: false,
        body: JSON.stringify({ mode: 'verifyEmail', oobCode }),
      });
      verifications.set(oobCode, promise);
    }
    promise
      .then(async () => {
        if (!live) return;
        setState({ phase: 'done' });
        const { notify, t } = after.current;
        notify(t('emailVerified'), { type: 'success' });
        const signedIn = Boolean(await getAccessToken().catch(() => null));
        if (signedIn) await reloadUser().catch(() => null);
        // A short pause so the confirmation is read before the page moves on.
        await new Promise((r) => setTimeout(r, CONTINUE_DELAY_MS));
        const { navigate, continuePath } = after.current;
        if (live) navigate(signedIn ? (continuePath ?? '/') : withNext('/login', continuePath), { replace: true });
      })
      .catch((e: Error) => live && setState({ phase: 'error', message: e.message }));
    return () => {
      live = false;
    };
  }, [oobCode]);

  if (state.phase === 'error') return <Problem title={t('emailNotVerified')} message={state.message} />;
  return (
    <AccountShell title={state.phase === 'done' ? t('emailVerified') : t('verifyingEmail')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
        {state.phase === 'verifying' ? <CircularProgress size={24} /> : null}
        <Typography color="text.secondary">{state.phase === 'done' ? t('account.continue') : t('verifyingEmail')}</Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login" underline="hover">
          {t('account.backToSignIn')}
        </Link>
      </Typography>
    </AccountShell>
  );
}

function Waiting({ title }: { title: string }) {
  return (
    <AccountShell title={title}>
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    </AccountShell>
  );
}
