import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditChanges, auditRecordName, type AuditActor, type AuditEntry } from '../../../domain/audit';
import { currencyOf } from '../../../domain/money';
import type { Db } from '../../infra/db/client';
import { pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { shops, shopSellers, users } from '../../infra/db/tables';
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
  // What reading the entry needs: its shop's currency and clock, and the member a staff or account entry is about.
  shopName: shops.name,
  country: shops.country,
  timezone: shops.timezone,
  memberName: users.name,
};
/** Kinds whose record is a member (its id the entry's record id): named by the member's name. */
const MEMBER_KINDS = ['staff', 'two_factor', 'sign_in'];

const memberJoin = and(inArray(e.kind, MEMBER_KINDS), sql`${users.id}::text = ${e.recordId}`);

/** The entries with what reading them needs (columns above). */
const joined = (db: Db) => db.select(columns).from(e).leftJoin(shops, eq(shops.id, e.shopId)).leftJoin(users, memberJoin);

type Row = Awaited<ReturnType<typeof joined>>[number];

export function present(r: Row): AuditEntry {
  return {
    id: r.id,
    shopId: r.shopId,
    shopName: r.shopName ?? null,
    at: r.at.toISOString(),
    actor: { userId: r.actorUserId, name: r.actorName, apiKeyId: r.apiKeyId, apiKeyName: r.apiKeyName },
    ip: r.ip,
    userAgent: r.userAgent,
    kind: r.kind,
    action: r.action,
    recordId: r.recordId,
    recordName: auditRecordName(r.kind, r.before, r.after) ?? r.memberName ?? null,
    changes: auditChanges(r.kind, r.before, r.after, { currency: currencyOf(r.country ?? 'AU'), timeZone: r.timezone ?? 'UTC' }),
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
    .leftJoin(shops, eq(shops.id, e.shopId))
    .leftJoin(users, memberJoin)
    .where(cond)
    // Entries of one instant (a frozen clock, one request's several changes) in the order they were written.
    .orderBy(...(q.sort[1] === 'ASC' ? [asc(e.at), asc(e.id)] : [desc(e.at), desc(e.id)]))
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
    const rows: Row[] = await joined(db)
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
