import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/items (spec 2 §2, 3 §2.3): the item list, items/{type}/create and items/{type}/{itemId}/edit. */
const items: ShopSection = {
  path: 'items',
  menu: { label: 'resources.catalog.items.menu', icon: RestaurantMenuIcon, group: 'menu', order: 60, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./items/ItemList'), 'ItemList')} />
      <Route path=":type/create" element={lazyPage(() => import('./items/ItemEditor'), 'ItemCreate')} />
      <Route path=":type/:itemId/edit" element={lazyPage(() => import('./items/ItemEditor'), 'ItemEdit')} />
    </Routes>
  ),
};

/** /shops/{shopId}/menu (spec 3 §2.3): the menu editor. */
const menu: ShopSection = {
  path: 'menu',
  menu: { label: 'resources.catalog.menu.menu', icon: MenuBookIcon, group: 'menu', order: 70, role: 'USER', permission: 'catalog' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./menu/MenuEditor'), 'MenuEditor')} />
    </Routes>
  ),
};

/** /shops/{shopId}/delivery_suburbs/view and /edit (spec 2 §2): the delivery info document (settings kind delivery). */
const delivery: ShopSection = {
  path: 'delivery_suburbs',
  menu: { label: 'resources.catalog.delivery.menu', icon: LocalShippingIcon, group: 'shop', order: 150, role: 'USER' },
  element: (
    <Routes>
      <Route index element={<Navigate to="view" replace />} />
      <Route path="view" element={lazyPage(() => import('./delivery/DeliveryView'), 'DeliveryView')} />
      <Route path="edit" element={lazyPage(() => import('./delivery/DeliveryEdit'), 'DeliveryEdit')} />
    </Routes>
  ),
};

/** The catalog's three screens; the sidebar places them by their order, not by this list. */
export const sections = [items, menu, delivery];
