import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers/app';
import { createUser } from '../helpers/users';

/** App-wide input and logging rules: NUL characters, logs without query parameters, forwarded-for. */
let ctx: TestContext;
let proxied: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  ctx = await createTestContext({ logger: { level: 'info', stream: sink } });
  proxied = await createTestContext({ env: { TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '3' } });
});
afterAll(async () => {
  await ctx.close();
  await proxied.close();
});

const NUL = { message: 'Text cannot contain the NUL character (\\u0000).', code: 'NUL_CHARACTER' };

describe('NUL characters', () => {
  it('are a 400 in JSON bodies, on every route, before any handler runs', async () => {
    const user = await createUser(ctx);
    const cases = [
      { method: 'POST' as const, url: '/api/auth/register', payload: { email: 'nul@example.com', password: 'pass\u0000word-long', name: 'N' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'nul\u0000@example.com', password: 'whatever-long' } },
      { method: 'POST' as const, url: '/api/shops', payload: { name: 'Caf\u0000e' }, headers: user.headers },
      { method: 'POST' as const, url: '/api/auth/login', payload: { ['e\u0000mail']: 'x' } },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual(NUL);
    }
  });

  it('are a 400 in query strings, cursors and path parameters', async () => {
    const user = await createUser(ctx);
    for (const url of ['/api/shops/search?q=caf%00e', '/api/shops/browse?cursor=%00', '/api/shops/abc%00def', '/api/auth/action?mode=verifyEmail&oobCode=%00']) {
      const res = await ctx.app.inject({ url, headers: user.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(NUL);
    }
  });
});

describe('error logs', () => {
  it('never carry the parameters of a failed query (the e-mail and the argon2 hash of a failed insert)', async () => {
    await ctx.db.execute(sql.raw(`
      create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'users are refused in this test'; end $$;
      create trigger refuse_users before insert on users for each row execute function refuse_users();`));
    const email = 'leaky-address@example.com';
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'a-long-password', name: 'Leaky' } });
    await ctx.db.execute(sql.raw('drop trigger refuse_users on users; drop function refuse_users();'));
    expect(res.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('users are refused in this test');
    expect(log).not.toContain(email);
    expect(log).not.toContain('$argon2');
  });
});

describe('TRUST_PROXY', () => {
  it('takes the client address from the hop our proxy added, so a forged X-Forwarded-For cannot dodge per-IP limits', async () => {
    const attempt = (forged: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
        payload: { email: `someone-${forged}@example.com`, password: 'wrong-password' },
      });
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) expect((await attempt(forged)).statusCode).not.toBe(429);
    expect((await attempt('4.4.4.4')).statusCode).toBe(429);
    // Another client behind the same proxy is its own bucket.
    const other = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { email: 'other@example.com', password: 'wrong-password' },
    });
    expect(other.statusCode).not.toBe(429);
  });
});

describe('health', () => {
  it('says database "error" without the driver message when the database is gone', async () => {
    const broken = await createTestContext({ env: { DATABASE_URL: 'postgres://nobody:pw@127.0.0.1:1/nothing' } }).catch(() => null);
    // Building a context on an unreachable database may fail early; then check the route on a closed pool instead.
    const target = broken ?? ctx;
    if (!broken) await ctx.pool.end();
    const res = await target.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', database: 'error' });
    if (broken) await broken.close();
  });
});
