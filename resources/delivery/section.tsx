import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/delivery_suburbs/view and /edit (spec 2 §2): the delivery info document (settings kind delivery). */
export const section: ShopSection = {
  path: 'delivery_suburbs',
  menu: { label: 'resources.delivery.menu', icon: LocalShippingIcon, order: 150, role: 'USER' },
  element: (
    <Routes>
      <Route index element={<Navigate to="view" replace />} />
      <Route path="view" element={lazyPage(() => import('./DeliveryView'), 'DeliveryView')} />
      <Route path="edit" element={lazyPage(() => import('./DeliveryEdit'), 'DeliveryEdit')} />
    </Routes>
  ),
};
