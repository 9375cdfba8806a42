import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../helpers/app';

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

  it('counts every key of one hit together and refuses when any of them is over its limit', async () => {
    const { rateLimiter } = ctx.services;
    const keys = [
      { key: 'mobile:order:shop:+61400000009', limit: 2 },
      { key: 'ip:order:203.0.113.9', limit: 3 },
    ];
    expect(await rateLimiter.hit(keys, 60)).toBe(true);
    expect(await rateLimiter.hit(keys, 60)).toBe(true);
    // The third hit takes the mobile over 2 although the IP (3) is still within its limit.
    expect(await rateLimiter.hit(keys, 60)).toBe(false);
    const counts = await ctx.db.execute<{ key: string; count: number }>(
      sql`SELECT key, count FROM rate_limits WHERE key LIKE '%order%' ORDER BY key`,
    );
    expect(counts.rows).toEqual([
      { key: 'ip:order:203.0.113.9', count: 3 },
      { key: 'mobile:order:shop:+61400000009', count: 3 },
    ]);
    // The same key named twice counts once, under the stricter limit.
    expect(
      await rateLimiter.hit(
        [
          { key: 'ip:twice', limit: 1 },
          { key: 'ip:twice', limit: 5 },
        ],
        60,
      ),
    ).toBe(true);
    expect(await rateLimiter.hit([{ key: 'ip:twice', limit: 5 }], 60)).toBe(true);
    expect(
      await rateLimiter.hit(
        [
          { key: 'ip:twice', limit: 1 },
          { key: 'ip:twice', limit: 5 },
        ],
        60,
      ),
    ).toBe(false);
  });

  it('live in an unlogged table: their commits never wait for a disk flush', async () => {
    const res = await ctx.db.execute<{ relpersistence: string }>(sql`SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'`);
    expect(res.rows[0].relpersistence).toBe('u');
  });
});
