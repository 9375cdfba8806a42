import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app';
import { createUser, type TestUser } from '../helpers/users';

let ctx: TestContext;
let user: TestUser;
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-console-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Servery</title>');
  ctx = await createTestContext({ serveConsole: true, consoleDir });
  user = await createUser(ctx, { email: 'caller@example.com' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ID = '00000000-0000-4000-8000-000000000001';

/** A concrete path for a documented one: every parameter an id that exists nowhere (a file name for media). */
const concrete = (template: string) => template.replace(/\{path\}/, 'img/x.png').replace(/\{[^}]+\}/g, ID);

const allowOf = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort();

describe('a known path called with a method it does not have', () => {
  it('answers 405 with the methods it has in Allow, for every path of the served document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      for (const method of METHODS.filter((m) => !documented.includes(m))) {
        for (const caller of [null, user]) {
          const res = await ctx.app.inject({ method, url: concrete(template), headers: caller?.headers });
          const body = String(res.headers['content-type']).includes('json') ? (res.json() as { code?: string }) : {};
          if (res.statusCode !== 405 || body.code !== 'METHOD_NOT_ALLOWED' || allowOf(res.headers.allow).join() !== allow.join())
            wrong.push(`${method} ${template} (${caller ? 'signed in' : 'anonymous'}): ${res.statusCode} Allow: ${res.headers.allow}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 405 where a parameter of another method would have taken the path', async () => {
    // PUT /api/shops/{shopId} would read `review` as a shop id.
    for (const caller of [null, user]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/shops/review', headers: caller?.headers, payload: {} });
      expect(res.statusCode).toBe(405);
      expect(allowOf(res.headers.allow)).toEqual(['GET', 'HEAD']);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('keeps 404 for unknown paths, and the console for pages of its own', async () => {
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/shops' })).statusCode).toBe(404);
    const page = await ctx.app.inject({ url: '/shops/abc/orders' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Servery</title>');
    expect((await ctx.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers the right method on the same path as before', async () => {
    expect((await ctx.app.inject({ url: '/api/shops/review', headers: user.headers })).statusCode).not.toBe(405);
    expect((await ctx.app.inject({ url: `/s/nothing` })).statusCode).toBe(404);
  });
});
