import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { MainPage } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** The white-label apps (spec 1 §2): the Apps entry of the Super Admin menu (order 30), create and edit. */
export const pages: MainPage[] = [
  {
    path: 'whitelabel/apps/list',
    title: 'resources.apps.menu.list',
    menu: { label: 'resources.apps.menu.list', icon: PhoneIphoneIcon, order: 30, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./AppList'), 'AppList'),
  },
  {
    path: 'whitelabel/apps/create',
    title: 'resources.apps.menu.create',
    role: 'SUPER_ADMIN',
    element: lazyPage(() => import('./AppCreate'), 'AppCreate'),
  },
  {
    path: 'whitelabel/apps/:bundleId/edit',
    title: 'resources.apps.menu.edit',
    role: 'SUPER_ADMIN',
    element: lazyPage(() => import('./AppEdit'), 'AppEdit'),
  },
];
