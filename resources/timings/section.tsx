import ScheduleIcon from '@mui/icons-material/Schedule';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/timings/view and /timings/edit (spec 3 §2.7): the weekly store timings, plus closures by date. */
export const section: ShopSection = {
  path: 'timings',
  menu: { label: 'resources.timings.menu', icon: ScheduleIcon, group: 'shop', order: 130, role: 'USER' },
  element: (
    <Routes>
      <Route index element={<Navigate to="view" replace />} />
      <Route path="view" element={lazyPage(() => import('./TimingsView'), 'TimingsView')} />
      <Route path="edit" element={lazyPage(() => import('./TimingsEdit'), 'TimingsEdit')} />
    </Routes>
  ),
};
