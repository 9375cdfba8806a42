import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, type ApiKeyScope, type CreatedApiKey } from '../../../domain/apiKeys';
import type { Db } from '../../infra/db/client';
import { hashToken, randomToken } from '../../infra/auth/tokens';
import { insertApiKey } from './repo';

/**
 * A new key: srv_ and 32 random bytes (base64url), answered this once. Only its SHA-256 is kept, like the other
 * tokens: a key is random enough that a slow hash would add nothing but time to every request made with it.
 */
export async function createApiKey(
  shopId: string,
  db: Db,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: Date | null },
  by: string,
  now: Date,
): Promise<CreatedApiKey> {
  const secret = randomToken();
  const key = API_KEY_PREFIX + secret;
  const apiKey = await insertApiKey(
    shopId,
    db,
    { ...input, prefix: secret.slice(0, API_KEY_SHOWN_CHARS), keyHash: hashToken(key) },
    by,
    now,
  );
  return { key, apiKey };
}
