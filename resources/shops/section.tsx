import DashboardIcon from '@mui/icons-material/Dashboard';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

export const sections: ShopSection[] = [
  /** The shop's overview. The shop's home (spec 1 §2: orders/dashboard) is the orders area's New Orders page. */
  {
    path: 'overview',
    menu: { label: 'resources.shops.menu.overview', icon: DashboardIcon, order: 0, role: 'USER' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./ShopOverview'), 'ShopOverview')} />
      </Routes>
    ),
  },
  /** /shops/{shopId}/edit: the shop's own record, for its admins. */
  {
    path: 'edit',
    menu: { label: 'resources.shops.menu.edit', icon: EditIcon, group: 'shop', order: 910, role: 'ADMIN' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./ShopEdit'), 'ShopEdit')} />
      </Routes>
    ),
  },
];

/**
 * The shops the signed-in user works at ("/" shows them too) and the New Shop form; for super admins the platform's
 * shop pages, in the Super Admin menu's order of spec 1 §2: Review, Browse, (Apps, 30), Search.
 */
export const pages: MainPage[] = [
  {
    path: 'shops',
    title: 'resources.shops.menu.list',
    menu: { label: 'resources.shops.menu.list', icon: StorefrontIcon, order: 10, role: 'USER' },
    element: lazyPage(() => import('./ShopList'), 'ShopList'),
  },
  { path: 'shops/create', title: 'resources.shops.menu.create', element: lazyPage(() => import('./ShopCreate'), 'ShopCreate') },
  {
    path: 'shops/review',
    title: 'resources.shops.pages.review',
    menu: { label: 'resources.shops.pages.review', icon: FactCheckIcon, order: 10, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./ReviewPage'), 'ReviewPage'),
  },
  {
    path: 'shops/browse',
    title: 'resources.shops.pages.browse',
    menu: { label: 'resources.shops.pages.browse', icon: TravelExploreIcon, order: 20, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./BrowsePage'), 'BrowsePage'),
  },
  {
    path: 'shops/search',
    title: 'resources.shops.pages.search',
    menu: { label: 'resources.shops.pages.search', icon: SearchIcon, order: 40, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./SearchPage'), 'SearchPage'),
  },
];
