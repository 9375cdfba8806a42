import { Notification } from 'react-admin';
import { NOTIFICATION_DURATION_MS } from '../../domain/constants';

/** Toasts stay 8 s (spec 3 §9); a notify(..., { autoHideDuration: null }) stays until closed. */
export default function AppNotification() {
  return <Notification autoHideDuration={NOTIFICATION_DURATION_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}
