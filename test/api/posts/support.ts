import crypto from 'node:crypto';
import { images } from '../../../server/infra/db/tables';
import type { TestContext } from '../../helpers/app';
import type { TestUser } from '../../helpers/users';

/** Records an upload of `user` (a row of `images`, as POST /api/uploads writes) of the given size; returns its path. */
export async function uploaded(ctx: TestContext, user: { id: string }, width = 800, height = 800): Promise<string> {
  const path = `img/${crypto.randomUUID()}.webp`;
  await ctx.db.insert(images).values({ path, ownerId: user.id, format: 'webp', width, height, bytes: 2048 });
  return path;
}

export const sixteenNine = (ctx: TestContext, user: { id: string }) => uploaded(ctx, user, 1600, 900);

export const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Pumpkin Soup',
  description: 'Roasted pumpkin soup with sourdough, all week long.',
  price: 12.5,
  images: { aspectRatio: 'SQUARE', images: [] as { path: string }[] },
  ...overrides,
});

export function api(ctx: TestContext) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
  return {
    get: (url: string, user: TestUser | null, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...user?.headers, ...headers } }),
    post: (url: string, user: TestUser | null, payload: unknown) => send('POST', url, user, payload),
    put: (url: string, user: TestUser | null, payload: unknown) => send('PUT', url, user, payload),
    del: (url: string, user: TestUser | null) => send('DELETE', url, user),
  };
}

export async function publish(ctx: TestContext, shopId: string) {
  await ctx.pool.query(`UPDATE shops SET listing_status = 'PUBLISHED' WHERE id = $1`, [shopId]);
}
