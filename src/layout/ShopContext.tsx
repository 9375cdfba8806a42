import { createContext, useContext, type ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import type { Shop, SellerRole } from '../../domain/shop';
import { useIsSuperAdmin } from '../../providers/authProvider';

export interface ShopContextValue {
  shop: Shop;
  /** The caller's role here; super admins who are not sellers act as ADMIN (as the server does). */
  role: SellerRole;
  refetch: () => void;
}

const ShopContext = createContext<ShopContextValue | null>(null);

/** GET /api/shops/:shopId, shared by the shop area and its sidebar through the query cache. */
export function useShopQuery(shopId: string | null) {
  return useGetOne<Shop>('shops', { id: shopId ?? '' }, { enabled: Boolean(shopId), retry: false });
}

export function ShopProvider({ shop, refetch, children }: { shop: Shop; refetch: () => void; children: ReactNode }) {
  const isSuperAdmin = useIsSuperAdmin();
  const role: SellerRole = shop.role ?? (isSuperAdmin ? 'ADMIN' : 'USER');
  return <ShopContext.Provider value={{ shop, role, refetch }}>{children}</ShopContext.Provider>;
}

/** The shop of the current shop-area page: { shop, role, refetch }. Only inside /shops/:shopId/*. */
export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop() is only available on pages of the shop area (/shops/:shopId/...)');
  return value;
}

/** Same as useShop() but null outside the shop area. */
export const useOptionalShop = () => useContext(ShopContext);
