import SettingsIcon from '@mui/icons-material/Settings';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/settings (spec 3 §2.6): the settings tabs; the open tab is ?tab={id}. */
export const section: ShopSection = {
  path: 'settings',
  menu: { label: 'resources.settings.menu', icon: SettingsIcon, group: 'shop', order: 180, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./SettingsPage'), 'SettingsPage')} />
    </Routes>
  ),
};
