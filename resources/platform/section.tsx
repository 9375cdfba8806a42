import PaymentsIcon from '@mui/icons-material/Payments';
import PercentIcon from '@mui/icons-material/Percent';
import SecurityIcon from '@mui/icons-material/Security';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/transaction_fee (super admins, spec 3 §3). */
export const sections: ShopSection[] = [
  {
    path: 'transaction_fee',
    menu: { label: 'resources.platform.transactionFee.menu', icon: PercentIcon, group: 'money', order: 920, role: 'SUPER_ADMIN' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./TransactionFeePage'), 'TransactionFeePage')} />
      </Routes>
    ),
  },
];

/** The payment switch (spec 1 §2), then the platform's security rules, last in the Super Admin menu. */
export const pages: MainPage[] = [
  {
    path: 'stripe/switch',
    title: 'resources.platform.stripeSwitch.name',
    menu: { label: 'resources.platform.stripeSwitch.name', icon: PaymentsIcon, order: 50, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./StripeSwitchPage'), 'StripeSwitchPage'),
  },
  {
    path: 'platform/security',
    title: 'resources.platform.security.name',
    menu: { label: 'resources.platform.security.name', icon: SecurityIcon, order: 55, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./SecurityPage'), 'SecurityPage'),
  },
];
