import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Box, Button, Checkbox, CircularProgress, FormControlLabel, FormHelperText, Link, TextField, Typography } from '@mui/material';
import { httpClient } from '../../../providers/httpClient';
import { apiUrl } from '../../../providers/deployment';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { EmailField } from './EmailField';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
import { rememberSignUpEmail, useNextPath, usePrefilledEmail, withNext } from './next';
import { checkConfirm, checkEmail, checkName, checkPassword, hasErrors, type FieldErrors } from './validate';

type Field = 'email' | 'password' | 'confirm' | 'name' | 'agreement';
const empty = { email: '', password: '', confirm: '', name: '', agreement: false };

function validate(v: typeof empty): FieldErrors<Field> {
  return {
    email: checkEmail(v.email),
    password: checkPassword(v.password),
    confirm: checkConfirm(v.password, v.confirm),
    name: checkName(v.name),
    agreement: v.agreement ? undefined : 'acceptAgreement',
  };
}

/** Sign-up (spec 1 §2, §5, §8). ?next= is handed to the API so the verification link leads back there. */
export default function Register() {
  const t = useMessage();
  const notify = useNotify();
  const navigate = useNavigate();
  const next = useNextPath();
  const prefilledEmail = usePrefilledEmail();
  const [values, setValues] = useState({ ...empty, email: prefilledEmail });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = validate(values);
  const shown = (field: Field): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const key = errors[field];
    if (!key) return undefined;
    // The confirmation is checked while typing (spec 1 §5); the rest once left or submitted.
    if (field === 'confirm' && values.confirm !== '') return t(key);
    return touched[field] || submitted ? t(key) : undefined;
  };
  const set = (field: Field) => (e: { target: { value: string; checked?: boolean } }) => {
    const value = field === 'agreement' ? Boolean(e.target.checked) : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((s) => ({ ...s, [field]: undefined }));
  };
  const blur = (field: Field) => () => setTouched((s) => ({ ...s, [field]: true }));
  /** The wiring every text field shares; `hint` shows while the field has no error. */
  const bind = (field: Exclude<Field, 'agreement'>, hint = ' ') => ({
    value: values[field],
    onChange: set(field),
    onBlur: blur(field),
    error: Boolean(shown(field)),
    helperText: shown(field) ?? hint,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (values.password !== values.confirm) {
      notify(t('reenterPasswords'), { type: 'error' });
      setValues((v) => ({ ...v, password: '', confirm: '' }));
      setTouched((s) => ({ ...s, password: false, confirm: false }));
      passwordRef.current?.focus();
      return;
    }
    setSubmitted(true);
    if (hasErrors(errors)) {
      notify(t('invalidForm'), { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await httpClient(`${apiUrl}/auth/register`, {
        method: 'POST',
        auth: false,
        body: JSON.stringify({
          email: values.email,
          password: values.password,
          name: values.name,
          ...(next ? { continuePath: next } : {}),
        }),
      });
      notify(t('verificationEmailSent'), { type: 'success' });
      rememberSignUpEmail(values.email);
      navigate(withNext('/login', next));
    } catch (error) {
      const e = error as { status?: number; message?: string; body?: { errors?: Record<string, string> } };
      setBusy(false);
      if (e.status === 409) {
        notify(t('emailAlreadyRegistered'), { type: 'warning', autoHideDuration: null });
        rememberSignUpEmail(values.email);
        navigate(withNext('/login', next));
        return;
      }
      setServerErrors(e.body?.errors ?? {});
      setServerError(e.message ?? t('invalidForm'));
      notify(e.message ?? t('invalidForm'), { type: 'error' });
    }
  };

  return (
    <AccountShell title={t('account.registerTitle')} subtitle={t('account.registerSubtitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        <FormError message={serverError} />
        <EmailField {...bind('email')} />
        <PasswordField
          inputRef={passwordRef}
          label={t('account.password')}
          name="password"
          autoComplete="new-password"
          {...bind('password', t('account.passwordHint'))}
        />
        <PasswordField label={t('account.confirmPassword')} name="confirmPassword" autoComplete="new-password" {...bind('confirm')} />
        <TextField label={t('account.name')} name="name" autoComplete="name" {...bind('name')} />
        <FormControlLabel
          sx={{ mt: 0.5, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
          control={<Checkbox name="agreement" checked={values.agreement} onChange={set('agreement')} />}
          label={<Typography variant="body2">{t('account.agreement')}</Typography>}
        />
        <FormHelperText error sx={{ minHeight: 20, ml: 4 }}>
          {shown('agreement') ?? ' '}
        </FormHelperText>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {busy ? <CircularProgress size={22} color="inherit" /> : t('account.register')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          {t('account.haveAccount')}{' '}
          <Link component={RouterLink} to={withNext('/login', next)} underline="hover" fontWeight={600}>
            {t('account.signIn')}
          </Link>
        </Typography>
      </Box>
    </AccountShell>
  );
}
