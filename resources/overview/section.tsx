import DashboardIcon from '@mui/icons-material/Dashboard';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** The shop's overview. The shop's home (spec 1 §2: orders/dashboard) is the orders area's New Orders page. */
export const section: ShopSection = {
  path: 'overview',
  menu: { label: 'resources.shops.menu.overview', icon: DashboardIcon, order: 0, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('../shops/ShopOverview'), 'ShopOverview')} />
    </Routes>
  ),
};
