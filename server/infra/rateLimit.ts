import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { param as p, prepared } from './db/prepared';
import { secondsUntil, tooManyRequests } from './http/errors';
import type { Clock } from './clock';

type Limits = { key: string; limit: number }[];

export interface RateLimiter {
  /** Counts one hit on each key; false when any key is over its limit in the current window. */
  hit(keys: Limits, windowSeconds: number): Promise<boolean>;
  /** Counts one hit on each key; over a limit, a 429 whose Retry-After is when every key over its limit has a new window. */
  enforce(keys: Limits, windowSeconds: number): Promise<void>;
  /** Deletes counters whose window ended long ago (hit() and enforce() do this by themselves now and then). */
  prune(): Promise<number>;
}

/** No limit uses a window longer than a day (config caps RATE_LIMIT_WINDOW_SECONDS there). */
const LONGEST_WINDOW_SECONDS = 86_400;
/** Every key ever seen (each IP, each e-mail) leaves a row, so each process sweeps old ones at most this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

// Every request with a limit runs this, so it is compiled once (db/prepared.ts).
const countHits = prepared<{ key: string; count: number; window_start: Date | string }>(
  'rate_limit_hit',
  () => sql`
    INSERT INTO rate_limits (key, window_start, count)
    SELECT k, ${p('now')}::timestamptz, 1 FROM unnest(${p('keys')}::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${p('now')}::timestamptz - make_interval(secs => ${p('windowSeconds')}::int)
        THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${p('now')}::timestamptz - make_interval(secs => ${p('windowSeconds')}::int)
        THEN ${p('now')}::timestamptz ELSE rate_limits.window_start END
    RETURNING key, count, window_start`,
);

/** Fixed-window counters in PostgreSQL, so every server process shares the same buckets. */
export function pgRateLimiter(db: Db, clock: Clock): RateLimiter {
  let lastPrune = clock.now().getTime();
  const prune = async () => {
    lastPrune = clock.now().getTime();
    const res = await db.execute(
      sql`DELETE FROM rate_limits WHERE window_start < ${clock.now()}::timestamptz - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`,
    );
    return res.rowCount ?? 0;
  };
  /** Counts the hits; 0 when every key is within its limit, else the seconds until each key over it has a new window. */
  const secondsToWait = async (keys: Limits, windowSeconds: number): Promise<number> => {
    const now = clock.now();
    if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) await prune();
    if (!keys.length) return 0;
    // One statement for every key, in a fixed order: two requests counting the same keys lock their rows in the same
    // order (no deadlock), and the table is UNLOGGED (migration 0012) so the commit does not wait for a disk flush
    // while holding a hot row such as one IP's counter.
    const sorted = [...new Set(keys.map((k) => k.key))].sort();
    const rows = await countHits.run(db, { keys: sorted, now, windowSeconds });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    let wait = 0;
    for (const { key, limit } of keys) {
      const row = byKey.get(key);
      if (!row || Number(row.count) <= limit) continue;
      wait = Math.max(wait, secondsUntil(new Date(row.window_start).getTime() + windowSeconds * 1000, now.getTime()));
    }
    return wait;
  };
  return {
    prune,
    hit: async (keys, windowSeconds) => (await secondsToWait(keys, windowSeconds)) === 0,
    async enforce(keys, windowSeconds) {
      const wait = await secondsToWait(keys, windowSeconds);
      if (wait) throw tooManyRequests(wait);
    },
  };
}
