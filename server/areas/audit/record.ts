import type { AuditImage } from '../../../domain/audit';
import type { Db } from '../../infra/db/client';
import { currentActor, type Actor } from '../../infra/requestContext';
import { auditEntries } from './tables';

export interface RecordedChange {
  /** null for the platform's own documents and a member's account. */
  shopId: string | null;
  /** domain/audit.ts AUDIT_KINDS, or a sub-kind of one (stripe.bank_account). */
  kind: string;
  recordId: string | null;
  action: 'insert' | 'update' | 'delete';
  /** Never a secret, nor a card or bank number beyond its last four (domain/audit.ts lastFour). */
  before: AuditImage | null;
  after: AuditImage | null;
}

/**
 * Records a change the audit triggers cannot see: one made at the payment provider (the Stripe account, bank
 * account, payout schedule), on the orders table (never triggered: placing an order is the hot path), or a sign-in.
 * Pass the transaction the change is made in, so a rolled-back change leaves no entry. Like the triggers it records
 * only what a person or an API key does: with nobody acting (a job, a customer) it records nothing.
 */
export async function recordChange(db: Db, change: RecordedChange, actor: Actor | null = currentActor()): Promise<void> {
  if (!actor || (!actor.userId && !actor.apiKeyId)) return;
  await db.insert(auditEntries).values({
    ...change,
    at: new Date(actor.at),
    actorUserId: actor.userId,
    actorName: actor.name,
    apiKeyId: actor.apiKeyId,
    apiKeyName: actor.apiKeyName,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

const list = (columns: readonly string[]) => columns.join(',');

/**
 * The SQL that audits a table from now on, for an area's migration (paste it after drizzle-kit's output): every
 * INSERT, UPDATE and DELETE made by a person or an API key becomes an entry of `kind`, in the change's transaction.
 * `secret` columns are masked; `ignore` columns (timestamps, counters) are left out and a change of only them is none.
 */
export function auditTriggerSql(
  table: string,
  opts: { kind: string; shopColumn?: string; idColumns?: readonly string[]; secret?: readonly string[]; ignore?: readonly string[] },
): string {
  const args = [opts.kind, opts.shopColumn ?? 'shop_id', list(opts.idColumns ?? ['id']), list(opts.secret ?? []), list(opts.ignore ?? [])];
  if (args.some((a) => a.includes("'"))) throw new Error('audit trigger arguments are plain column names');
  return (
    `CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON "${table}"\n` +
    `  FOR EACH ROW EXECUTE FUNCTION audit_change(${args.map((a) => `'${a}'`).join(', ')});`
  );
}
