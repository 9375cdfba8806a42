import type { Db } from '../../infra/db/client';
import { currentActor, type Actor } from '../../infra/requestContext';
import { insertEntry, type RecordedChange } from './repoRecord';

/**
 * Records a change the audit triggers cannot see (repoRecord.ts says which), as the request's actor unless told
 * another. Like the triggers it records only what a person or an API key does: with nobody acting (a job, a
 * customer) it records nothing.
 */
export async function recordChange(db: Db, change: RecordedChange, actor: Actor | null = currentActor()): Promise<void> {
  if (!actor || (!actor.userId && !actor.apiKeyId)) return;
  await insertEntry(db, change, actor);
}
