import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../server/infra/db/client';
import { isConnectionError } from '../../server/infra/db/migrate';
import { freshDatabaseUrl } from '../helpers/db';

/*
 * PostgreSQL restarting (or an operator ending a backend) sends FATAL 57P01 to every connection. A pooled connection
 * checked out between two statements of a transaction has no query to fail with it; the process must not die of it.
 */
describe('a database connection lost mid-transaction', () => {
  let url: string;
  let database: Database;
  beforeAll(async () => {
    url = await freshDatabaseUrl();
    database = connect(url, 2);
  });
  afterAll(async () => {
    await database.pool.end();
  });

  it('fails that transaction only; the pool answers again on a new connection', async () => {
    const client = await database.pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await admin.end();
    // The termination arrives while no query runs on the client: the error event, then a client that refuses queries.
    await expect
      .poll(() =>
        client.query('SELECT 1').then(
          () => 'answered',
          (e: unknown) => String(e),
        ),
      )
      .toMatch(/terminat|not queryable/i);
    client.release(true);
    expect((await database.pool.query<{ n: number }>('SELECT 1 AS n')).rows[0].n).toBe(1);
  });

  it('tells a connection error (worth another try at start) from any other', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006'])
      expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['42P01', '28P01', '23505']) expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isConnectionError(new Error('syntax error'))).toBe(false);
  });
});
