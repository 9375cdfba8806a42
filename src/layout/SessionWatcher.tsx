import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetIdentity, usePermissions } from 'react-admin';
import { onSessionExpired, onTokenChange } from '../../providers/session';

/**
 * Keeps the signed-in area in step with the session: a new token or user re-reads the identity
 * and the super-admin flag (spec 1 §4), and a session the server rejected (401 on a call made
 * outside react-admin's data hooks, an upload for instance) sends the user to /login.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const { refetch: refetchIdentity } = useGetIdentity();
  const { refetch: refetchPermissions } = usePermissions();
  useEffect(() => {
    const offToken = onTokenChange((token) => {
      if (!token) return;
      void refetchIdentity();
      void refetchPermissions();
    });
    const offExpired = onSessionExpired(() => {
      navigate('/login', { state: { nextPathname: window.location.pathname, nextSearch: window.location.search } });
    });
    return () => {
      offToken();
      offExpired();
    };
  }, [navigate, refetchIdentity, refetchPermissions]);
  return null;
}
