import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetIdentity, useNotify, usePermissions } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../domain/messages';
import { onSessionExpired, onTokenChange } from '../../providers/session';
import { rememberSignUpEmail } from '../pages/account/next';

/**
 * Keeps the signed-in area in step with the session: a new token or user re-reads the identity and the
 * super-admin flag (spec 1 §4), and a session the server rejected (a 401 on any call) sends the user to
 * /login, which brings them back to this page afterwards. Forms keep their unsaved values (KeepUnsavedValues).
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { refetch: refetchPermissions } = usePermissions();
  // Signed in: the address kept to prefill the sign-in form after signing up has done its job.
  useEffect(() => rememberSignUpEmail(null), []);
  useEffect(() => {
    const offToken = onTokenChange((token) => {
      if (!token) return;
      void refetchIdentity();
      void refetchPermissions();
    });
    const offExpired = onSessionExpired(() => {
      const next = { nextPathname: window.location.pathname, nextSearch: window.location.search };
      notify(messages.sessionExpired, { type: 'warning' });
      // After every other listener (forms put their unsaved values aside first), so nothing blocks the way out.
      setTimeout(() => {
        navigate('/login', { state: next });
        // What the old session read must not show to whoever signs in next.
        setTimeout(() => queryClient.removeQueries(), 0);
      }, 0);
    });
    return () => {
      offToken();
      offExpired();
    };
  }, [navigate, notify, queryClient, refetchIdentity, refetchPermissions]);
  return null;
}
