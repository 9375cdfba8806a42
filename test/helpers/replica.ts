import type { TestContext } from './app';

/**
 * With a read replica (TEST_REPLICA_URL), waits until it has replayed everything the primary has written so far, so
 * a report read next (reports read the replica) sees it. Replication cannot be driven like a clock: this polls.
 */
export async function replayed(ctx: TestContext, timeoutMs = 15_000): Promise<void> {
  const { replica } = ctx.services;
  if (!replica.isReplica) return;
  const { rows } = await ctx.pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const caught = await replica.pool.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [rows[0]!.lsn]);
    if (caught.rows[0]!.done) return;
    if (Date.now() > until) throw new Error(`The replica did not replay the primary's writes within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
