import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';
import { connect } from '../../../server/infra/db/client';
import { runMigrations } from '../../../server/infra/db/migrate';
import { prepared } from '../../../server/infra/db/prepared';
import { loadConfig } from '../../../server/serverConfig';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const direct = () => ctx.config.databaseDirectUrl ?? ctx.config.databaseUrl!;

describe('behind a pooler in transaction mode', () => {
  it('sends no named statement with DATABASE_STATEMENTS=unnamed, and the hot paths still run', async () => {
    const database = connect(ctx.config.databaseUrl!, 1, {}, { directUrl: direct(), unnamedStatements: true });
    try {
      const twice = prepared<{ n: number }>('pooler_test_twice', () => sql`SELECT ${sql.placeholder('n')}::int * 2 AS n`);
      expect((await twice.run(database.db, { n: 4 }))[0].n).toBe(8);
      expect((await twice.run(database.db, { n: 5 }))[0].n).toBe(10);
      const named = await database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM pg_prepared_statements`);
      expect(named.rows[0].count).toBe(0);
    } finally {
      await database.pool.end();
    }
  });

  it('names statements by default, so PostgreSQL plans each once per connection', async () => {
    const database = connect(ctx.config.databaseUrl!, 1, {}, { directUrl: direct() });
    try {
      // Through a pooler the statement may land on another server connection: only the direct case can look.
      if (ctx.config.unnamedStatements) return;
      const once = prepared<{ n: number }>('pooler_test_named', () => sql`SELECT ${sql.placeholder('n')}::int AS n`);
      await once.run(database.db, { n: 1 });
      const named = await database.db.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements`);
      expect(named.rows.map((r) => r.name)).toContain('pooler_test_named');
    } finally {
      await database.pool.end();
    }
  });

  it('runs the migrations and the events hub on the direct connection', async () => {
    // A pool whose own URL goes nowhere: whatever still works went through directUrl.
    const nowhere = connect('postgres://nobody@127.0.0.1:1/none', 1, {}, { directUrl: direct() });
    try {
      await expect(runMigrations(nowhere)).resolves.toBeUndefined();
    } finally {
      await nowhere.pool.end();
    }
  });

  it('reads DATABASE_DIRECT_URL and DATABASE_STATEMENTS, and never echoes a bad direct URL (it may hold a password)', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://a@pooler:6432/db',
      DATABASE_DIRECT_URL: 'postgres://a:pw@db:5432/db',
      DATABASE_STATEMENTS: 'unnamed',
    });
    expect(c.databaseDirectUrl).toBe('postgres://a:pw@db:5432/db');
    expect(c.unnamedStatements).toBe(true);
    expect(loadConfig({}).unnamedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_STATEMENTS: 'sometimes' })).toThrow(/DATABASE_STATEMENTS/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'mysql://a:hunter2@db/x' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'mysql://a:hunter2@db/x' })).not.toThrow(/hunter2/);
  });
});
