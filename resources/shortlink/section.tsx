import { Route, Routes } from 'react-router-dom';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** shortlink/flyer: the short link's printable flyer, reached from its card on the overview (not in the sidebar). */
export const sections: ShopSection[] = [
  {
    path: 'shortlink',
    menu: { label: 'resources.shortlink.flyer.title', icon: QrCode2Icon, order: 1, role: 'USER', hidden: true },
    element: (
      <Routes>
        <Route path="flyer" element={lazyPage(() => import('./FlyerPage'), 'FlyerPage')} />
      </Routes>
    ),
  },
];
