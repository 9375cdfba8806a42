import type { TestContext } from './app';
import type { QueueName } from '../../server/infra/jobs';

/**
 * Waits until the job queue has run every job of `queues` to its end (completed, or failed for good), jobs that those
 * jobs queued included: whatever they would send has been sent, so a test may then count that something did not happen.
 * One statement looks at every queue at once, so a job finishing as it queues the next is never missed between them.
 */
export async function jobsDone(ctx: Pick<TestContext, 'pool'>, queues: QueueName[], timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) AND state < 'completed'`,
      [queues],
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > until)
      throw new Error(`${rows[0]!.n} job(s) of ${queues.join(', ')} still waiting or running after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
