import { sql } from 'drizzle-orm';
import type { Db } from './client';

const DAY_MS = 24 * 3_600_000;

/**
 * Claims today's run of a daily task for this process: one atomic upsert of the run's time under `key` in
 * platform_config, which succeeds for one process only when the last run is more than 23 hours old, so several
 * servers run the task once a day.
 */
export async function claimDailyRun(db: Db, key: string, now: Date): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO platform_config (key, value, updated_at)
    VALUES (${key}, ${JSON.stringify(now.toISOString())}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
      WHERE platform_config.updated_at < ${new Date(now.getTime() - DAY_MS + 3_600_000)}
    RETURNING key`);
  return rows.length === 1;
}
