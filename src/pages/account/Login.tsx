import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogin, useLogout, useNotify } from 'react-admin';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { getAccessToken, getUser } from '../../../providers/session';
import { markFreshSignIn, takeFreshSignIn } from '../../../providers/sessionStart';
import { answeredError } from '../../../providers/request';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { usePrerenderedHandover } from '../../components/prerendered';
import { SignInForm } from './SignInForm';
import { TwoFactorStep } from './TwoFactorStep';
import { TwoFactorRequired } from '../../../providers/authProvider';
import { useNextPath, usePrefilledEmail, withNext } from './next';
import type { FieldErrors } from './validate';

const REDIRECT_SECONDS = 3;

/** Sign-in (spec 1 §2 /login). Already signed in: 'Already Logged In', then home after a short pause. */
export default function Login() {
  const t = useMessage();
  const next = useNextPath();
  const [status, setStatus] = useState<'checking' | 'signedIn' | 'form'>('checking');

  useEffect(() => {
    let live = true;
    getAccessToken()
      .catch(() => null)
      .then((token) => live && setStatus(token ? 'signedIn' : 'form'));
    return () => {
      live = false;
    };
  }, []);

  if (status === 'checking') {
    return (
      <AccountShell title={t('account.signInTitle')}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      </AccountShell>
    );
  }
  if (status === 'signedIn') return <AlreadyLoggedIn next={next} onLoggedOut={() => setStatus('form')} />;
  return <LoginForm next={next} />;
}

function AlreadyLoggedIn({ next, onLoggedOut }: { next: string | null; onLoggedOut: () => void }) {
  const t = useMessage();
  const navigate = useNavigate();
  const logout = useLogout();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);
  const home = next ?? '/';
  const email = getUser()?.email ?? '';
  usePrerenderedHandover();

  useEffect(() => {
    if (stopped) return;
    if (seconds <= 0) {
      navigate(home, { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, stopped, home, navigate]);

  return (
    <AccountShell title={t('alreadyLoggedIn')}>
      {/* Any click on the card means the user wants to decide: stop the automatic redirect. */}
      <Box onPointerDown={() => setStopped(true)}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {stopped ? t('account.alreadyLoggedInStay', { email }) : t('account.alreadyLoggedInHint', { email, seconds })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" size="large" fullWidth onClick={() => navigate(home, { replace: true })}>
            {t('app.goHome')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            onClick={async () => {
              setStopped(true);
              await logout(undefined, false, false);
              onLoggedOut();
            }}
          >
            {t('app.logout')}
          </Button>
        </Stack>
      </Box>
    </AccountShell>
  );
}

function LoginForm({ next }: { next: string | null }) {
  const t = useMessage();
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const prefilledEmail = usePrefilledEmail();
  const [email, setEmail] = useState(prefilledEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the account wants a code: the signed challenge for the second step.
  const [challenge, setChallenge] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const failed = (error: unknown) => {
    if (!(error instanceof TwoFactorRequired)) takeFreshSignIn();
    if (error instanceof TwoFactorRequired) {
      setChallenge(error.challenge);
      setBusy(false);
      return;
    }
    const e = error as { message?: string; body?: { code?: string } };
    if (e.body?.code === 'USER_NOT_FOUND') {
      notify(t('emailNotRegistered'), { type: 'warning', autoHideDuration: null });
      navigate(withNext('/register', next));
      return;
    }
    // Said once, above the form (not also as a toast).
    setServerError(e.message || t('invalidForm'));
    setBusy(false);
  };
  const [sendTypedForm, setSendTypedForm] = useState(false);
  // What the visitor typed into the pre-rendered form is kept. If they pressed Sign in there, the live form sends it,
  // unless the copy's own script already did and was refused: then that answer is shown (a wrong password counts once).
  usePrerenderedHandover(
    ({ values, submitted, answer }) => {
      if (values.email) setEmail(values.email);
      if (values.password) setPassword(values.password);
      // The copy's script got a challenge: the code step takes it from here.
      const body = answer?.body as { twoFactorRequired?: boolean; challenge?: string } | undefined;
      if (answer?.status === 200 && body?.twoFactorRequired && body.challenge) failed(new TwoFactorRequired(body.challenge));
      else if (answer) failed(answeredError(answer.status, answer.body));
      else setSendTypedForm(submitted);
    },
    () => emailRef.current,
  );
  useEffect(() => {
    if (sendTypedForm) emailRef.current?.form?.requestSubmit();
  }, [sendTypedForm]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The field checks bring zod along; the page is usable without them, so they load on the first submit.
    const { checkEmail } = await import('./validate');
    const found: FieldErrors<'email' | 'password'> = { email: checkEmail(email), password: password ? undefined : 'passwordMin' };
    setErrors(found);
    setServerError(null);
    if (found.email || found.password) {
      notify(t('invalidForm'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      if (!next) markFreshSignIn();
      await login({ email, password }, next ?? '/');
    } catch (error) {
      failed(error);
    }
  };

  if (challenge) {
    return (
      <TwoFactorStep
        onCode={(code) => {
          if (!next) markFreshSignIn();
          return login({ challenge, code }, next ?? '/');
        }}
        onBack={() => {
          setChallenge(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <SignInForm
      next={next}
      email={email}
      password={password}
      errors={errors}
      serverError={serverError}
      busy={busy}
      emailRef={emailRef}
      onEmail={setEmail}
      onPassword={setPassword}
      onSubmit={submit}
    />
  );
}
