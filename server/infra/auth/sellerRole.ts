import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SellerRole } from '../../../domain/shop';
import { readSettings, SETTINGS, storedFromText } from '../../../domain/settings';
import { everyStaffPermission, type StaffPermissions } from '../../../domain/staffPermissions';
import type { Db } from '../db/client';
import { shops, shopSellers, shopSettings } from '../db/tables';

/**
 * The role a user acts with on a shop, or null when the shop does not exist or they are not part of it (the caller
 * answers 404 either way, so other tenants' ids reveal nothing). Super admins act as ADMIN on every existing shop.
 */
export async function actingRole(shopId: string, db: Db, user: { id: string; isSuperAdmin: boolean }): Promise<SellerRole | null> {
  if (user.isSuperAdmin) {
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
    return shop ? 'ADMIN' : null;
  }
  const [seller] = await db
    .select({ role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, user.id)));
  return seller?.role ?? null;
}

const STAFF_PERMISSIONS_KIND = 'staff_permissions' satisfies keyof typeof SETTINGS;

/**
 * actingRole, and what the user may do there: ADMINs (and super admins) everything, USERs what the shop's staff
 * permissions allow. A USER's permissions come in the same query as their role (the shop scope runs it on every
 * request), and their document's text is parsed once per distinct text (storedFromText).
 */
export async function actingAccess(
  shopId: string,
  db: Db,
  user: { id: string; isSuperAdmin: boolean },
): Promise<{ role: SellerRole; permissions: StaffPermissions } | null> {
  if (user.isSuperAdmin) {
    const role = await actingRole(shopId, db, user);
    return role && { role, permissions: everyStaffPermission };
  }
  const [seller] = await db
    .select({
      role: shopSellers.role,
      permissions: sql<string | null>`CASE WHEN ${shopSellers.role} = 'USER' THEN (
        SELECT ${shopSettings.value}::text FROM ${shopSettings}
        WHERE ${shopSettings.shopId} = ${shopId} AND ${shopSettings.kind} = ${STAFF_PERMISSIONS_KIND}) END`,
    })
    .from(shopSellers)
    .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, user.id)));
  if (!seller) return null;
  if (seller.role === 'ADMIN') return { role: 'ADMIN', permissions: everyStaffPermission };
  return { role: seller.role, permissions: readSettings(SETTINGS.staff_permissions, storedFromText(seller.permissions)) };
}

/** The user's own seller role in each of these shops (for super admins' lists, where most are null). */
export async function rolesIn(db: Db, userId: string, shopIds: string[]): Promise<Map<string, SellerRole>> {
  if (!shopIds.length) return new Map();
  const rows = await db
    .select({ shopId: shopSellers.shopId, role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.userId, userId), inArray(shopSellers.shopId, shopIds)));
  return new Map(rows.map((r) => [r.shopId, r.role]));
}
