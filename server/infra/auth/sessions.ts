import { and, eq, exists, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context';
import type { Db } from '../db/client';
import { retiredRefreshHashes, sessions } from '../db/tables';
import { hashToken, randomToken } from './tokens';

const REFRESH_COOKIE = 'servery_refresh';
/** The cookie only travels to the auth endpoints, never to the rest of the API. */
const COOKIE_PATH = '/api/auth';
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long the secret a refresh just replaced still answers with the session that replaced it. Two tabs without the
 * console's lock, or an app retrying after a lost answer, send the same cookie at nearly the same time: the loser
 * must get the winner's session, not end it. Short, so a copied cookie is still caught by the reuse check later.
 */
export const REFRESH_GRACE_MS = 20_000;

interface IssuedSession {
  sessionId: string;
  accessToken: string;
  expiresIn: number;
  /** `<sessionId>.<secret>`: goes to the cookie only; the database keeps the secret's hash. */
  refreshToken: string;
}

async function accessFor(services: Services, userId: string, sessionId: string, now: Date) {
  const { token, expiresIn } = await services.tokens.sign({ sub: userId, sid: sessionId }, now);
  return { accessToken: token, expiresIn };
}

/**
 * A new session; signing in is a proof, so it may move money or trust for STEP_UP_SECONDS. `twoFactorSetupOnly`: the
 * account must have two-factor and has not, so the session may only set it up (the guard refuses everything else).
 */
export async function createSession(
  services: Services,
  userId: string,
  userAgent?: string,
  ip?: string,
  { twoFactorSetupOnly = false }: { twoFactorSetupOnly?: boolean } = {},
): Promise<IssuedSession> {
  const now = services.clock.now();
  const secret = randomToken();
  const [row] = await services.db
    .insert(sessions)
    .values({
      userId,
      refreshHash: hashToken(secret),
      userAgent: userAgent?.slice(0, 300) ?? null,
      ip: ip?.slice(0, 64) ?? null,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + services.config.refreshTokenTtlDays * DAY_MS),
      provedAt: now,
      twoFactorSetupOnly,
    })
    .returning({ id: sessions.id });
  return { sessionId: row.id, refreshToken: `${row.id}.${secret}`, ...(await accessFor(services, userId, row.id, now)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseRefreshToken(token: string | undefined): { sessionId: string; secretHash: string } | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  const sessionId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(sessionId) || secret.length < 20 || secret.length > 100) return null;
  return { sessionId, secretHash: hashToken(secret) };
}

type RotateResult = { ok: true; userId: string; session: IssuedSession } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Swaps the refresh secret for a new one (sliding expiry) and remembers the replaced one. Presenting
 * any replaced secret of the session again, however many rotations ago, means a copy of it is in
 * someone else's hands, so the whole session ends; except the secret replaced last, within
 * REFRESH_GRACE_MS, which answers the session that replaced it.
 */
export async function rotateSession(services: Services, token: string | undefined): Promise<RotateResult> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return { ok: false, reason: 'invalid' };
  const now = services.clock.now();
  const secret = randomToken();
  const { db } = services;
  const successor = await services.credentials.sealText(`${parsed.sessionId}.${secret}`);
  const rotated = await db.transaction(async (tx) => {
    // One conditional UPDATE, so two requests racing with the same secret cannot both win.
    const [row] = await tx
      .update(sessions)
      .set({
        refreshHash: hashToken(secret),
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + services.config.refreshTokenTtlDays * DAY_MS),
      })
      .where(
        and(
          eq(sessions.id, parsed.sessionId),
          eq(sessions.refreshHash, parsed.secretHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .returning({ userId: sessions.userId });
    if (row)
      await tx.insert(retiredRefreshHashes).values({ hash: parsed.secretHash, sessionId: parsed.sessionId, retiredAt: now, successor });
    return row;
  });
  if (!rotated) {
    // A request that lost the race waited on the winner's row lock, so the winner's retired row is committed by now.
    const raced = await graceSuccessor(services, parsed, now);
    if (raced)
      return {
        ok: true,
        userId: raced.userId,
        session: {
          sessionId: parsed.sessionId,
          refreshToken: raced.refreshToken,
          ...(await accessFor(services, raced.userId, parsed.sessionId, now)),
        },
      };
    const reused = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, parsed.sessionId), isNull(sessions.revokedAt), isRetiredSecretOf(parsed)))
      .returning({ id: sessions.id });
    return { ok: false, reason: reused.length ? 'reused' : 'invalid' };
  }
  return {
    ok: true,
    userId: rotated.userId,
    session: {
      sessionId: parsed.sessionId,
      refreshToken: `${parsed.sessionId}.${secret}`,
      ...(await accessFor(services, rotated.userId, parsed.sessionId, now)),
    },
  };
}

