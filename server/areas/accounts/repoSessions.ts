import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { sessions } from '../../infra/db/tables';
import { knownDevices } from './tables';

/** A user's live sessions, the most recently seen first. */
export async function listLiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one of the user's own live sessions; false when it is not theirs or already over. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Records a sign-in from `deviceKey`; answers true when the device is new to the user and the account had signed in
 * from another one before (the first device is how the account started).
 */
export async function recordDevice(db: Db, userId: string, deviceKey: string, now: Date): Promise<boolean> {
  const [row] = await db
    .insert(knownDevices)
    .values({ userId, deviceKey, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceKey], set: { lastSeenAt: now } })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  if (!row?.inserted) return false;
  const [other] = await db
    .select({ key: knownDevices.deviceKey })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceKey, deviceKey)))
    .limit(1);
  return Boolean(other);
}
