import { expect } from 'vitest';
import type { ApiKeyScope, CreatedApiKey } from '../../domain/apiKeys';
import type { TestContext } from './app';
import type { TestUser } from './users';

/** Creates an API key on a shop as `admin` (through the API); answers its value, its record and its header. */
export async function createApiKey(
  ctx: TestContext,
  shopId: string,
  admin: TestUser,
  scopes: ApiKeyScope[],
  opts: { name?: string; expiresAt?: string } = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${shopId}/api_keys`,
    headers: admin.headers,
    payload: {
      name: opts.name ?? `Key ${scopes.join(' ')}`.slice(0, 60),
      scopes,
      ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as CreatedApiKey;
  return { ...created, headers: { authorization: `Bearer ${created.key}` } };
}
