import WebhookIcon from '@mui/icons-material/Webhook';
import { Route, Routes } from 'react-router-dom';
import type { ShopSection } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /shops/{shopId}/webhooks: where the shop's events are POSTed, and each endpoint's delivery log; ADMINs only (beside API keys). */
export const section: ShopSection = {
  path: 'webhooks',
  menu: { label: 'resources.webhooks.menu', icon: WebhookIcon, group: 'shop', order: 906, role: 'ADMIN' },
  element: (
    <Routes>
      <Route index element={lazyPage(() => import('./WebhooksPage'), 'WebhooksPage')} />
      <Route path=":endpointId" element={lazyPage(() => import('./EndpointPage'), 'EndpointPage')} />
    </Routes>
  ),
};
