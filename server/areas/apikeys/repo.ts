import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope } from '../../../domain/apiKeys';
import type { Db } from '../../infra/db/client';
import { apiKeys, users } from '../../infra/db/tables';
import { notFound } from '../../infra/http/errors';
import { isUuid } from '../../infra/db/uuid';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  creatorId: users.id,
  creatorName: users.name,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

const iso = (d: Date | null) => d?.toISOString() ?? null;

function present(r: Row, now: Date): ApiKey {
  const status = r.revokedAt ? 'REVOKED' : r.expiresAt && r.expiresAt <= now ? 'EXPIRED' : 'ACTIVE';
  return {
    id: r.id!,
    name: r.name!,
    prefix: r.prefix!,
    scopes: (r.scopes ?? []) as ApiKeyScope[],
    createdBy: r.creatorId ? { id: r.creatorId, name: r.creatorName ?? '' } : null,
    createdAt: r.createdAt!.toISOString(),
    expiresAt: iso(r.expiresAt),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    status,
  };
}

const select = (db: Db) => db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));

/** The shop's keys, newest first, revoked ones included (never their values). */
export async function listApiKeys(shopId: string, db: Db, now: Date): Promise<ApiKey[]> {
  const rows = await select(db).where(eq(apiKeys.shopId, shopId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => present(r, now));
}

async function loadApiKey(shopId: string, db: Db, id: string, now: Date): Promise<ApiKey> {
  const [row] = isUuid(id) ? await select(db).where(and(eq(apiKeys.shopId, shopId), eq(apiKeys.id, id))) : [];
  if (!row) throw notFound('API key', id);
  return present(row, now);
}

/** Stores a new key by its hash (service.ts makes the value); answers its record. */
export async function insertApiKey(
  shopId: string,
  db: Db,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: Date | null; prefix: string; keyHash: string },
  by: string,
  now: Date,
): Promise<ApiKey> {
  const [row] = await db
    .insert(apiKeys)
    .values({ shopId, ...input, createdBy: by, createdAt: now })
    .returning({ id: apiKeys.id });
  return loadApiKey(shopId, db, row.id, now);
}

/** Revokes a key of the shop (it stays in the list, marked); revoking it again keeps the first revocation. */
export async function revokeApiKey(shopId: string, db: Db, id: string, by: string, now: Date): Promise<ApiKey> {
  if (!isUuid(id)) throw notFound('API key', id);
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})`, revokedBy: sql`coalesce(${apiKeys.revokedBy}, ${by}::uuid)` })
    .where(and(eq(apiKeys.shopId, shopId), eq(apiKeys.id, id)));
  return loadApiKey(shopId, db, id, now);
}
