import PeopleIcon from '@mui/icons-material/People';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/users (spec 3 §2.8): the shop's users and pending invitations. */
export const section: ShopSection = {
  path: 'users',
  menu: { label: 'resources.sellers.menu', icon: PeopleIcon, order: 900, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./ShopUsersPage'), 'ShopUsersPage')} />
    </Routes>
  ),
};
