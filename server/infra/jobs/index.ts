import PgBoss from 'pg-boss';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The durable job queue: pg-boss on the app's own PostgreSQL (on its direct connection when the app's pool goes through
 * a pooler in transaction mode: pg-boss's maintenance holds locks across statements). Its schema and queues are installed by the
 * migrations (drizzle/0023_alerts.sql), so a server starts without DDL. Every server process runs the workers; a job
 * is fetched by one of them (SKIP LOCKED), retried with back-off while it fails, and after its last retry a copy
 * lands in the dead-letter queue, which platform staff list and send again.
 */

/** The queues the migrations create. `dead-letters` holds what failed for good; nothing works it. */
export const QUEUES = ['mail', 'alerts-fanout', 'alerts-mail', 'webhooks'] as const;
export type QueueName = (typeof QUEUES)[number];
export const DEAD_LETTERS = 'dead-letters';

export interface JobOf<T> {
  id: string;
  data: T;
  /** Attempts already failed before this one. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T = Record<string, unknown>> = (job: JobOf<T>) => Promise<void>;

export interface DeadLetter {
  id: string;
  queue: string;
  data: Record<string, string | number>;
  error: string;
  failedAt: Date;
}

export interface Jobs {
  /**
   * Queues a job. With `db`, inside that transaction: the job exists exactly when the change that causes it commits.
   * Every job's data names its queue, so a dead letter says where it came from.
   */
  send(queue: QueueName, data: Record<string, unknown>, opts?: { db?: Db; singletonKey?: string }): Promise<void>;
  /** Registers the handler of a queue; the workers start with start(). */
  work<T>(queue: QueueName, handler: JobHandler<T>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Wakes this process's worker of a queue (a job just committed need not wait for the next poll). */
  wake(queue: QueueName): void;
  deadLetters(page: { offset: number; limit: number }): Promise<{ rows: DeadLetter[]; total: number }>;
  /** Sends a dead letter's job to its queue again; false when there is no such dead letter. */
  retryDeadLetter(id: string): Promise<boolean>;
}

/** A raw statement with $n placeholders as a drizzle query, so pg-boss can write through a transaction's connection. */
function withParams(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
  return sql.join(chunks, sql.raw(''));
}

const txExecutor = (db: Db) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const res = await db.execute(withParams(text, values));
    return { rows: res.rows as unknown[] };
  },
});

/** What a dead letter may show: never a mail's body (it can carry a sign-in link) nor any other secret. */
const SHOWN = ['queue', 'shopId', 'orderId', 'bookingId', 'alertId', 'deliveryId', 'to', 'subject', 'kind'];
const shownData = (data: Record<string, unknown> | null): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(data ?? {}).filter(
      (e): e is [string, string | number] => SHOWN.includes(e[0]) && ['string', 'number'].includes(typeof e[1]),
    ),
  );

/** How long one job may run before it counts as lost (its process died) and is retried. */
const JOB_EXPIRES_SECONDS = 60;

/** Jobs a worker fetches at once and runs side by side. */
const BATCH_SIZE = 10;

