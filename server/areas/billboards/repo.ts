import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { billboards } from './tables';
import { notFound } from '../../infra/http/errors';
import { translateConstraints } from '../../infra/db/constraints';

type BillboardImage = { path: string };

/** The shop's billboards in their order; none when the shop never saved any. */
export async function loadBillboards(shopId: string, db: Db): Promise<BillboardImage[]> {
  const [row] = await db.select({ images: billboards.images }).from(billboards).where(eq(billboards.shopId, shopId));
  return row?.images ?? [];
}

/** Replaces the whole ordered list (spec 1 §3: one record per shop). */
export async function saveBillboards(shopId: string, db: Db, images: BillboardImage[], by: string, now: Date): Promise<BillboardImage[]> {
  const value = images.map(({ path }) => ({ path }));
  await translateConstraints(
    () =>
      db
        .insert(billboards)
        .values({ shopId, images: value, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({ target: billboards.shopId, set: { images: value, updatedAt: now, updatedBy: by } }),
    { foreignKey: () => notFound('shop', shopId) },
  );
  return value;
}
