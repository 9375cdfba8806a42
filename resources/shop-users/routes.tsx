import PeopleIcon from '@mui/icons-material/People';
import type { MenuEntry, PageRoute } from '../../src/registry';
import { lazyPage } from '../../src/components/lazyPage';

export const shopUsersShopRoutes: PageRoute[] = [{ path: 'users', element: lazyPage(() => import('./ShopUsersPage'), 'ShopUsersPage') }];

export const shopUsersShopMenu: MenuEntry[] = [{ to: 'users', label: 'Users', icon: PeopleIcon, order: 900 }];
