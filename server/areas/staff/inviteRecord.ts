import type { Invite } from '../../../domain/staff';
import { INVITE_TTL_MS } from '../../../domain/constants';
import type { InviteRow } from './tables';
import { hashToken, randomToken } from '../../infra/auth/tokens';

export function inviteJson(row: InviteRow): Invite {
  return {
    id: row.id,
    // The spec names the invitation's key toUid; here it is the invitation's own id.
    toUid: row.id,
    created: row.createdAt.toISOString(),
    fromEmail: row.fromEmail,
    toEmail: row.toEmail,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A fresh token: the caller mails the token, the database keeps only its hash. */
export function newToken(now: Date) {
  const token = randomToken();
  return { token, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + INVITE_TTL_MS) };
}
