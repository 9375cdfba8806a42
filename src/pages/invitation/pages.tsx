import type { MainPage } from '../../contracts/shopSection';
import { lazyPage } from '../../components/lazyPage';

/** The invitation link's screen, open to anyone (no signed-in layout). */
export const pages: MainPage[] = [
  { path: 'invites/:inviteKey/shops/:shopId', title: 'servery.pages.invitation', public: true, element: lazyPage(() => import('./InvitationPage'), 'default') },
];
