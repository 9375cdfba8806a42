import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { ShopContext } from '../../src/contracts/shopContext';
import type { Shop } from '../../domain/shop';

/** A shop area's page as the shop shell mounts it: router, react-admin (English, a fresh store) and the shop's context. */
/** `path`: the address the page opens at (its query string, say); `authProvider`: who is signed in, for pages that ask. */
export function renderInShop(
  ui: ReactNode,
  opts: { shop: Shop; dataProvider?: DataProvider; role?: 'USER' | 'ADMIN'; path?: string; authProvider?: AuthProvider },
) {
  const role = opts.role ?? 'USER';
  return render(
    <MemoryRouter initialEntries={[opts.path ?? '/']}>
      <AdminContext
        i18nProvider={i18nProvider}
        dataProvider={opts.dataProvider ?? testDataProvider()}
        authProvider={opts.authProvider}
        store={memoryStore()}
      >
        <ShopContext.Provider value={{ shop: opts.shop, role, access: role, refetch: () => undefined }}>{ui}</ShopContext.Provider>
      </AdminContext>
    </MemoryRouter>,
  );
}
