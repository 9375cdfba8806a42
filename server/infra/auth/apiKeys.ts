import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_SCOPES, apiKeyMessages, type ApiKeyScope } from '../../../domain/apiKeys';
import type { Db } from '../db/client';
import { apiKeys, users } from '../db/tables';
import { unauthorized } from '../http/errors';
import { hashToken } from './tokens';

/** Last used is written at most this often per key, so a busy integration costs no write per request. */
export const LAST_USED_EVERY_MS = 60_000;
/** Longer than any key this server makes; anything longer is not looked up. */
const MAX_KEY_LENGTH = 100;

/** The key a request is made with, as the request carries it (req.apiKey): enough to name it in a log. */
export interface RequestApiKey {
  id: string;
  name: string;
  shopId: string;
  scopes: ApiKeyScope[];
}

/** A usable key, and the account it acts for (its creator: what it does is recorded as theirs, and as the key's). */
export interface ResolvedApiKey extends RequestApiKey {
  user: { id: string; email: string; name: string };
}

/** The key value in an Authorization header (Bearer srv_…), or null when the header carries something else. */
export function apiKeyOf(header: string | undefined): string | null {
  if (!header?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return null;
  return header.slice(7).trim();
}

/**
 * The live key with this value, or a 401 saying why not (unknown, revoked, expired, or its creator's account gone).
 * Marks it used when it was last used more than a minute ago.
 */
export async function resolveApiKey(db: Db, value: string, now: Date): Promise<ResolvedApiKey> {
  if (value.length > MAX_KEY_LENGTH) throw unauthorized(apiKeyMessages.unknownKey);
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      shopId: apiKeys.shopId,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      userName: users.name,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, hashToken(value)));
  if (!row) throw unauthorized(apiKeyMessages.unknownKey);
  if (row.revokedAt) throw unauthorized(apiKeyMessages.revoked);
  if (row.expiresAt && row.expiresAt <= now) throw unauthorized(apiKeyMessages.expired);
  // A key acts for the account that made it; with that account deleted nothing could be recorded as done by anyone.
  if (!row.userId || !row.email || !row.userName) throw unauthorized(apiKeyMessages.unknownKey);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, stale))));
  }
  return {
    id: row.id,
    name: row.name,
    shopId: row.shopId,
    scopes: API_KEY_SCOPES.filter((s) => row.scopes.includes(s)),
    user: { id: row.userId, email: row.email, name: row.userName },
  };
}
