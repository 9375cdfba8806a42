import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditChanges, type AuditActor, type AuditEntry } from '../../../domain/audit';
import type { Db } from '../../infra/db/client';
import { orderBy, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { shops, shopSellers } from '../../infra/db/tables';
import { auditEntries as e } from './tables';

/** Kinds about a member's account rather than a shop: a shop's log shows them for its own members. */
const ACCOUNT_KINDS = ['two_factor', 'sign_in'];

export interface AuditFilter {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** Which entries a log holds: one shop's (with its members' account changes), the platform's own, or all. */
export type AuditScope = { shopId: string } | { platform: true } | { all: true };

function scopeWhere(scope: AuditScope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('platform' in scope) return isNull(e.shopId);
  const members = sql`(select ${shopSellers.userId} from ${shopSellers} where ${shopSellers.shopId} = ${scope.shopId})`;
  return or(eq(e.shopId, scope.shopId), and(isNull(e.shopId), inArray(e.kind, ACCOUNT_KINDS), sql`${e.actorUserId} in ${members}`));
}

function where(scope: AuditScope, f: AuditFilter): SQL | undefined {
  return and(
    scopeWhere(scope),
    // A member's own changes; a key's are the key's, though its creator's name is on them too.
    f.actor ? or(and(eq(e.actorUserId, f.actor), isNull(e.apiKeyId)), eq(e.apiKeyId, f.actor)) : undefined,
    // A kind finds its sub-kinds: `settings` every settings.<kind>, `stripe` every stripe.<change>.
    f.kind ? or(eq(e.kind, f.kind), sql`${e.kind} like ${f.kind.replace(/[\\%_]/g, (c) => `\\${c}`) + '.%'}`) : undefined,
    f.from ? gte(e.at, new Date(f.from)) : undefined,
    f.to ? lt(e.at, new Date(f.to)) : undefined,
  );
}

const columns = {
  id: e.id,
  shopId: e.shopId,
  at: e.at,
  actorUserId: e.actorUserId,
  actorName: e.actorName,
  apiKeyId: e.apiKeyId,
  apiKeyName: e.apiKeyName,
  ip: e.ip,
  userAgent: e.userAgent,
  kind: e.kind,
  action: e.action,
  recordId: e.recordId,
  before: e.before,
  after: e.after,
};
type Row = typeof e.$inferSelect;

export function present(r: Row): AuditEntry {
  return {
    id: r.id,
    shopId: r.shopId,
    at: r.at.toISOString(),
    actor: { userId: r.actorUserId, name: r.actorName, apiKeyId: r.apiKeyId, apiKeyName: r.apiKeyName },
    ip: r.ip,
    userAgent: r.userAgent,
    kind: r.kind,
    action: r.action,
    recordId: r.recordId,
    changes: auditChanges(r.before, r.after),
  };
}

export const AUDIT_SORTABLE = ['at'] as const;

/** One page of a log, newest first unless asked otherwise, with its total. */
export async function listAudit(
  db: Db,
  scope: AuditScope,
  q: { sort: [(typeof AUDIT_SORTABLE)[number], SortOrder]; range: Range; filter: AuditFilter },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const cond = where(scope, q.filter);
  const rows = await db
    .select({ ...columns, total: totalOver() })
    .from(e)
    .where(cond)
    .orderBy(...orderBy(e.at, q.sort[1], e.id))
    .offset(pageOf(q.range).offset)
    .limit(pageOf(q.range).limit);
  const page = await withTotal(
    rows,
    q.range,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(e)
          .where(cond)
      )[0]!.n,
  );
  return { rows: page.rows.map(present), total: page.total };
}

const CSV_BATCH = 500;

/** Every entry a filter finds, newest first, in batches (a CSV of a long log never sits in memory whole). */
export async function* allAudit(db: Db, scope: AuditScope, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after ? sql`(${e.at}, ${e.id}) < (${after.at}, ${after.id})` : undefined;
    const rows: Row[] = await db
      .select(columns)
      .from(e)
      .where(and(where(scope, filter), cursor))
      .orderBy(sql`${e.at} desc, ${e.id} desc`)
      .limit(CSV_BATCH);
    for (const r of rows) yield present(r);
    if (rows.length < CSV_BATCH) return;
    const last: Row = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

/** Everyone who appears in a log (members and keys), by name: what the console's "who" filter offers. */
export async function auditActors(db: Db, scope: AuditScope): Promise<AuditActor[]> {
  const rows = await db
    .selectDistinct({ userId: e.actorUserId, name: e.actorName, apiKeyId: e.apiKeyId, apiKeyName: e.apiKeyName })
    .from(e)
    .where(scopeWhere(scope));
  const seen = new Map<string, AuditActor>();
  for (const r of rows) {
    if (r.apiKeyId) seen.set(r.apiKeyId, { id: r.apiKeyId, type: 'api_key', name: r.apiKeyName ?? '' });
    else if (r.userId) seen.set(r.userId, { id: r.userId, type: 'user', name: r.name ?? '' });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The shop's time zone, which its CSV's times are on. */
export async function shopTimeZone(db: Db, shopId: string): Promise<string> {
  const [row] = await db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, shopId));
  return row?.timezone ?? 'UTC';
}
