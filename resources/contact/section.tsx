import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/contact (spec 3 §2.3 'Customer Contact', spec 1 §2–§3): the shop's address, phone and person. */
export const section: ShopSection = {
  path: 'contact',
  menu: { label: 'resources.contact.menu', icon: ContactPhoneIcon, group: 'shop', order: 140, role: 'USER' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./ContactPage'), 'ContactPage')} />
    </Routes>
  ),
};
