import crypto from 'node:crypto';
import { images } from '../../server/infra/db/tables';
import type { TestContext } from './app';

/**
 * Records an image as POST /api/uploads would (a row of `images` owned by `user`, of the given size) without storing
 * any bytes, for tests that need an image the server accepts but never fetch the file. Returns its path.
 */
export async function storedImage(ctx: TestContext, user: { id: string } | null, width = 512, height = 512): Promise<string> {
  const path = `img/${crypto.randomUUID()}.png`;
  await ctx.db.insert(images).values({ path, ownerId: user?.id ?? null, format: 'png', width, height, bytes: 1024 });
  return path;
}

/** A stored 16:9 image (billboards, wide posts). */
export const sixteenNine = (ctx: TestContext, user: { id: string }) => storedImage(ctx, user, 1600, 900);
