import DashboardIcon from '@mui/icons-material/Dashboard';
import EditIcon from '@mui/icons-material/Edit';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { MenuEntry, PageRoute } from '../../src/registry';
import { lazyPage } from '../../src/components/lazyPage';

const list = lazyPage(() => import('./ShopList'), 'ShopList');
const overview = lazyPage(() => import('./ShopOverview'), 'ShopOverview');

export const shopsMainRoutes: PageRoute[] = [
  { path: 'shops', element: list },
  { path: 'shops/create', element: lazyPage(() => import('./ShopCreate'), 'ShopCreate') },
];

/**
 * The shop's home. 'orders/dashboard' is where every shop list opens a shop (spec 1 §2); until the
 * New Orders page exists it shows the overview too.
 */
export const shopsShopRoutes: PageRoute[] = [
  { path: '', element: overview },
  { path: 'orders/dashboard', element: overview },
  { path: 'edit', element: lazyPage(() => import('./ShopEdit'), 'ShopEdit') },
];

export const shopsMainMenu: MenuEntry[] = [{ to: '/shops', label: 'Shops', icon: StorefrontIcon, order: 10 }];

export const shopsShopMenu: MenuEntry[] = [
  { to: '', label: 'Overview', icon: DashboardIcon, order: 0 },
  { to: 'edit', label: 'Edit Shop', icon: EditIcon, order: 910, adminOnly: true },
];
