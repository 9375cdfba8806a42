import { createContext, useContext } from 'react';
import type { Shop, SellerRole } from '../../domain/shop';
import type { StaffPermission } from '../../domain/staffPermissions';
import { allows, type ShopAction } from './access';
import type { Access } from './shopSection';

interface ShopContextValue {
  shop: Shop;
  /** The caller's role here; super admins who are not sellers act as ADMIN (as the server does). */
  role: SellerRole;
  /** The caller's access level at this shop (SUPER_ADMIN for platform super admins). */
  access: Access;
  refetch: () => void;
}

/** Provided by the shop shell around every section; a leaf so areas read it without importing the shell. */
export const ShopContext = createContext<ShopContextValue | null>(null);

/** The shop of the current shop-area page: { shop, role, access, refetch }. Only inside /shops/:shopId/*. */
export function useShop(): ShopContextValue {
  const value = useContext(ShopContext);
  if (!value) throw new Error('useShop() is only available on pages of the shop area (/shops/:shopId/...)');
  return value;
}

/**
 * The caller's role at the current shop and `can(action)`, the one place shop pages ask what they may offer: a role,
 * an action, or a staff permission (which the shop's ADMINs set for its USERs).
 */
export function useShopRole() {
  const { role, access, shop } = useShop();
  return { role, access, can: (action: ShopAction | Access | StaffPermission) => allows(access, action, shop.permissions) };
}
