import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Build, BuildStatus, RunnerStatusBody, RunnerToken, Store } from '../../../domain/apps';
import { format, messages } from '../../../domain/messages';
import type { Db } from '../../infra/db/client';
import { appBuildEvents, appBuilds, buildRunnerTokens } from './tables';
import { conflict, notFound } from '../../infra/http/errors';

type BuildRow = typeof appBuilds.$inferSelect;

async function withEvents(db: Db, rows: BuildRow[]): Promise<Build[]> {
  const ids = rows.map((r) => r.id);
  const events = ids.length
    ? await db
        .select()
        .from(appBuildEvents)
        .where(inArray(appBuildEvents.buildId, ids))
        .orderBy(asc(appBuildEvents.at), asc(appBuildEvents.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    bundleId: r.bundleId,
    store: r.store,
    status: r.status,
    message: r.message,
    artifactUrl: r.artifactUrl,
    requestedAt: r.requestedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    events: events.filter((e) => e.buildId === r.id).map((e) => ({ status: e.status, message: e.message, at: e.at.toISOString() })),
  }));
}

/** Requesting a build writes REQUESTED with the current time for that store (spec 1 §4). */
export async function requestBuild(db: Db, bundleId: string, store: Store, by: string, now: Date): Promise<Build> {
  const row = await db.transaction(async (tx) => {
    const [build] = await tx
      .insert(appBuilds)
      .values({ bundleId, store, status: 'REQUESTED', requestedBy: by, requestedAt: now, updatedAt: now })
      .returning();
    await tx.insert(appBuildEvents).values({ buildId: build.id, status: 'REQUESTED', at: now });
    return build;
  });
  return (await withEvents(db, [row]))[0];
}

/** The app's builds, newest first (the history on its edit page). */
export async function buildHistory(db: Db, bundleId: string, limit = 50): Promise<Build[]> {
  const rows = await db
    .select()
    .from(appBuilds)
    .where(eq(appBuilds.bundleId, bundleId))
    .orderBy(desc(appBuilds.requestedAt), desc(appBuilds.id))
    .limit(limit);
  return withEvents(db, rows);
}

/**
 * Hands the oldest REQUESTED build to a runner, now QUEUED. SKIP LOCKED lets runners that claim at the same time
 * each take a different build instead of waiting on (or both taking) the same one.
 */
export async function claimBuild(db: Db, runnerTokenId: string, now: Date): Promise<Build | null> {
  const row = await db.transaction(async (tx) => {
    const res = await tx.execute<{ id: string }>(sql`
      UPDATE app_builds SET status = 'QUEUED', runner_token_id = ${runnerTokenId}, updated_at = ${now}
      WHERE id = (SELECT id FROM app_builds WHERE status = 'REQUESTED' ORDER BY requested_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const id = res.rows[0]?.id;
    if (!id) return null;
    await tx.insert(appBuildEvents).values({ buildId: id, status: 'QUEUED', at: now });
    const [build] = await tx.select().from(appBuilds).where(eq(appBuilds.id, id));
    return build;
  });
  return row ? (await withEvents(db, [row]))[0] : null;
}

/** Where a runner may move a build it holds. */
const NEXT: Partial<Record<BuildStatus, BuildStatus[]>> = {
  QUEUED: ['RUNNING', 'SUCCESS', 'FAILURE'],
  RUNNING: ['RUNNING', 'SUCCESS', 'FAILURE'],
};

/** A runner's report on a build it claimed; another runner's build is a 404, a finished one a 409. */
export async function reportBuild(db: Db, runnerTokenId: string, buildId: string, report: RunnerStatusBody, now: Date): Promise<Build> {
  const row = await db.transaction(async (tx) => {
    const [build] = await tx
      .select()
      .from(appBuilds)
      .where(and(eq(appBuilds.id, buildId), eq(appBuilds.runnerTokenId, runnerTokenId)))
      .for('update');
    if (!build) throw notFound('build', buildId);
    if (!NEXT[build.status]?.includes(report.status)) {
      throw conflict(format(messages.buildCannotMove, { id: buildId, from: build.status, to: report.status }), 'BUILD_STATE');
    }
    const [updated] = await tx
      .update(appBuilds)
      .set({ status: report.status, message: report.message, artifactUrl: report.artifactUrl ?? build.artifactUrl, updatedAt: now })
      .where(eq(appBuilds.id, buildId))
      .returning();
    await tx.insert(appBuildEvents).values({ buildId, status: report.status, message: report.message, at: now });
    return updated;
  });
  return (await withEvents(db, [row]))[0];
}

/* Runner tokens: random 256-bit values shown once; only their SHA-256 is stored (they are not passwords). */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const TOKEN_PREFIX = 'sbr_';

const presentToken = (r: typeof buildRunnerTokens.$inferSelect): RunnerToken => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

export async function createRunnerToken(
  db: Db,
  name: string,
  by: string,
  now: Date,
): Promise<{ id: string; token: string; record: RunnerToken }> {
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(buildRunnerTokens)
    .values({ name, tokenHash: hashToken(token), createdBy: by, createdAt: now })
    .returning();
  return { id: row.id, token, record: presentToken(row) };
}

export async function listRunnerTokens(db: Db): Promise<RunnerToken[]> {
  const rows = await db.select().from(buildRunnerTokens).orderBy(desc(buildRunnerTokens.createdAt), desc(buildRunnerTokens.id));
  return rows.map(presentToken);
}

export async function revokeRunnerToken(db: Db, id: string, now: Date): Promise<void> {
  const rows = await db
    .update(buildRunnerTokens)
    .set({ revokedAt: sql`coalesce(${buildRunnerTokens.revokedAt}, ${now})` })
    .where(eq(buildRunnerTokens.id, id))
    .returning({ id: buildRunnerTokens.id });
  if (rows.length === 0) throw notFound('runner token', id);
}

/** The id of the live token a runner presented, or null; marks it used. */
export async function runnerTokenId(db: Db, token: string, now: Date): Promise<string | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .update(buildRunnerTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(buildRunnerTokens.tokenHash, hashToken(token)), isNull(buildRunnerTokens.revokedAt)))
    .returning({ id: buildRunnerTokens.id });
  return row?.id ?? null;
}
