import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';

/*
 * Reports read from services.replica: the primary by default, a streaming replica with DATABASE_REPLICA_URL (CI runs
 * this file against one, TEST_REPLICA_URL). Either way a write on the primary is read back once replayed, and asOf
 * says how fresh the read is.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the read replica', () => {
  it('is the replica when DATABASE_REPLICA_URL is set, else the primary', async () => {
    const { replica } = ctx.services;
    expect(replica.isReplica).toBe(Boolean(process.env.TEST_REPLICA_URL));
    const { rows } = await replica.db.execute<{ standby: boolean }>(sql`SELECT pg_is_in_recovery() AS standby`);
    expect(rows[0].standby).toBe(replica.isReplica);
  });

  it('reads what the primary wrote once it is replayed, and says as of when', async () => {
    await ctx.db.execute(sql`INSERT INTO platform_config (key, value) VALUES ('replica_probe', '"written"'::jsonb)`);
    let seen: unknown = null;
    for (let i = 0; i < 200 && !seen; i++) {
      const { rows } = await ctx.services.replica.db.execute<{ value: unknown }>(
        sql`SELECT value FROM platform_config WHERE key = 'replica_probe'`,
      );
      seen = rows[0]?.value ?? null;
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe('written');
    const asOf = await ctx.services.replica.asOf();
    // Wall clocks of one machine: what was read is at most a moment older than now, never from the future.
    expect(asOf.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(asOf.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
