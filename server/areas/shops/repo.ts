import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SellerRole, ShopCreate, ShopUpdate } from '../../../domain/shop';
import type { Db } from '../../infra/db/client';
import { shops, shopSellers } from '../../infra/db/tables';
import { notFound } from '../../infra/http/errors';

export type ShopRow = typeof shops.$inferSelect;

/** A new shop, waiting for review, with its creator as ADMIN: shop and seller are written in one transaction. */
export async function createShop(db: Db, input: ShopCreate, userId: string, now: Date): Promise<ShopRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shops)
      .values({
        type: input.type,
        name: input.name,
        description: input.description,
        locality: input.locality,
        logo: input.logo,
        timezone: input.timezone,
        country: input.country,
        updatedBy: userId,
        listingStatus: 'WAITING_FOR_REVIEW',
        submittedAt: now,
      })
      .returning();
    await tx.insert(shopSellers).values({ shopId: created.id, userId, role: 'ADMIN' });
    return created;
  });
}

/** Fields whose change a reviewer must see again before a PUBLISHED shop stays listed (README design notes). */
const REVIEWED = ['name', 'description', 'logo'] as const;

/** One shop; an unknown id is a 404. */
export async function loadShop(shopId: string, db: Db): Promise<ShopRow> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound('shop', shopId);
  return row;
}

/**
 * Saves an edit. A REJECTED shop, and a PUBLISHED one whose name, description or logo changed, go (back) to
 * WAITING_FOR_REVIEW, so nothing customers see is listed without a review.
 */
export async function updateShop(shopId: string, db: Db, current: ShopRow, edit: ShopUpdate, by: string, now: Date): Promise<ShopRow> {
  const reviewedChange = REVIEWED.some((k) => JSON.stringify(current[k] ?? null) !== JSON.stringify(edit[k] ?? null));
  const resubmit = current.listingStatus === 'REJECTED' || (current.listingStatus === 'PUBLISHED' && reviewedChange);
  const [row] = await db
    .update(shops)
    .set({
      name: edit.name,
      description: edit.description,
      locality: edit.locality,
      logo: edit.logo,
      timezone: edit.timezone,
      updatedBy: by,
      updatedAt: now,
      ...(resubmit ? { listingStatus: 'WAITING_FOR_REVIEW' as const, rejectReason: null, submittedAt: now } : {}),
    })
    .where(eq(shops.id, shopId))
    .returning();
  if (!row) throw notFound('shop', shopId);
  return row;
}

/** The platform's decision on a shop: PUBLISHED, or REJECTED with the reason the owner will read. */
export async function decideListing(
  shopId: string,
  db: Db,
  decision: { status: 'PUBLISHED' } | { status: 'REJECTED'; reason: string },
  now: Date,
): Promise<ShopRow> {
  const [row] = await db
    .update(shops)
    .set({ listingStatus: decision.status, rejectReason: decision.status === 'REJECTED' ? decision.reason : null, updatedAt: now })
    .where(eq(shops.id, shopId))
    .returning();
  if (!row) throw notFound('shop', shopId);
  return row;
}

/** The caller's own seller role; super admins act as ADMIN everywhere but are only reported as sellers where they are. */
export async function sellerRoleOf(
  shopId: string,
  db: Db,
  user: { id: string; isSuperAdmin: boolean },
  scopeRole: SellerRole | null,
): Promise<SellerRole | null> {
  if (!user.isSuperAdmin) return scopeRole;
  const [row] = await db
    .select({ role: shopSellers.role })
    .from(shopSellers)
    .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, user.id)));
  return row?.role ?? null;
}

/**
 * The shop's row (id, name, country, timezone) while it is PUBLISHED, and no row otherwise, as a subquery for a
 * customers' statement that reads the shop with its own work (placing an order). `shopId` is an SQL expression of it.
 */
export const publishedShopSubquery = (shopId: SQL): SQL =>
  sql`(SELECT id, name, country, timezone FROM shops WHERE id = ${shopId} AND listing_status = 'PUBLISHED')`;
