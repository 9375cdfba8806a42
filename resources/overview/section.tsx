import DashboardIcon from '@mui/icons-material/Dashboard';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/**
 * The shop's home, where every shop list opens a shop (spec 1 §2: orders/dashboard). Until the New Orders
 * page exists it shows the shop's overview; the orders area will take this path over.
 */
export const section: ShopSection = {
  path: 'orders/dashboard',
  menu: { label: 'resources.shops.menu.overview', icon: DashboardIcon, order: 0, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('../shops/ShopOverview'), 'ShopOverview')} />
    </Routes>
  ),
};
