import EditIcon from '@mui/icons-material/Edit';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/edit: the shop's own record, for its admins. */
export const section: ShopSection = {
  path: 'edit',
  menu: { label: 'resources.shops.menu.edit', icon: EditIcon, order: 910, role: 'ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./ShopEdit'), 'ShopEdit')} />
    </Routes>
  ),
};

/** The shops the signed-in user works at ("/" shows them too) and the New Shop form. */
export const pages: MainPage[] = [
  {
    path: 'shops',
    title: 'resources.shops.menu.list',
    menu: { label: 'resources.shops.menu.list', icon: StorefrontIcon, order: 10, role: 'USER' },
    element: lazyPage(() => import('./ShopList'), 'ShopList'),
  },
  { path: 'shops/create', title: 'resources.shops.menu.create', element: lazyPage(() => import('./ShopCreate'), 'ShopCreate') },
];