export function createJobs(
  appPool: pg.Pool,
  directUrl: string,
  opts: {
    pollSeconds: number;
    mailRetryLimit: number;
    mailRetryDelaySeconds: number;
    log: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  },
): Jobs {
  const own = directUrl === appPool.options.connectionString ? null : new pg.Pool({ connectionString: directUrl, max: 4 });
  own?.on('error', () => undefined);
  const pool = own ?? appPool;
  let ownClosed: Promise<void> | undefined;
  const closeOwn = () => (ownClosed ??= own?.end() ?? Promise.resolve());
  let stopping = false;
  const db = {
    executeSql: async (text: string, values?: unknown[]) => {
      try {
        return await pool.query(text, values as unknown[]);
      } catch (e) {
        // Once stopping, late bookkeeping must not reach a closed pool.
        if (stopping) return { rows: [] };
        throw e;
      }
    },
  };
  const boss = new PgBoss({
    db,
    migrate: false,
    schedule: false,
    supervise: true,
    // How soon a job left active by a process that died (or whose completion PostgreSQL missed) is failed, and so
    // retried: the maintenance pass that looks, and how long a job may run (a mail takes seconds).
    maintenanceIntervalSeconds: 20,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  const handlers = new Map<QueueName, JobHandler<never>>();
  const sleepers = new Map<QueueName, () => void>();
  // A wake that came while the queue's jobs were running: the loop fetches again instead of sleeping.
  const woken = new Set<QueueName>();
  const loops: Promise<void>[] = [];
  let started: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;

  // Each job is completed or failed on its own as soon as it ends, never with its batch: pg-boss's own worker completes
  // a batch's ids when the last one ends, and a job that failed early could by then be running again in another
  // process, which that completion would end without a mail ever going out.
  // PostgreSQL away (restarting) as a job ends: the job stays active, pg-boss fails it by its timeout and it runs
  // again, and the handlers look before they act (a mail already sent is not sent twice).
  const unrecorded = (err: unknown) => {
    if (!stopping) opts.log.warn({ err }, 'job queue: how a job ended could not be recorded; it will run again after its timeout');
  };
  const runJob = async (queue: QueueName, job: PgBoss.JobWithMetadata<Record<string, unknown>>) => {
    const handler = handlers.get(queue) as JobHandler<Record<string, unknown>>;
    try {
      await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (err) {
      await boss.fail(queue, job.id, err as object).catch(unrecorded);
      return;
    }
    await boss.complete(queue, job.id).catch(unrecorded);
  };

  // Up to BATCH_SIZE jobs side by side, fetched as room frees: one long job (a webhook endpoint's run of deliveries)
  // does not hold the others back until a whole batch ends. A fetch that filled the room means more are waiting: the
  // loop fetches again as soon as one ends instead of sleeping its polling interval, so a rush of orders is mailed at
  // SMTP speed, not a job a poll.
  const workLoop = async (queue: QueueName) => {
    const running = new Set<Promise<void>>();
    let freed: (() => void) | null = null;
    while (!stopping) {
      const room = BATCH_SIZE - running.size;
      const jobs =
        room > 0
          ? await boss.fetch<Record<string, unknown>>(queue, { batchSize: room, includeMetadata: true }).catch((err) => {
              opts.log.warn({ err }, 'job queue: could not fetch jobs');
              return [];
            })
          : [];
      for (const job of jobs ?? []) {
        const run: Promise<void> = runJob(queue, job).finally(() => {
          running.delete(run);
          freed?.();
        });
        running.add(run);
      }
      const full = room > 0 && (jobs?.length ?? 0) === room;
      if (stopping) break;
      if (full || running.size >= BATCH_SIZE) {
        // More are (likely) waiting: fetch again as soon as there is room.
        if (running.size >= BATCH_SIZE) await new Promise<void>((resolve) => (freed = resolve));
        freed = null;
        continue;
      }
      if (woken.delete(queue)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wakeUp, opts.pollSeconds * 1000);
        function wakeUp() {
          clearTimeout(timer);
          sleepers.delete(queue);
          resolve();
        }
        sleepers.set(queue, wakeUp);
      });
    }
    await Promise.all(running);
  };

  const startOnce = async () => {
    await boss.start();
    // Retries follow this process's settings; the migrations created the queues with the same ones by default.
    for (const q of QUEUES) {
      await boss.updateQueue(q, {
        name: q,
        policy: 'standard',
        retryLimit: opts.mailRetryLimit,
        retryDelay: opts.mailRetryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: JOB_EXPIRES_SECONDS,
        deadLetter: DEAD_LETTERS,
      });
    }
    for (const queue of handlers.keys()) if (!stopping) loops.push(workLoop(queue));
  };

  return {
    async send(queue, data, { db: tx, singletonKey } = {}) {
      await boss.send(queue, { ...data, queue }, { singletonKey, ...(tx ? { db: txExecutor(tx) } : {}) });
      if (!tx) this.wake(queue);
    },
    work(queue, handler) {
      handlers.set(queue, handler as JobHandler<never>);
    },
    start() {
      // A database that is not there yet (a server started before its PostgreSQL) does not stop the app: the queue
      // starts when it can, and jobs wait in the database meanwhile.
      const attempt = (): Promise<void> =>
        startOnce().catch((err) => {
          if (stopping) return;
          opts.log.warn({ err }, 'job queue could not start; trying again in 5 s');
          return new Promise<void>((resolve) => {
            retryTimer = setTimeout(() => resolve(attempt()), 5000);
            retryTimer.unref();
          });
        });
      started ??= attempt();
      return Promise.resolve();
    },
    async stop() {
      clearTimeout(retryTimer);
      if (!started) return closeOwn();
      await Promise.race([started, new Promise((r) => setTimeout(r, 1000))]);
      stopping = true;
      for (const wakeUp of [...sleepers.values()]) wakeUp();
      // The jobs under way finish (a mail half-sent is not cut off), for up to 10 s.
      await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      await closeOwn();
    },
    wake(queue) {
      const sleeper = sleepers.get(queue);
      if (sleeper) sleeper();
      else if (handlers.has(queue)) woken.add(queue);
    },
    async deadLetters({ offset, limit }) {
      const { rows } = await pool.query<{ id: string; data: Record<string, unknown>; output: unknown; created_on: Date; total: string }>(
        `SELECT id, data, output, created_on, count(*) OVER () AS total FROM pgboss.job
          WHERE name = $1 AND state = 'created' ORDER BY created_on DESC, id LIMIT $2 OFFSET $3`,
        [DEAD_LETTERS, limit, offset],
      );
      const total = rows.length
        ? Number(rows[0].total)
        : Number((await pool.query(`SELECT count(*) FROM pgboss.job WHERE name = $1 AND state = 'created'`, [DEAD_LETTERS])).rows[0].count);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          queue: typeof r.data?.queue === 'string' ? r.data.queue : 'unknown',
          data: shownData(r.data),
          error: errorText(r.output),
          failedAt: r.created_on,
        })),
        total,
      };
    },
    async retryDeadLetter(id) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ data: Record<string, unknown> }>(
          `DELETE FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'created' RETURNING data`,
          [DEAD_LETTERS, id],
        );
        const queue = rows[0]?.data?.queue;
        if (!rows.length || !QUEUES.includes(queue as QueueName)) {
          await client.query('ROLLBACK');
          return false;
        }
        await boss.send(queue as string, rows[0].data, { db: { executeSql: (t: string, v: unknown[]) => client.query(t, v) } });
        await client.query('COMMIT');
        this.wake(queue as QueueName);
        return true;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
  };
}

/** The error pg-boss kept with a failed job ({ message, stack, … } or { value: … }), as one line. */
function errorText(output: unknown): string {
  if (!output || typeof output !== 'object') return String(output ?? '');
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (o.value && typeof o.value === 'object' && typeof (o.value as { message?: unknown }).message === 'string')
    return (o.value as { message: string }).message;
  return JSON.stringify(output).slice(0, 500);
}
