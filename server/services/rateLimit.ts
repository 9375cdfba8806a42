import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from './clock';

export interface RateLimiter {
  /** Counts one hit on each key; false when any key is over its limit in the current window. */
  hit(keys: { key: string; limit: number }[], windowSeconds: number): Promise<boolean>;
}

/** Fixed-window counters in PostgreSQL, so every server process shares the same buckets. */
export function pgRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(keys, windowSeconds) {
      const now = clock.now();
      let allowed = true;
      for (const { key, limit } of keys) {
        const res = await db.execute<{ count: number }>(sql`
          INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limits.window_start <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
            window_start = CASE WHEN rate_limits.window_start <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}) THEN ${now} ELSE rate_limits.window_start END
          RETURNING count`);
        if (Number(res.rows[0].count) > limit) allowed = false;
      }
      return allowed;
    },
  };
}
