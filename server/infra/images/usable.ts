import { and, eq } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { Db } from '../db/client';
import { images, shopSellers } from '../db/tables';
import { badRequest } from '../http/errors';

const refused = (field: string) => badRequest(messages.imageNotUploaded, { [field]: messages.imageNotUploaded }, 'IMAGE_NOT_UPLOADED');

/**
 * Checks that `path` names an image this server stored (a row of `images`, written by POST /api/uploads) that the
 * caller may use: one they uploaded, or one a seller of the shop uploaded, or the shop's current image. Anything
 * else (a foreign URL, a made-up key, another tenant's upload) is a 400, so a shop can only show what was uploaded
 * and checked here.
 */
export async function requireUsableImage(
  shopId: string | null,
  db: Db,
  path: string,
  caller: { userId: string; currentPath?: string | null; field?: string },
): Promise<void> {
  const field = caller.field ?? 'logo';
  if (caller.currentPath && path === caller.currentPath) return;
  const [image] = await db.select({ ownerId: images.ownerId }).from(images).where(eq(images.path, path));
  if (!image?.ownerId) throw refused(field);
  if (image.ownerId === caller.userId) return;
  if (shopId) {
    const [seller] = await db
      .select({ userId: shopSellers.userId })
      .from(shopSellers)
      .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, image.ownerId)));
    if (seller) return;
  }
  throw refused(field);
}
