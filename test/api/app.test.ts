import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app';
import { createUser } from '../helpers/users';

let ctx: TestContext;
const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'servery-console-'));
const logLines: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>Servery</title>');
  fs.writeFileSync(path.join(consoleDir, 'index.html.br'), zlib.brotliCompressSync('<!doctype html><title>Servery</title>'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  // Pages the build pre-rendered, listed by route pattern.
  fs.mkdirSync(path.join(consoleDir, 'shops', '_shopId', 'orders'), { recursive: true });
  fs.writeFileSync(
    path.join(consoleDir, 'shops', '_shopId', 'orders', 'dashboard.html'),
    '<!doctype html><title>New Orders · Servery</title>',
  );
  fs.writeFileSync(path.join(consoleDir, 'login.html'), '<!doctype html><title>Sign in to Servery · Servery</title>');
  fs.writeFileSync(
    path.join(consoleDir, 'first-views.json'),
    JSON.stringify([
      { path: '/login', file: 'login.html' },
      { path: '/shops/:shopId/orders/dashboard', file: 'shops/_shopId/orders/dashboard.html' },
    ]),
  );
  // What the build writes beside each asset (vite-plugin-compression2) and the hidden source map.
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  const sink = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  ctx = await createTestContext({ serveConsole: true, consoleDir, logger: { level: 'info', stream: sink } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

describe('the app shell', () => {
  it('checks the database on /api/health', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/auth/login');
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('names every operation once and gives each the error responses its guard can produce', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: unknown }> }>>;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = new Set<string>();
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${url}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} used twice`).toBe(false);
        ids.add(op.operationId!);
        expect(op.responses, where).toHaveProperty('400');
        expect(op.responses, where).toHaveProperty('default');
        if (url.includes('{')) expect(op.responses, where).toHaveProperty('404');
      }
    }
    const items = doc.paths['/api/shops/{shopId}/items'].get;
    expect(items.operationId).toBe('getShopsByShopIdItems');
    expect(Object.keys(items.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(doc.paths['/api/health'].get.responses).not.toHaveProperty('401');
    expect(doc.paths).toHaveProperty(['/api/media/{path}']);
  });

  it('serves the console with an SPA fallback, fresh index and long-cached assets', async () => {
    for (const url of ['/', '/shops', '/shops/abc/orders/history', '/auth/manage?mode=verifyEmail&oobCode=x']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Servery</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await ctx.app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect((await ctx.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it("sends a pre-rendered page for every path its route pattern matches, and the console's index elsewhere", async () => {
    const page = async (url: string) => {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    };
    expect(await page('/login')).toBe('Sign in to Servery · Servery');
    expect(await page('/login?next=%2Fshops')).toBe('Sign in to Servery · Servery');
    for (const shop of ['abc', '8d0b6a3e-1f2a-4c5b-9d6e-7f8a9b0c1d2e']) {
      expect(await page(`/shops/${shop}/orders/dashboard`)).toBe('New Orders · Servery');
      expect(await page(`/shops/${shop}/orders/dashboard?full=1`)).toBe('New Orders · Servery');
    }
    for (const url of [
      '/shops/a/b/orders/dashboard',
      '/shops//orders/dashboard',
      '/shops/abc/orders/dashboard/x',
      '/xshops/abc/orders/dashboard',
    ]) {
      expect(await page(url), url).toBe('Servery');
    }
  });

  it('sends the precompressed copy the browser accepts, and never a source map', async () => {
    const br = await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const none = await ctx.app.inject({ url: '/assets/app-1a2b.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.body).toBe('console.log(1)');
    // The SPA fallback is index.html too: compressed when accepted, and never cached without asking.
    for (const url of ['/index.html', '/shops/abc/edit']) {
      const page = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Servery</title>');
    }
    const map = await ctx.app.inject({ url: '/assets/app-1a2b.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('answers unknown API paths with the error shape, not the console', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends helmet security headers', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The simulated provider never loads Stripe.js, so the policy lets nothing of Stripe's in.
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers malformed JSON with 400 in the error shape and accepts an empty JSON body', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
    const user = await createUser(ctx);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, 'content-type': 'application/json', cookie: user.cookie },
    });
    expect(empty.statusCode).toBe(204);
  });

  it('keeps tokens and passwords out of the logs', async () => {
    const user = await createUser(ctx);
    await ctx.app.inject({ url: '/api/me', headers: user.headers });
    await ctx.app.inject({ method: 'GET', url: '/api/auth/action?mode=verifyEmail&oobCode=secret-code-123' });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    const log = logLines.join('');
    expect(log).toContain('/api/me');
    expect(log).not.toContain(user.token);
    expect(log).not.toContain('secret-code-123');
    expect(log).not.toContain(user.password);
    expect(log).not.toContain(user.cookie.split('=')[1]);
  });
});
