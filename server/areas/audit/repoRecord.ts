import type { AuditImage } from '../../../domain/audit';
import type { Db } from '../../infra/db/client';
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

/** Who made a change, as recordChange (service.ts) passes it. */
export interface EntryActor {
  userId: string | null;
  name: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  ip: string | null;
  userAgent: string | null;
  at: string;
}

/**
 * Records a change the audit triggers cannot see: one made at the payment provider (the Stripe account, bank
 * account, payout schedule), on the orders table (never triggered: placing an order is the hot path), or a sign-in.
 * Pass the transaction the change is made in, so a rolled-back change leaves no entry.
 */
export async function insertEntry(db: Db, change: RecordedChange, actor: EntryActor): Promise<void> {
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
