import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/http/errors';
import { shops, shopSellers, users } from '../../infra/db/tables';

interface ShopAdminAudience {
  name: string;
  timezone: string;
  admins: { email: string; name: string }[];
}

/** Who hears of a change the shop's admins must see: its ADMIN members, with the shop's name and time zone. */
export async function shopAdminAudience(shopId: string, db: Db): Promise<ShopAdminAudience> {
  const [shop] = await db.select({ name: shops.name, timezone: shops.timezone }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound('shop', shopId);
  const admins = await db
    .select({ email: users.email, name: users.name })
    .from(shopSellers)
    .innerJoin(users, eq(users.id, shopSellers.userId))
    .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.role, 'ADMIN')))
    .orderBy(asc(users.email));
  return { ...shop, admins };
}
