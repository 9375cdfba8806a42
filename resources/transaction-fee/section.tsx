import PercentIcon from '@mui/icons-material/Percent';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/transaction_fee (super admins, spec 3 §3). */
export const section: ShopSection = {
  path: 'transaction_fee',
  menu: { label: 'resources.transaction_fee.menu', icon: PercentIcon, order: 920, role: 'SUPER_ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./TransactionFeePage'), 'TransactionFeePage')} />
    </Routes>
  ),
};
