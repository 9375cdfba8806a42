import KeyIcon from '@mui/icons-material/Key';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/api_keys: the keys integrations act on the shop with; its ADMINs only (beside Users). */
export const section: ShopSection = {
  path: 'api_keys',
  menu: { label: 'resources.apikeys.menu', icon: KeyIcon, group: 'shop', order: 905, role: 'ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./ApiKeysPage'), 'ApiKeysPage')} />
    </Routes>
  ),
};
