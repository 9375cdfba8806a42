import AssessmentIcon from '@mui/icons-material/Assessment';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/**
 * orders/report (beside order history), payments/gateway (before the payment account and its payouts) and
 * transactions (after them), in the sidebar order of the spec.
 */
export const sections: ShopSection[] = [
  {
    path: 'orders/report',
    menu: {
      label: 'resources.reports.menu.orders',
      icon: AssessmentIcon,
      group: 'orders',
      order: 40.5,
      role: 'USER',
      permission: 'reports',
    },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./OrdersReportPage'), 'OrdersReportPage')} />
      </Routes>
    ),
  },
  {
    path: 'payments/gateway',
    menu: {
      label: 'resources.reports.menu.payments',
      icon: CreditCardIcon,
      group: 'money',
      order: 85,
      role: 'USER',
      permission: 'reports',
    },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./PaymentsPage'), 'PaymentsPage')} />
      </Routes>
    ),
  },
  {
    path: 'transactions',
    menu: {
      label: 'resources.reports.menu.transactions',
      icon: RequestQuoteIcon,
      group: 'money',
      order: 110,
      role: 'USER',
      permission: 'reports',
    },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./TransactionReportPage'), 'TransactionReportPage')} />
      </Routes>
    ),
  },
];
