import PeopleIcon from '@mui/icons-material/People';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/users (spec 3 §2.8): the shop's users and pending invitations. */
export const sections: ShopSection[] = [
  {
    path: 'users',
    menu: { label: 'resources.staff.menu', icon: PeopleIcon, group: 'shop', order: 900, role: 'USER' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./ShopUsersPage'), 'ShopUsersPage')} />
      </Routes>
    ),
  },
];

/** The invitation link's screen, open to anyone (no signed-in layout). */
export const pages: MainPage[] = [
  {
    path: 'invites/:inviteKey/shops/:shopId',
    title: 'resources.staff.invitation',
    public: true,
    element: lazyPage(() => import('./InvitationPage'), 'default'),
  },
];
