import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';

/**
 * Claims a try under `key` when fewer than `free` failures are counted or the back-off since the last try is over
 * (firstWait seconds doubling per failure past `free`, at most longestWait), in the statement that checks it.
 * Answers null when claimed, else when the wait ends.
 */
export async function claimBackoffTry(
  db: Db,
  key: string,
  now: Date,
  policy: { free: number; firstWaitSeconds: number; longestWaitSeconds: number },
): Promise<Date | null> {
  const { free, firstWaitSeconds, longestWaitSeconds } = policy;
  const wait = sql`make_interval(secs => least(${longestWaitSeconds}, ${firstWaitSeconds} * power(2, rate_limits.count - ${free})))`;
  const claimed = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1, window_start = ${now}
      WHERE rate_limits.count < ${free} OR rate_limits.window_start + ${wait} <= ${now}::timestamptz
    RETURNING count`);
  if (claimed.rows.length) return null;
  const res = await db.execute<{ until: Date | string }>(
    sql`SELECT rate_limits.window_start + ${wait} AS until FROM rate_limits WHERE key = ${key}`,
  );
  return res.rows[0] ? new Date(res.rows[0].until) : now;
}

export async function clearBackoff(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
