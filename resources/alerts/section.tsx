import NotificationsIcon from '@mui/icons-material/Notifications';
import UnsubscribeIcon from '@mui/icons-material/UnsubscribeOutlined';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/alerts (spec 3 §2.3, between settings and billboards): my alert mails and sound, and the shop's alerts. */
export const section: ShopSection = {
  path: 'alerts',
  menu: { label: 'resources.alerts.menu', icon: NotificationsIcon, group: 'shop', order: 190, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./AlertsPage'), 'AlertsPage')} />
    </Routes>
  ),
};

/** Mails the queue gave up on, across the platform (super admins), to retry once the cause is fixed. */
export const pages: MainPage[] = [
  {
    path: 'platform/failed_mails',
    title: 'resources.alerts.failed.title',
    menu: { label: 'resources.alerts.failed.title', icon: UnsubscribeIcon, order: 45, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./FailedMailsPage'), 'FailedMailsPage'),
  },
];
