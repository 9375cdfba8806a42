import { asc, eq, sql } from 'drizzle-orm';
import type { User } from '../../../domain/account';
import { messages } from '../../../domain/messages';
import type { Db } from '../../infra/db/client';
import { users } from '../../infra/db/tables';
import { conflict } from '../../infra/http/errors';

type UserRow = typeof users.$inferSelect;

/** The API's view of a user (domain userSchema); never the password hash. */
export const toUser = (row: Pick<UserRow, 'id' | 'email' | 'name' | 'emailVerifiedAt' | 'isSuperAdmin'>): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  emailVerified: row.emailVerifiedAt !== null,
  isSuperAdmin: row.isSuperAdmin,
});

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

// Serialises registrations so two sign-ups on an empty platform cannot both become super admin.
const FIRST_ACCOUNT_LOCK = 7426002;

/**
 * Creates an account; the first one on an empty platform becomes super admin.
 * `passwordHash` is computed by the caller, outside the transaction, so the lock is held for milliseconds.
 */
export async function createAccount(
  db: Db,
  input: { email: string; name: string; passwordHash: string; verifiedAt?: Date | null; superAdmin?: boolean },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
    const email = input.email.toLowerCase();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw conflict(messages.emailAlreadyRegistered, 'EMAIL_IN_USE');
    const [any] = await tx.select({ id: users.id }).from(users).limit(1);
    const [row] = await tx
      .insert(users)
      .values({
        email,
        name: input.name,
        passwordHash: input.passwordHash,
        emailVerifiedAt: input.verifiedAt ?? null,
        isSuperAdmin: input.superAdmin ?? !any,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    // A row inserted outside this lock (e.g. straight into the database) can still win the race.
    if (!row) throw conflict(messages.emailAlreadyRegistered, 'EMAIL_IN_USE');
    return row;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A verified account someone else creates (a super admin adding a shop admin), in the caller's transaction so it
 * stands or falls with what goes with it; an address registered meanwhile is a 409. Answers the new user's id.
 */
export async function insertVerifiedUser(
  tx: Db | Tx,
  input: { email: string; name: string; passwordHash: string; verifiedAt: Date },
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.verifiedAt,
      isSuperAdmin: false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) throw conflict(messages.emailAlreadyRegistered, 'EMAIL_IN_USE');
  return user.id;
}

/** The address proved itself (a link in its mailbox was followed); a later proof keeps the first date. */
export async function markEmailVerified(tx: Db | Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A new password set through an e-mailed link, which proves the address as well. */
export async function setPasswordFromLink(tx: Db | Tx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A new password the signed-in user chose (the current one checked by the caller). */
export async function setPassword(tx: Db | Tx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Promotes or demotes a super admin; undefined when no account has that e-mail. */
export async function setSuperAdmin(db: Db, email: string, isSuperAdmin: boolean): Promise<{ before: boolean; user: User } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(users)
      .set({ isSuperAdmin, updatedAt: sql`now()` })
      .where(eq(users.id, current.id))
      .returning();
    return { before: current.isSuperAdmin, user: toUser(row) };
  });
}

export async function listSuperAdmins(db: Db): Promise<User[]> {
  const rows = await db.select().from(users).where(eq(users.isSuperAdmin, true)).orderBy(asc(users.email));
  return rows.map(toUser);
}
