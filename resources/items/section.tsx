import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/items (spec 2 §2, 3 §2.3): the item list, items/{type}/create and items/{type}/{itemId}/edit. */
export const section: ShopSection = {
  path: 'items',
  menu: { label: 'resources.items.menu', icon: RestaurantMenuIcon, order: 60, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./ItemList'), 'ItemList')} />
      <Route path=":type/create" element={lazyPage(() => import('./ItemEditor'), 'ItemCreate')} />
      <Route path=":type/:itemId/edit" element={lazyPage(() => import('./ItemEditor'), 'ItemEdit')} />
    </Routes>
  ),
};
