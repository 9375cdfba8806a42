import type { MainPage } from '../../src/contracts/shopSection';
import { lazyPage } from '../../src/components/lazyPage';

/** /account/security: reached from the user menu in the header, for any signed-in user. */
export const pages: MainPage[] = [
  {
    path: 'account/security',
    title: 'resources.account.security.title',
    element: lazyPage(() => import('./SecurityPage'), 'SecurityPage'),
  },
];
