import type { ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import type { Shop, SellerRole } from '../../domain/shop';
import { useIsSuperAdmin } from '../../providers/authProvider';
import { accessOf } from '../contracts/access';
import { ShopContext } from '../contracts/shopContext';
import { MountsContext } from '../contracts/mounts';
import { mounts } from '../sections';

/** GET /api/shops/:shopId, shared by the shop area and its sidebar through the query cache. */
export function useShopQuery(shopId: string | null) {
  return useGetOne<Shop>('shops', { id: shopId ?? '' }, { enabled: Boolean(shopId), retry: false });
}

/**
 * Gives the sections of the shop area their shop and the caller's role there (read with useShop/useShopRole), and
 * the pages what other areas mount on them (useMounted).
 */
export function ShopProvider({ shop, refetch, children }: { shop: Shop; refetch: () => void; children: ReactNode }) {
  const isSuperAdmin = useIsSuperAdmin();
  const role: SellerRole = shop.role ?? (isSuperAdmin ? 'ADMIN' : 'USER');
  return (
    <ShopContext.Provider value={{ shop, role, access: accessOf(shop.role, isSuperAdmin), refetch }}>
      <MountsContext.Provider value={mounts}>{children}</MountsContext.Provider>
    </ShopContext.Provider>
  );
}
