import { useEffect, useState } from 'react';
import { useAuthState, useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { format, messages } from '../../domain/messages';
import { useApi } from '../../src/components/api';
import type { InvitationPreview, StaffApi } from './api';
import { Pending } from '../../src/components/Pending';
import { AccountShell } from '../../src/components/AccountShell';
import { WordsWith } from '../../src/components/WordsWith';

/**
 * /invites/{inviteKey}/shops/{shopId}?action=accept|reject&token=… (spec 3 §2.13), outside the
 * signed-in layout: shows who invites whom to which shop, then answers with the link's action.
 * Accepting needs the invited account signed in; rejecting needs only the link.
 */
export default function InvitationPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { inviteKey = '', shopId = '' } = useParams();
  const [search] = useSearchParams();
  const action = search.get('action');
  const token = search.get('token');
  const linkProblem = !action ? messages.invitationMissingAction : !token ? messages.invitationMissingToken : null;

  useEffect(() => {
    if (!linkProblem) return;
    notify(linkProblem, { type: 'error' });
    navigate('/', { replace: true });
  }, [linkProblem, notify, navigate]);

  const api = useApi<StaffApi>();
  const translate = useTranslate();
  const preview = useQuery({
    queryKey: ['invitation', shopId, inviteKey, token],
    queryFn: () => api.previewInvite(shopId, inviteKey, token ?? ''),
    enabled: !linkProblem,
    retry: false,
  });
  const { authenticated, isPending: authPending } = useAuthState(undefined, false);
  const { identity } = useGetIdentity({ enabled: authenticated === true });
  const logout = useLogout();
  const [answering, setAnswering] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const here = `${location.pathname}${location.search}`;
  const accept = action === 'accept';

  const answer = async () => {
    if (!action || !token) return;
    setAnswering(true);
    setFailure(null);
    try {
      const res = await api.answerInvite(shopId, inviteKey, action, token, authenticated === true);
      if (accept) {
        notify(res.message ?? messages.invitationAccepted, { type: 'success' });
        navigate('/shops');
      } else {
        // spec 3 §4: a rejection is reported as an error message.
        notify(res.message ?? messages.invitationRejected, { type: 'error' });
        navigate('/');
      }
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setAnswering(false);
    }
  };

  if (linkProblem) return null;

  return (
    <AccountShell
      title={accept ? 'Join a shop' : 'Decline an invitation'}
      subtitle={preview.data ? <Summary invite={preview.data} /> : undefined}
    >
      {preview.isPending || authPending ? (
        <Pending py={4} />
      ) : preview.error ? (
        <Stack spacing={2}>
          <Alert severity="error">{preview.error.message}</Alert>
          <Button component={Link} to="/" variant="outlined">
            {translate('servery.app.goHome')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {authenticated ? (
            <SignedIn
              invite={preview.data}
              email={(identity as { email?: string } | undefined)?.email}
              accept={accept}
              answering={answering}
              onAnswer={answer}
              onSwitchAccount={() => logout(undefined, `/login?next=${encodeURIComponent(here)}`)}
            />
          ) : (
            <Anonymous invite={preview.data} accept={accept} here={here} answering={answering} onReject={answer} />
          )}
        </Stack>
      )}
    </AccountShell>
  );
}

function Summary({ invite }: { invite: InvitationPreview }) {
  const translate = useTranslate();
  return (
    <WordsWith
      message={`resources.staff.answer.summary.${invite.role}`}
      parts={{
        from: <strong>{invite.fromEmail}</strong>,
        to: <strong>{invite.toEmail}</strong>,
        shop: <strong>{invite.shopName}</strong>,
        role: <strong>{translate(`resources.staff.roles.${invite.role}`)}</strong>,
      }}
    />
  );
}

function SignedIn({
  invite,
  email,
  accept,
  answering,
  onAnswer,
  onSwitchAccount,
}: {
  invite: InvitationPreview;
  email?: string;
  accept: boolean;
  answering: boolean;
  onAnswer: () => void;
  onSwitchAccount: () => void;
}) {
  const translate = useTranslate();
  const otherAccount = accept && email !== undefined && email.toLowerCase() !== invite.toEmail.toLowerCase();
  return (
    <>
      {email && (
        <Typography variant="body2" color="text.secondary">
          <WordsWith message="resources.staff.answer.signedInAs" parts={{ email: <strong>{email}</strong> }} />
        </Typography>
      )}
      {otherAccount && <Alert severity="warning">{format(messages.invitationWrongAccount, { email: invite.toEmail })}</Alert>}
      <Button
        variant="contained"
        size="large"
        color={accept ? 'primary' : 'error'}
        onClick={onAnswer}
        disabled={answering}
        startIcon={answering ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {translate(accept ? 'resources.staff.answer.accept' : 'resources.staff.answer.reject')}
      </Button>
      {otherAccount && (
        <Button variant="outlined" onClick={onSwitchAccount}>
          {translate('resources.staff.answer.signInAs', { email: invite.toEmail })}
        </Button>
      )}
    </>
  );
}

function Anonymous({
  invite,
  accept,
  here,
  answering,
  onReject,
}: {
  invite: InvitationPreview;
  accept: boolean;
  here: string;
  answering: boolean;
  onReject: () => void;
}) {
  const translate = useTranslate();
  const next = encodeURIComponent(here);
  const account = invite.hasAccount ? (
    <Button
      variant={accept ? 'contained' : 'outlined'}
      size="large"
      component={Link}
      to={`/login?next=${next}&email=${encodeURIComponent(invite.toEmail)}`}
    >
      {translate('resources.staff.answer.signInToAnswer')}
    </Button>
  ) : (
    <Button
      variant={accept ? 'contained' : 'outlined'}
      size="large"
      component={Link}
      to={`/register?next=${next}&email=${encodeURIComponent(invite.toEmail)}`}
    >
      {translate('resources.staff.answer.createAccount')}
    </Button>
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {invite.hasAccount
          ? translate('resources.staff.answer.signInFor', { email: invite.toEmail })
          : translate('resources.staff.answer.createFor', { email: invite.toEmail })}
      </Typography>
      {!accept && (
        <Button variant="contained" size="large" color="error" onClick={onReject} disabled={answering}>
          {translate('resources.staff.answer.reject')}
        </Button>
      )}
      {account}
    </>
  );
}
