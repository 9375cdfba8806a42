import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/billboards (spec 1 §2, spec 3 §2.3): the banner carousel at the top of the customers' app. */
export const section: ShopSection = {
  path: 'billboards',
  menu: { label: 'resources.billboards.menu', icon: ViewCarouselIcon, group: 'customers', order: 200, role: 'USER', permission: 'posts' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./BillboardsPage'), 'BillboardsPage')} />
    </Routes>
  ),
};
