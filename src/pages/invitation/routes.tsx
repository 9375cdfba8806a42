import type { PageRoute } from '../../registry';
import { lazyPage } from '../../components/lazyPage';

/** The invitation link's screen, open to anyone (no signed-in layout). */
export const invitationRoutes: PageRoute[] = [
  { path: 'invites/:inviteKey/shops/:shopId', noLayout: true, element: lazyPage(() => import('./InvitationPage'), 'default') },
];
