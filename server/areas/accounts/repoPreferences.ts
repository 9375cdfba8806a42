import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { users } from '../../infra/db/tables';
import { preferencesFromStored, type PreferencesPatch, type UserPreferences } from '../../../domain/preferences';
import { unauthorized } from '../../infra/http/errors';

/** The user's preferences, defaults filling what they never chose. */
export async function loadPreferences(userId: string, db: Db): Promise<UserPreferences> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return preferencesFromStored(row.preferences);
}

/**
 * Merges the changed preferences into the stored document in one statement, so two devices changing different
 * preferences at once both keep their change.
 */
export async function updatePreferences(userId: string, db: Db, patch: PreferencesPatch): Promise<UserPreferences> {
  const [row] = await db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ preferences: users.preferences });
  // The account was deleted after the guard let the request in.
  if (!row) throw unauthorized();
  return preferencesFromStored(row.preferences);
}
