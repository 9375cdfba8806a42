import crypto from 'node:crypto';
import { images } from '../../server/infra/db/tables';
import type { TestContext } from './app';

/**
 * Records an image as POST /api/uploads would (a row of `images` owned by `user`) without storing any bytes, for
 * tests that need a logo the server accepts but never fetch the file. Returns its path.
 */
export async function storedImage(ctx: TestContext, user: { id: string } | null): Promise<string> {
  const path = `img/${crypto.randomUUID()}.png`;
  await ctx.db.insert(images).values({ path, ownerId: user?.id ?? null, format: 'png', width: 512, height: 512, bytes: 1024 });
  return path;
}
