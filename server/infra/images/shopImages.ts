import { inArray } from 'drizzle-orm';
import type { ImageAspect } from '../../../domain/constants';
import { fitsAspect } from '../../../domain/post';
import type { Db } from '../db/client';
import { images } from '../db/tables';
import { badRequest } from '../http/errors';
import { requireUsableImage } from './usable';

/**
 * Checks a list of images a shop wants to show (a post's, its billboards): each new path must be an image this
 * server stored that the caller may use (requireUsableImage), and each must have the list's aspect ratio, so what
 * customers see is what the crop produced. Paths the record already holds (`keep`) were checked when they came.
 */
export async function requireShopImages(
  shopId: string,
  db: Db,
  paths: string[],
  opts: { userId: string; keep: Iterable<string>; aspect: ImageAspect | null; field: (index: number) => string; wrongAspect: string },
): Promise<void> {
  const keep = new Set(opts.keep);
  for (const [i, path] of paths.entries()) {
    if (!keep.has(path)) await requireUsableImage(shopId, db, path, { userId: opts.userId, field: opts.field(i) });
  }
  if (!opts.aspect || paths.length === 0) return;
  const aspect = opts.aspect;
  const sizes = new Map(
    (
      await db.select({ path: images.path, width: images.width, height: images.height }).from(images).where(inArray(images.path, paths))
    ).map((r) => [r.path, r]),
  );
  for (const [i, path] of paths.entries()) {
    const size = sizes.get(path);
    if (size && !fitsAspect(size.width, size.height, aspect)) {
      throw badRequest(opts.wrongAspect, { [opts.field(i)]: opts.wrongAspect }, 'VALIDATION');
    }
  }
}
