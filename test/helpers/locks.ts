import type pg from 'pg';

/**
 * Waits until some session of this database is blocked waiting for the advisory lock `key` (taken as
 * hashtextextended(key, 0), the way the server takes its locks): the request under test has reached the lock, so a
 * test can check that it has not answered while the lock is held, without a guessed delay.
 */
export async function blockedOnAdvisoryLock(pool: pg.Pool | pg.PoolClient, key: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
      [key],
    );
    if (rows[0]!.n > 0) return;
    if (Date.now() > until) throw new Error(`Nobody waited for the advisory lock ${key} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
