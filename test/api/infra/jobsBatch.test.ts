import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../helpers/db';
import { createJobs, type Jobs } from '../../../server/infra/jobs';

/*
 * Two server processes' queues on one database. A job that fails early in one process's batch runs again in the other
 * while the first batch is still busy; when that batch ends, the job's second run must still decide how it ends.
 */
let url: string;
const pools: pg.Pool[] = [];
const queues: Jobs[] = [];
const silent = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  url = await freshDatabaseUrl();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await Promise.all(pools.map((p) => p.end()));
});

const serverProcess = (handler: (data: { name: string }) => Promise<void>) => {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  const jobs = createJobs(pool, url, { pollSeconds: 0.5, mailRetryLimit: 5, mailRetryDelaySeconds: 1, log: silent });
  jobs.work<{ name: string }>('mail', ({ data }) => handler(data));
  queues.push(jobs);
  return jobs;
};

const stateOf = async (pool: pg.Pool, name: string) =>
  (await pool.query<{ state: string }>(`SELECT state::text FROM pgboss.job WHERE name = 'mail' AND data->>'name' = $1`, [name])).rows[0]
    ?.state;

describe('a job is ended by its own run, never by the batch it once came in', () => {
  it('a job that failed and runs again elsewhere is not completed when its first batch ends', async () => {
    let releaseSlow!: () => void;
    const slowReleased = new Promise<void>((r) => (releaseSlow = r));
    let secondRunStarted!: () => void;
    const secondRun = new Promise<void>((r) => (secondRunStarted = r));
    const runs: string[] = [];
    let firstBatchDone!: () => void;
    const firstBatchEnded = new Promise<void>((r) => (firstBatchDone = r));

    const handler = async ({ name }: { name: string }) => {
      if (name === 'slow') {
        await slowReleased;
        return;
      }
      const attempt = runs.filter((r) => r === name).length + 1;
      runs.push(name);
      if (attempt === 1) throw new Error('first try fails');
      if (attempt === 2) {
        secondRunStarted();
        // Still running when the first process's batch ends, and then fails.
        await firstBatchEnded;
        throw new Error('second try fails too');
      }
    };

    const first = serverProcess(handler);
    // Retries within seconds (the queue's delay as a server sets it when it starts, before these jobs are sent).
    await pools[0]!.query(`UPDATE pgboss.queue SET retry_delay = 1 WHERE name = 'mail'`);
    await first.send('mail', { name: 'slow' });
    await first.send('mail', { name: 'flaky' });
    await first.start();
    // The first process holds both in one batch; the flaky one fails at once.
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    // The second process picks the flaky job up again after its retry delay, while the slow one still runs.
    const second = serverProcess(handler);
    await second.start();
    await secondRun;
    releaseSlow();
    await expect.poll(() => stateOf(pools[0]!, 'slow'), { timeout: 10_000 }).toBe('completed');
    firstBatchDone();

    // The flaky job's second run failed after the batch ended: it is retried, and its third run completes it.
    await expect.poll(() => runs.filter((r) => r === 'flaky').length, { timeout: 20_000 }).toBe(3);
    await expect.poll(() => stateOf(pools[0]!, 'flaky'), { timeout: 10_000 }).toBe('completed');
  });
});
