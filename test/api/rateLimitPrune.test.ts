import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const keys = async () => (await ctx.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits ORDER BY key`)).rows.map((r) => r.key);

describe('rate-limit counters', () => {
  it('are swept once their window is over a day old, by hit() itself every ten minutes', async () => {
    const old = new Date(ctx.clock.now().getTime() - 2 * 86_400_000);
    await ctx.db.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('ip:login:203.0.113.1', ${old}, 3)`);
    await ctx.services.rateLimiter.hit([{ key: 'ip:login:203.0.113.2', limit: 5 }], 60);
    // Not yet: the last sweep (at start) was less than ten minutes ago.
    expect(await keys()).toEqual(['ip:login:203.0.113.1', 'ip:login:203.0.113.2']);
    ctx.clock.advance(11 * 60_000);
    await ctx.services.rateLimiter.hit([{ key: 'ip:login:203.0.113.3', limit: 5 }], 60);
    expect(await keys()).toEqual(['ip:login:203.0.113.2', 'ip:login:203.0.113.3']);
  });
});
