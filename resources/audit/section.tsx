import HistoryIcon from '@mui/icons-material/History';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/audit: who changed what in the shop; its ADMINs only. */
export const section: ShopSection = {
  path: 'audit',
  menu: { label: 'resources.audit.menu', icon: HistoryIcon, group: 'shop', order: 906, role: 'ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./AuditLogPage'), 'AuditLogPage')} />
    </Routes>
  ),
};
