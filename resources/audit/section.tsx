import HistoryIcon from '@mui/icons-material/History';
import { Route, Routes } from 'react-router-dom';
import type { MainPage, ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/audit: who changed what in the shop; its ADMINs only. */
export const section: ShopSection = {
  path: 'audit',
  menu: { label: 'resources.audit.menu', icon: HistoryIcon, group: 'shop', order: 907, role: 'ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./AuditLogPage'), 'AuditLogPage')} />
    </Routes>
  ),
};

/** /platform/audit: every shop's log and the platform's own, in the Super Admin menu. */
export const pages: MainPage[] = [
  {
    path: 'platform/audit',
    title: 'resources.audit.platform.title',
    menu: { label: 'resources.audit.platform.title', icon: HistoryIcon, order: 47, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./PlatformAuditPage'), 'PlatformAuditPage'),
  },
];
