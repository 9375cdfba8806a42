import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, type TestUser } from '../../helpers/users';

let ctx: TestContext;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
  admin = await createUser(ctx, { superAdmin: true });
});
afterAll(() => ctx.close());

const get = (url: string, u: TestUser | null) => ctx.app.inject({ method: 'GET', url, headers: u?.headers });
const put = (payload: Record<string, unknown>, u: TestUser | null = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/platform/remote-config', headers: u?.headers, payload });

describe('/api/platform/remote-config and /api/platform/stripe-key', () => {
  it('starts switched off with no keys', async () => {
    expect((await get('/api/platform/remote-config', admin)).json()).toEqual({
      switchToCustomConnect: false,
      stripePk: '',
      oldStripePk: '',
    });
    expect((await get('/api/platform/stripe-key', user)).json()).toEqual({ publishableKey: '' });
  });

  it('saves the switch; the published key follows it', async () => {
    const saved = await put({ switchToCustomConnect: false, stripePk: ' pk_test_main ', oldStripePk: 'pk_test_v2' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ switchToCustomConnect: false, stripePk: 'pk_test_main', oldStripePk: 'pk_test_v2' });
    expect((await get('/api/platform/remote-config', admin)).json()).toEqual(saved.json());
    expect((await get('/api/platform/stripe-key', user)).json()).toEqual({ publishableKey: 'pk_test_v2' });

    await put({ switchToCustomConnect: true, stripePk: 'pk_test_main', oldStripePk: 'pk_test_v2' });
    expect((await get('/api/platform/stripe-key', user)).json()).toEqual({ publishableKey: 'pk_test_main' });

    // Without a v2 key the main key is used either way.
    await put({ switchToCustomConnect: false, stripePk: 'pk_test_main' });
    expect((await get('/api/platform/stripe-key', user)).json()).toEqual({ publishableKey: 'pk_test_main' });
  });

  it.each([[{ switchToCustomConnect: true }], [{ switchToCustomConnect: true, stripePk: '   ' }]])(
    'refuses %j with 400: Publishable key is required',
    async (payload) => {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Publishable key is required', errors: { stripePk: 'Publishable key is required' } });
    },
  );

  it('refuses a missing switch with 400', async () => {
    const res = await put({ stripePk: 'pk_test_x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['switchToCustomConnect']);
  });

  it('keeps the remote config for super admins; the key is for any verified user', async () => {
    expect((await get('/api/platform/remote-config', null)).statusCode).toBe(401);
    expect((await get('/api/platform/remote-config', user)).statusCode).toBe(403);
    expect((await put({ switchToCustomConnect: true, stripePk: 'pk_evil' }, null)).statusCode).toBe(401);
    expect((await put({ switchToCustomConnect: true, stripePk: 'pk_evil' }, user)).statusCode).toBe(403);
    expect((await get('/api/platform/remote-config', admin)).json().stripePk).not.toBe('pk_evil');
    expect((await get('/api/platform/stripe-key', null)).statusCode).toBe(401);
    const unverified = await createUser(ctx, { verified: false });
    expect((await get('/api/platform/stripe-key', unverified)).statusCode).toBe(403);
  });
});
