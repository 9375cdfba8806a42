import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/menu (spec 3 §2.3): the menu editor. */
export const section: ShopSection = {
  path: 'menu',
  menu: { label: 'resources.menu.menu', icon: MenuBookIcon, order: 70, role: 'USER', permission: 'catalog' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./MenuEditor'), 'MenuEditor')} />
    </Routes>
  ),
};