/**
 * The live session's current refresh token when `parsed` is the secret it replaced less than REFRESH_GRACE_MS ago.
 * Only the secret replaced last qualifies: an older one is a replay even inside the window.
 */
async function graceSuccessor(services: Services, parsed: { sessionId: string; secretHash: string }, now: Date) {
  const [row] = await services.db
    .select({ userId: sessions.userId, current: sessions.refreshHash, successor: retiredRefreshHashes.successor })
    .from(retiredRefreshHashes)
    .innerJoin(sessions, eq(sessions.id, retiredRefreshHashes.sessionId))
    .where(
      and(
        eq(retiredRefreshHashes.sessionId, parsed.sessionId),
        eq(retiredRefreshHashes.hash, parsed.secretHash),
        gt(retiredRefreshHashes.retiredAt, new Date(now.getTime() - REFRESH_GRACE_MS)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row?.successor) return null;
  const refreshToken = await services.credentials.openText(row.successor);
  const next = parseRefreshToken(refreshToken);
  if (!next || next.sessionId !== parsed.sessionId || next.secretHash !== row.current) return null;
  return { userId: row.userId, refreshToken };
}

const isRetiredSecretOf = (parsed: { sessionId: string; secretHash: string }) =>
  exists(
    sql`(SELECT 1 FROM ${retiredRefreshHashes}
      WHERE ${retiredRefreshHashes.sessionId} = ${parsed.sessionId} AND ${retiredRefreshHashes.hash} = ${parsed.secretHash})`,
  );

/** Revokes the session the cookie names, provided the cookie really is one of that session's secrets (current or replaced). */
export async function revokeByRefreshToken(services: Services, token: string | undefined): Promise<void> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return;
  await services.db
    .update(sessions)
    .set({ revokedAt: services.clock.now() })
    .where(
      and(
        eq(sessions.id, parsed.sessionId),
        isNull(sessions.revokedAt),
        or(eq(sessions.refreshHash, parsed.secretHash), isRetiredSecretOf(parsed)),
      ),
    );
}

/** The person at the session has just proved who they are again (a step-up, or confirming two-factor). */
export async function noteProof(db: Pick<Db, 'update'>, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ provedAt: now }).where(eq(sessions.id, sessionId));
}

/** Two-factor is on now: the session that set it up may do everything again, and the code it gave is a proof. */
export async function liftTwoFactorSetupOnly(db: Pick<Db, 'update'>, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ twoFactorSetupOnly: false, provedAt: now }).where(eq(sessions.id, sessionId));
}

/** Whether a live session may only set two-factor up (what the refresh answer tells the console). */
export async function isTwoFactorSetupOnly(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ only: sessions.twoFactorSetupOnly }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.only ?? false;
}

export async function revokeSession(services: Services, sessionId: string): Promise<void> {
  await services.db
    .update(sessions)
    .set({ revokedAt: services.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except `keepSessionId` (the caller's own) when given. Takes a transaction too. */
export async function revokeUserSessions(db: Pick<Db, 'update'>, userId: string, now: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

export const readRefreshCookie = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE];

function cookieOptions(services: Services) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: services.config.publicUrl.startsWith('https:'),
  };
}

/** Every answer that carries a token: no browser or proxy cache may keep a copy. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * A cookie the console may read, set and cleared with the refresh cookie: it holds no secret, only that a session
 * may exist. Without it the console does not ask /auth/refresh, so a visitor's public pages make no request that
 * can only answer 401 (which the browser logs as an error).
 */
export const SESSION_HINT_COOKIE = 'servery_session';

const hintOptions = (services: Services) => ({ ...cookieOptions(services), path: '/', httpOnly: false });

export function setRefreshCookie(reply: FastifyReply, services: Services, refreshToken: string): void {
  noStore(reply);
  const maxAge = services.config.refreshTokenTtlDays * 24 * 60 * 60;
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions(services), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(services), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, services: Services): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(services));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(services));
}
