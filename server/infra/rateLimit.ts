import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './db/client';
import { param as p, prepared } from './db/prepared';
import { secondsUntil, tooManyRequests } from './http/errors';
import type { Clock } from './clock';

type Limits = { key: string; limit: number }[];
/** A fragment or a prepared statement's named value (db/prepared.ts). */
type SQLValue = SQL | Placeholder;

export interface RateLimiter {
  /** Counts one hit on each key; false when any key is over its limit in the current window. */
  hit(keys: Limits, windowSeconds: number): Promise<boolean>;
  /** Counts one hit on each key; over a limit, a 429 whose Retry-After is when every key over its limit has a new window. */
  enforce(keys: Limits, windowSeconds: number): Promise<void>;
  /** Deletes counters whose window ended long ago (hit() and enforce() do this by themselves now and then). */
  prune(): Promise<number>;
  /** Prunes when hit() would: for a request whose hit was counted inside another statement (hitInStatement). */
  sweepIfDue(): Promise<void>;
}

/** No limit uses a window longer than a day (config caps RATE_LIMIT_WINDOW_SECONDS there). */
const LONGEST_WINDOW_SECONDS = 86_400;
/** Every key ever seen (each IP, each e-mail) leaves a row, so each process sweeps old ones at most this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** A hit on a counter: a new window when the last one has ended, else one more in it. */
const countedHit = (now: SQLValue, windowSeconds: SQLValue) => {
  const ended = sql`rate_limits.window_start <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}::int)`;
  return sql`ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${ended} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN ${ended} THEN ${now}::timestamptz ELSE rate_limits.window_start END
    RETURNING key, count, window_start`;
};

// Every request with a limit runs this, so it is compiled once (db/prepared.ts).
const countHits = prepared<{ key: string; count: number; window_start: Date | string }>(
  'rate_limit_hit',
  () => sql`
    INSERT INTO rate_limits (key, window_start, count)
    SELECT k, ${p('now')}::timestamptz, 1 FROM unnest(${p('keys')}::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i
    ${countedHit(p('now'), p('windowSeconds'))}`,
);

/**
 * One hit on `key` (none when it is null) as the body of a data-modifying CTE, for a statement that counts its request
 * in the same round trip as its work: order placement, where a statement more per order is a socket write more on the
 * hottest path. Answers `key, count, window_start`; judge them with `secondsOver`, and call the limiter's
 * `sweepIfDue()` as hit() would.
 */
export const hitInStatement = (key: SQLValue, now: SQLValue, windowSeconds: SQLValue): SQL => sql`
    INSERT INTO rate_limits (key, window_start, count)
    SELECT k, ${now}::timestamptz, 1 FROM (SELECT ${key}::text AS k) AS one WHERE k IS NOT NULL
    ${countedHit(now, windowSeconds)}`;

/** 0 when a counter is within `limit`, else the seconds until its window ends (a 429's Retry-After). */
export function secondsOver(row: { count: number | string; window_start: Date | string }, limit: number, windowSeconds: number, now: Date) {
  if (Number(row.count) <= limit) return 0;
  return secondsUntil(new Date(row.window_start).getTime() + windowSeconds * 1000, now.getTime());
}

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
  const sweepIfDue = async () => {
    if (clock.now().getTime() - lastPrune >= PRUNE_EVERY_MS) await prune();
  };
  const secondsToWait = async (keys: Limits, windowSeconds: number): Promise<number> => {
    const now = clock.now();
    await sweepIfDue();
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
      if (row) wait = Math.max(wait, secondsOver(row, limit, windowSeconds, now));
    }
    return wait;
  };
  return {
    prune,
    sweepIfDue,
    hit: async (keys, windowSeconds) => (await secondsToWait(keys, windowSeconds)) === 0,
    async enforce(keys, windowSeconds) {
      const wait = await secondsToWait(keys, windowSeconds);
      if (wait) throw tooManyRequests(wait);
    },
  };
}
