import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { shopSellers, shopSettings } from '../../infra/db/tables';
import { readPlatformSecurity } from '../../infra/db/platformSecurity';

const SHOP_SECURITY_KIND = 'security';

/**
 * Whether the account must sign in with two-factor: a super admin when the platform requires it of them, anyone who
 * is a member of a shop whose ADMINs require it of every member. Read at sign-in only (one query each).
 */
export async function twoFactorRequired(db: Db, user: { id: string; isSuperAdmin: boolean }): Promise<boolean> {
  if (user.isSuperAdmin && (await readPlatformSecurity(db)).requireTwoFactorForSuperAdmins) return true;
  const [member] = await db
    .select({ shopId: shopSellers.shopId })
    .from(shopSellers)
    .innerJoin(shopSettings, and(eq(shopSettings.shopId, shopSellers.shopId), eq(shopSettings.kind, SHOP_SECURITY_KIND)))
    .where(and(eq(shopSellers.userId, user.id), sql`(${shopSettings.value} ->> 'requireTwoFactor') = 'true'`))
    .limit(1);
  return Boolean(member);
}
