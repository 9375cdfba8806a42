import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/app';
import { createUser, login, type TestUser } from '../../helpers/users';

/** GET|PATCH /api/me/preferences: the signed-in user's own settings, the same on every device they sign in on. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const read = (u: TestUser | { headers: { authorization: string } }) =>
  ctx.app.inject({ method: 'GET', url: '/api/me/preferences', headers: u.headers });
const patch = (u: TestUser, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me/preferences', headers: u.headers, payload: payload as object });

describe('user preferences', () => {
  it('reads the defaults when the user never chose (order sound on)', async () => {
    const u = await createUser(ctx);
    const res = await read(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orderSound: true });
  });

  it('turns the order sound off and on, answering the whole document, and keeps it for every session of the user', async () => {
    const u = await createUser(ctx);
    const off = await patch(u, { orderSound: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ orderSound: false });
    // Another device: a second sign-in of the same account.
    const tablet = await login(ctx, u.email, u.password);
    expect((await read(tablet)).json()).toEqual({ orderSound: false });

    expect((await patch(u, { orderSound: true })).json()).toEqual({ orderSound: true });
    expect((await read(tablet)).json()).toEqual({ orderSound: true });
  });

  it("one user's preference does not change another's", async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    await patch(alice, { orderSound: false });
    expect((await read(bob)).json()).toEqual({ orderSound: true });
    expect((await read(alice)).json()).toEqual({ orderSound: false });
    await patch(bob, { orderSound: false });
    await patch(bob, { orderSound: true });
    expect((await read(alice)).json()).toEqual({ orderSound: false });
  });

  it('an empty change changes nothing and answers the document', async () => {
    const u = await createUser(ctx);
    await patch(u, { orderSound: false });
    const res = await patch(u, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orderSound: false });
  });

  it('refuses a bad body with 400, its message and the field, and keeps what was stored', async () => {
    const u = await createUser(ctx);
    await patch(u, { orderSound: false });

    const notBoolean = await patch(u, { orderSound: 'off' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toEqual({
      message: 'Order sound must be true (on) or false (off)',
      code: 'VALIDATION',
      errors: { orderSound: 'Order sound must be true (on) or false (off)' },
    });

    const nulled = await patch(u, { orderSound: null });
    expect(nulled.statusCode).toBe(400);
    expect(nulled.json().errors).toEqual({ orderSound: 'Order sound must be true (on) or false (off)' });

    const unknown = await patch(u, { orderSund: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unknown preference: orderSund', code: 'VALIDATION' });

    const notObject = await patch(u, [true]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('Send the preferences to change as a JSON object, e.g. { "orderSound": false }');

    expect((await read(u)).json()).toEqual({ orderSound: false });
  });

  it('refuses anonymous callers and bad tokens with 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/preferences' })).statusCode).toBe(401);
    const anon = await ctx.app.inject({ method: 'PATCH', url: '/api/me/preferences', payload: { orderSound: false } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHORIZED');
    expect((await read({ headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(401);
  });

  it('an unverified user may keep preferences too (like GET /api/me)', async () => {
    const u = await createUser(ctx, { verified: false });
    expect((await patch(u, { orderSound: false })).json()).toEqual({ orderSound: false });
    expect((await read(u)).json()).toEqual({ orderSound: false });
  });

  it('reads names it no longer knows as absent and fills new ones with their defaults', async () => {
    const u = await createUser(ctx);
    await ctx.pool.query(`UPDATE users SET preferences = '{"retired": 1}'::jsonb WHERE id = $1`, [u.id]);
    expect((await read(u)).json()).toEqual({ orderSound: true });
    expect((await patch(u, { orderSound: false })).json()).toEqual({ orderSound: false });
  });
});
