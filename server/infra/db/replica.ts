import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connect, type Database, type Db } from './client';

/** Where reports and exports read: a streaming replica when DATABASE_REPLICA_URL is set, else the primary. */
export interface ReadReplica {
  db: Db;
  /** Its pool, for what streams from a cursor (the CSV exports). */
  pool: pg.Pool;
  /** True when reads go to a replica (their data may trail the primary by the replication lag). */
  isReplica: boolean;
  /**
   * How fresh what `db` reads is: now on the primary, or on a replica that has replayed all it received; else the
   * commit time of the last transaction it replayed.
   */
  asOf(): Promise<Date>;
  close(): Promise<void>;
}

export function readReplica(primary: Database, url: string | undefined, max: number, unnamedStatements = false): ReadReplica {
  if (!url) {
    return {
      db: primary.db,
      pool: primary.pool,
      isReplica: false,
      asOf: async () => new Date((await primary.db.execute<{ now: string }>(sql`SELECT now() AS now`)).rows[0].now),
      close: async () => undefined,
    };
  }
  const replica = connect(url, max, {}, { unnamedStatements });
  return {
    db: replica.db,
    pool: replica.pool,
    isReplica: true,
    async asOf() {
      const { rows } = await replica.db.execute<{ at: string | null }>(sql`
        SELECT CASE WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN now()
                    ELSE pg_last_xact_replay_timestamp() END AS at`);
      return new Date(rows[0].at ?? 0);
    },
    close: () => replica.pool.end(),
  };
}
