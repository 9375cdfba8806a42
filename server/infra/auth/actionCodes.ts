import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { RESET_CODE_TTL_MS, VERIFY_CODE_TTL_MS } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import type { ActionMode } from '../../../domain/account';
import type { Db } from '../db/client';
import { actionCodes, users } from '../db/tables';
import { badRequest } from '../http/errors';
import { hashToken, randomToken } from './tokens';

const TTL_MS: Record<ActionMode, number> = { resetPassword: RESET_CODE_TTL_MS, verifyEmail: VERIFY_CODE_TTL_MS };

export const actionCodeInvalid = () => badRequest(messages.actionCodeInvalid, undefined, 'ACTION_CODE_INVALID');
export const actionCodeExpired = () => badRequest(messages.actionCodeExpired, undefined, 'ACTION_CODE_EXPIRED');

/**
 * A fresh code for the user and mode. Earlier verification links keep working until they expire, so
 * a resent mail does not break the link in the first one (spending any of them spends them all). A
 * newer password link replaces the older one: a password link is a key to the account, so only the
 * newest may open it. Returns the plain code (mailed, never stored).
 */
export async function issueActionCode(db: Db, userId: string, mode: ActionMode, now: Date): Promise<string> {
  const code = randomToken();
  const stale = mode === 'verifyEmail' ? lte(actionCodes.expiresAt, now) : isNull(actionCodes.usedAt);
  await db.transaction(async (tx) => {
    await tx.delete(actionCodes).where(and(eq(actionCodes.userId, userId), eq(actionCodes.mode, mode), stale));
    await tx
      .insert(actionCodes)
      .values({ userId, mode, codeHash: hashToken(code), createdAt: now, expiresAt: new Date(now.getTime() + TTL_MS[mode]) });
  });
  return code;
}

/** Looks a code up without spending it; throws the message the user should see when it cannot be used. */
export async function checkActionCode(db: Db, mode: ActionMode, code: string, now: Date): Promise<{ userId: string; email: string }> {
  const [row] = await db
    .select({ userId: actionCodes.userId, usedAt: actionCodes.usedAt, expiresAt: actionCodes.expiresAt, email: users.email })
    .from(actionCodes)
    .innerJoin(users, eq(users.id, actionCodes.userId))
    .where(and(eq(actionCodes.codeHash, hashToken(code)), eq(actionCodes.mode, mode)));
  if (!row || row.usedAt) throw actionCodeInvalid();
  if (row.expiresAt <= now) throw actionCodeExpired();
  return { userId: row.userId, email: row.email };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Spends a code inside the caller's transaction (so the code stays valid if the change it
 * authorises fails). The conditional UPDATE makes two simultaneous uses impossible.
 */
export async function spendActionCode(tx: Tx, mode: ActionMode, code: string, now: Date): Promise<{ userId: string }> {
  const [spent] = await tx
    .update(actionCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(actionCodes.codeHash, hashToken(code)),
        eq(actionCodes.mode, mode),
        isNull(actionCodes.usedAt),
        gt(actionCodes.expiresAt, now),
      ),
    )
    .returning({ userId: actionCodes.userId });
  if (spent) {
    // The purpose is served: the other links mailed for it stop working too.
    await tx
      .update(actionCodes)
      .set({ usedAt: now })
      .where(and(eq(actionCodes.userId, spent.userId), eq(actionCodes.mode, mode), isNull(actionCodes.usedAt)));
    return spent;
  }
  // Say why: expired, or unknown / already used.
  const [row] = await tx
    .select({ usedAt: actionCodes.usedAt })
    .from(actionCodes)
    .where(and(eq(actionCodes.codeHash, hashToken(code)), eq(actionCodes.mode, mode)));
  throw row && !row.usedAt ? actionCodeExpired() : actionCodeInvalid();
}
