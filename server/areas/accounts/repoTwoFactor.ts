import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { recoveryCodes, twoFactor } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findTwoFactor(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** Whether sign-in needs a code: one indexed read on the sign-in path. */
export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return Boolean(row);
}

/** A new secret waiting for its first code; replaces a set-up left unfinished, never one that is on. */
export async function savePendingSecret(db: Db, userId: string, secretSealed: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretSealed, createdAt: now, lastStep: null },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Turns the pending secret on with its recovery codes (hashes), in one transaction. False when it is not pending. */
export async function enableTwoFactor(db: Db, userId: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(twoFactor)
      .set({ enabledAt: now, lastStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!rows.length) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/**
 * Spends time-step `step` when it is later than the last one spent: a code works once, and one older than the newest
 * used is refused too. The conditional UPDATE settles two requests racing with the same code.
 */
export async function spendStep(db: Db | Tx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function spendRecoveryCode(db: Db | Tx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}
