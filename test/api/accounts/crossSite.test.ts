import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { cookieHeader, JSON_TYPE } from '../../helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const secretOf = (cookie: string) => decodeURIComponent(cookie.slice('servery_refresh='.length));
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

/** What a page on another site can make a browser send with our cookie, without a CORS preflight. */
const simpleRequests: [string, Record<string, string>, string | undefined][] = [
  ['a no-CORS fetch without a body', {}, undefined],
  ['text/plain', { 'content-type': 'text/plain' }, '{}'],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
  ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
  ['JSON the browser marks cross-site', { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }, '{}'],
];

describe.each(['/api/auth/refresh', '/api/auth/logout'])('POST %s from another site', (url) => {
  it.each(simpleRequests)('refuses %s with 403, leaving the session as it was', async (_what, headers, payload) => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url, headers: { ...cookieHeader(secretOf(user.cookie)), ...headers }, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not allowed to do this.', code: 'CROSS_SITE' });
    expect(res.headers['set-cookie']).toBeUndefined();
    // Neither rotated nor revoked: the console's own next refresh still works with the same cookie.
    expect((await me(user.token)).statusCode).toBe(200);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...cookieHeader(secretOf(user.cookie)), ...JSON_TYPE },
    });
    expect(own.statusCode).toBe(200);
  });

  it('accepts the console: JSON with an empty body or {}, same-origin', async () => {
    for (const payload of [undefined, '{}']) {
      const user = await createUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          ...cookieHeader(secretOf(user.cookie)),
          'content-type': 'application/json; charset=utf-8',
          'sec-fetch-site': 'same-origin',
        },
        payload,
      });
      expect(res.statusCode).toBe(url.endsWith('logout') ? 204 : 200);
    }
  });
});
