import EventSeatIcon from '@mui/icons-material/EventSeat';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';
import { NewBookingsBadge } from './NewBookingsBadge';

/** bookings/dashboard (New Bookings, with the live count) and bookings/history (spec 3 §2.3). */
const loadDashboard = () => import('./DashboardPage');

export const sections: ShopSection[] = [
  {
    path: 'bookings/dashboard',
    menu: {
      label: 'resources.bookings.menu.dashboard',
      icon: EventSeatIcon,
      group: 'orders',
      order: 6,
      role: 'USER',
      Badge: NewBookingsBadge,
    },
    element: (
      <Routes>
        <Route index element={lazyPage(loadDashboard, 'DashboardPage')} />
      </Routes>
    ),
    preload: loadDashboard,
  },
  {
    path: 'bookings/history',
    menu: { label: 'resources.bookings.menu.history', icon: EventNoteIcon, group: 'orders', order: 42, role: 'USER' },
    element: (
      <Routes>
        <Route index element={lazyPage(() => import('./HistoryPage'), 'HistoryPage')} />
      </Routes>
    ),
  },
];
