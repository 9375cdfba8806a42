import { and, eq, inArray } from 'drizzle-orm';
import type { Shop, SellerRole } from '../../../domain/shop';
import type { Db } from '../../db/client';
import { shops, shopSellers } from '../../db/schema';
import type { AuthUser } from '../../context';
import { notFound } from '../../errors';

export type ShopRow = typeof shops.$inferSelect;

/** The API shape of a shop (domain/shop.ts shopSchema); no listing record reads as UNPUBLISHED. */
export function shopJson(row: ShopRow, role: SellerRole | null): Shop {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    locality: row.locality,
    logo: row.logo ?? null,
    timezone: row.timezone,
    country: row.country,
    countries: row.countries ?? null,
    demo: row.demo,
    updatedBy: row.updatedBy,
    listing: { status: row.listingStatus ?? 'UNPUBLISHED', rejectReason: row.rejectReason },
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's own seller role; super admins act as ADMIN everywhere but are only reported as sellers where they are. */
export async function sellerRoleOf(db: Db, shopId: string, user: AuthUser, guardRole: SellerRole | null): Promise<SellerRole | null> {
  if (!user.isSuperAdmin) return guardRole;
  const [row] = await db
    .select({ role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, user.id)));
  return row?.role ?? null;
}

export async function loadShop(db: Db, shopId: string): Promise<ShopRow> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound('shop', shopId);
  return row;
}

/** The caller's seller role in each of these shops (for super admins' lists, where most are null). */
export async function rolesIn(db: Db, userId: string, shopIds: string[]): Promise<Map<string, SellerRole>> {
  if (!shopIds.length) return new Map();
  const rows = await db
    .select({ shopId: shopSellers.shopId, role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.userId, userId), inArray(shopSellers.shopId, shopIds)));
  return new Map(rows.map((r) => [r.shopId, r.role]));
}

export async function shopsJson(db: Db, userId: string, rows: ShopRow[]): Promise<Shop[]> {
  const roles = await rolesIn(db, userId, rows.map((r) => r.id));
  return rows.map((r) => shopJson(r, roles.get(r.id) ?? null));
}
