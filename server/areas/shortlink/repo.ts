import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SHORTLINK_ALPHABET, SHORTLINK_GENERATED_LENGTH, shortlinkMessages } from '../../../domain/shortlink';
import type { Db } from '../../infra/db/client';
import { translateConstraints } from '../../infra/db/constraints';
import { AppError, conflict, notFound } from '../../infra/http/errors';
import { shopShortlinks } from './tables';

export type ShortlinkRow = { code: string; updatedAt: Date };

const columns = { code: shopShortlinks.code, updatedAt: shopShortlinks.updatedAt };
const taken = () => conflict(shortlinkMessages.taken, 'SHORTLINK_TAKEN');
const isTaken = (e: unknown) => e instanceof AppError && e.code === 'SHORTLINK_TAKEN';
/** A generated code collides about once in billions; a few tries are plenty, and an endless loop is never right. */
const GENERATE_TRIES = 5;

export function randomCode(): string {
  let code = '';
  for (let i = 0; i < SHORTLINK_GENERATED_LENGTH; i++) code += SHORTLINK_ALPHABET[randomInt(SHORTLINK_ALPHABET.length)];
  return code;
}

export async function loadShortlink(shopId: string, db: Db): Promise<ShortlinkRow | null> {
  const [row] = await db.select(columns).from(shopShortlinks).where(eq(shopShortlinks.shopId, shopId));
  return row ?? null;
}

/**
 * Gives the shop a generated code unless it has one: `created` false answers the one it has. Only the shop's own row
 * is an expected conflict; a code another shop holds is a unique violation, and another code is tried.
 */
export async function createShortlink(
  shopId: string,
  db: Db,
  by: string,
  now: Date,
  newCode = randomCode,
): Promise<{ created: boolean; row: ShortlinkRow }> {
  for (let attempt = 1; attempt <= GENERATE_TRIES; attempt++) {
    try {
      const [row] = await translateConstraints(
        () =>
          db
            .insert(shopShortlinks)
            .values({ shopId, code: newCode(), createdAt: now, updatedAt: now, updatedBy: by })
            .onConflictDoNothing({ target: shopShortlinks.shopId })
            .returning(columns),
        { unique: taken, foreignKey: () => notFound('shop', shopId) },
      );
      if (row) return { created: true, row };
      const existing = await loadShortlink(shopId, db);
      if (existing) return { created: false, row: existing };
      // Deleted between the insert and the read: try again.
    } catch (e) {
      if (!isTaken(e)) throw e;
    }
  }
  throw taken();
}

/**
 * Sets the shop's code (creating its link if it had none); the old code stops working at once. 409 when another shop
 * holds it in any case.
 */
export async function changeShortlink(shopId: string, db: Db, code: string, by: string, now: Date): Promise<ShortlinkRow> {
  const [row] = await translateConstraints(
    () =>
      db
        .insert(shopShortlinks)
        .values({ shopId, code, createdAt: now, updatedAt: now, updatedBy: by })
        .onConflictDoUpdate({ target: shopShortlinks.shopId, set: { code, updatedAt: now, updatedBy: by } })
        .returning(columns),
    { unique: taken, foreignKey: () => notFound('shop', shopId) },
  );
  return row!;
}

/** The shop a code leads to, whatever case it is typed in; not scoped to a shop (the visitor only has the code). */
export async function shopOfCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ shopId: shopShortlinks.shopId })
    .from(shopShortlinks)
    .where(sql`lower(${shopShortlinks.code}) = lower(${code})`);
  return row?.shopId ?? null;
}
