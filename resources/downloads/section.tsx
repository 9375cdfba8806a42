import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/downloads (spec 3 §2.3 sidebar `downloads`, spec 2 §2): installs of the apps this shop is in. */
export const section: ShopSection = {
  path: 'downloads',
  menu: { label: 'resources.downloads.menu', icon: InstallMobileIcon, group: 'customers', order: 170, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./DownloadsPage'), 'DownloadsPage')} />
    </Routes>
  ),
};
