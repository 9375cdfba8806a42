import type { Shop, SellerRole } from '../../../domain/shop';
import type { StaffPermissions } from '../../../domain/staffPermissions';
import type { Db } from '../../infra/db/client';
import type { ShopRow } from './repo';
import { rolesIn } from '../../infra/auth/sellerRole';

export type { ShopRow };

/** The API shape of a shop (domain/shop.ts shopSchema); no listing record reads as UNPUBLISHED. */
export function shopJson(
  row: Omit<ShopRow, 'searchText' | 'submittedAt'>,
  role: SellerRole | null,
  permissions?: StaffPermissions | null,
): Shop {
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
    ...(permissions ? { permissions } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function shopsJson(db: Db, userId: string, rows: ShopRow[]): Promise<Shop[]> {
  const roles = await rolesIn(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => shopJson(r, roles.get(r.id) ?? null));
}
