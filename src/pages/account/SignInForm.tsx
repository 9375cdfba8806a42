import type { FormEvent, Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useMessage } from '../../components/useMessage';
import { AccountShell } from '../../components/AccountShell';
import { EmailField } from './EmailField';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
import { withNext } from './next';
import type { FieldErrors } from './validate';

export interface SignInFormProps {
  next: string | null;
  email: string;
  password: string;
  errors: FieldErrors<'email' | 'password'>;
  serverError: string | null;
  busy: boolean;
  emailRef?: Ref<HTMLInputElement>;
  onEmail(value: string): void;
  onPassword(value: string): void;
  onSubmit(event: FormEvent): void;
  /**
   * The build's HTML copy: its button submits nothing (a form posted before the JavaScript arrived would leave the
   * page), and the live page takes over what was typed.
   */
  prerendered?: boolean;
}

/**
 * What the sign-in page shows: the live page renders it, and the build renders it to HTML (src/prerender) so a phone
 * paints the form before the JavaScript arrives.
 */
export function SignInForm(props: SignInFormProps) {
  const t = useMessage();
  const { next, errors } = props;
  return (
    <AccountShell title={t('account.signInTitle')} subtitle={t('account.signInSubtitle')}>
      <Box component="form" noValidate method="post" onSubmit={props.onSubmit}>
        <FormError message={props.serverError} />
        <EmailField
          inputRef={props.emailRef}
          autoComplete="username"
          value={props.email}
          onChange={(e) => props.onEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email ? t(errors.email) : ' '}
        />
        <PasswordField
          label={t('account.password')}
          name="password"
          autoComplete="current-password"
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ? t(errors.password) : ' '}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Link component={RouterLink} to="/reset" variant="body2" underline="hover">
            {t('account.forgotPassword')}
          </Link>
        </Box>
        <Button type={props.prerendered ? 'button' : 'submit'} variant="contained" size="large" fullWidth disabled={props.busy}>
          {props.busy ? <CircularProgress size={22} color="inherit" /> : t('account.signIn')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          {t('account.noAccount')}{' '}
          <Link component={RouterLink} to={withNext('/register', next)} underline="hover" fontWeight={600}>
            {t('account.createAccount')}
          </Link>
        </Typography>
      </Box>
    </AccountShell>
  );
}
