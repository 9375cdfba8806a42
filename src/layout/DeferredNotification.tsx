import { lazy, Suspense, useState } from 'react';
import { useNotificationContext } from 'react-admin';

// The snackbar and its transitions are not needed to show or use the sign-in page, only once something is
// notified; the queued notification waits in the context until the toast component has loaded and takes it.
const AppNotification = lazy(() => import('./AppNotification'));

export function DeferredNotification() {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <AppNotification />
    </Suspense>
  ) : null;
}
