import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/payments/stripe: the connected payment account (spec 2 §2, 3 §2.3). */
export const section: ShopSection = {
  path: 'payments/stripe',
  menu: { label: 'resources.stripe.menu', icon: AccountBalanceIcon, group: 'money', order: 90, role: 'USER', permission: 'reports' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./StripeAccountPage'), 'StripeAccountPage')} />
    </Routes>
  ),
};

/** /shops/{shopId}/payments/stripe_payouts: payouts and balance (spec 1 §2). */
export const payoutsSection: ShopSection = {
  path: 'payments/stripe_payouts',
  menu: { label: 'resources.stripe.payoutsMenu', icon: PaymentsIcon, group: 'money', order: 100, role: 'USER', permission: 'reports' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./StripePayoutsPage'), 'StripePayoutsPage')} />
    </Routes>
  ),
};
