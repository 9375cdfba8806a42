import { and, eq, inArray } from 'drizzle-orm';
import type { SellerRole } from '../../../domain/shop';
import type { Db } from '../db/client';
import { shops, shopSellers } from '../db/tables';

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

/** The user's own seller role in each of these shops (for super admins' lists, where most are null). */
export async function rolesIn(db: Db, userId: string, shopIds: string[]): Promise<Map<string, SellerRole>> {
  if (!shopIds.length) return new Map();
  const rows = await db
    .select({ shopId: shopSellers.shopId, role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.userId, userId), inArray(shopSellers.shopId, shopIds)));
  return new Map(rows.map((r) => [r.shopId, r.role]));
}
