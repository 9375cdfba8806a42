import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/loyalty_cards/redeemed (spec 3 §2.3, between delivery info and downloads): the cards customers redeemed. */
export const section: ShopSection = {
  path: 'loyalty_cards/redeemed',
  menu: { label: 'resources.loyalty.menu', icon: LoyaltyIcon, group: 'customers', order: 160, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./RedeemedPage'), 'RedeemedPage')} />
    </Routes>
  ),
};
