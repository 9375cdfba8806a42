import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/promotions, /promotions/create, /promotions/{id}/edit (spec 3 §2.4, §2.5): the shop's coupons. */
export const section: ShopSection = {
  path: 'promotions',
  menu: { label: 'resources.promotions.menu', icon: LocalOfferIcon, group: 'customers', order: 120, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./PromotionList'), 'PromotionList')} />
      <Route path="create" element={lazyPage(() => import('./PromotionCreate'), 'PromotionCreate')} />
      <Route path=":promotionId/edit" element={lazyPage(() => import('./PromotionEdit'), 'PromotionEdit')} />
    </Routes>
  ),
};
