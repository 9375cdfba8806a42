import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import HistoryIcon from '@mui/icons-material/History';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';
import { NewOrdersBadge } from './NewOrdersBadge';

/** orders/dashboard (New Orders, with the live count), orders/history, and orders/{orderId} (reached from both). */
const loadDashboard = () => import('./DashboardPage');

export const sections: ShopSection[] = [
  {
    path: 'orders/dashboard',
    menu: {
      label: 'resources.orders.menu.dashboard',
      icon: NotificationsActiveIcon,
      group: 'orders',
      order: 5,
      role: 'USER',
      Badge: NewOrdersBadge,
    },
    element: (
      <Routes>
        <Route index element={lazyPage(loadDashboard, 'DashboardPage')} />
      </Routes>
    ),
    preload: loadDashboard,
    firstView: () => import('./firstView').then((m) => m.firstView),
  },
  {
    path: 'orders/history',
    menu: { label: 'resources.orders.menu.history', icon: HistoryIcon, group: 'orders', order: 40, role: 'USER' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./HistoryPage'), 'HistoryPage')} />
      </Routes>
    ),
  },
  {
    path: 'orders',
    menu: { label: 'resources.orders.menu.detail', icon: ReceiptLongIcon, order: 41, role: 'USER', hidden: true },
    element: (
      <Routes>
        <Route path=":orderId" element={lazyPage(() => import('./OrderDetailPage'), 'OrderDetailPage')} />
        <Route path=":orderId/ticket" element={lazyPage(() => import('./TicketPage'), 'TicketPage')} />
      </Routes>
    ),
  },
];
