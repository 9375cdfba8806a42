import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/tables';

/*
 * The guard runs this on every authenticated request (the session is checked each time, so logout and removal
 * take effect on the next call). As a prepared statement drizzle builds it once per process and PostgreSQL
 * plans it once per connection.
 */
const statement = (db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      verified: users.emailVerifiedAt,
      isSuperAdmin: users.isSuperAdmin,
      lastUsedAt: sessions.lastUsedAt,
      provedAt: sessions.provedAt,
      twoFactorSetupOnly: sessions.twoFactorSetupOnly,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_user');

const prepared = new WeakMap<Db, ReturnType<typeof statement>>();

/** The user of a live (not revoked, not expired) session, or undefined. */
export async function sessionUser(db: Db, sessionId: string, userId: string, now: Date) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = statement(db)));
  const [row] = await s.execute({ sessionId, userId, now });
  return row;
}

/** The sessions list says when each device was last seen: written at most once a minute per session, so reads stay reads. */
export const LAST_SEEN_EVERY_MS = 60_000;

export async function touchSession(db: Db, sessionId: string, lastUsedAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastUsedAt.getTime() < LAST_SEEN_EVERY_MS) return;
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lte(sessions.lastUsedAt, stale)));
}
