import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../helpers/app';
import { addSeller, shopWorld } from '../../helpers/shopWorld';
import { createUser, login, type TestUser } from '../../helpers/users';
import { shopSellers, users } from '../../../server/infra/db/tables';
import type { Shop } from '../../../domain/shop';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
let shop: Shop;
beforeAll(async () => {
  ({ ctx, owner, superAdmin: admin, shop } = await shopWorld({ shopName: 'Added Cafe' }));
});
afterAll(() => ctx.close());

const addUser = (payload: Record<string, unknown>, user: TestUser | null = admin, shopId = shop.id) =>
  ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/add_user`, headers: user?.headers, payload });

describe('POST /api/shops/:shopId/add_user', () => {
  it('creates a verified account with that password, makes it the shop ADMIN and mails the login details', async () => {
    const res = await addUser({ email: 'New.Admin@Example.com', password: 'a fine password' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'User added as shop admin. An email with the login details was sent to new.admin@example.com.' });

    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'new.admin@example.com'));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user.isSuperAdmin).toBe(false);
    const [seller] = await ctx.db
      .select()
      .from(shopSellers)
      .where(and(eq(shopSellers.shopId, shop.id), eq(shopSellers.userId, user.id)));
    expect(seller.role).toBe('ADMIN');

    const mail = await ctx.mail.waitFor('new.admin@example.com', /Added Cafe/);
    expect(mail.subject).toBe('You were added to Added Cafe on Servery');
    expect(mail.text).toContain('new.admin@example.com');
    expect(mail.text).toContain('Sue Super');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/login`);
    // The password the super admin typed never goes into a mailbox.
    expect(mail.text).not.toContain('a fine password');
    expect(mail.html).not.toContain('a fine password');

    const session = await login(ctx, 'new.admin@example.com', 'a fine password');
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/shops', headers: session.headers });
    expect(mine.json().map((s: { id: string; role: string }) => [s.id, s.role])).toEqual([[shop.id, 'ADMIN']]);
  });

  it("mails a single-use link to choose one's own password, which then replaces the chosen one", async () => {
    expect((await addUser({ email: 'linked@example.com', password: 'a fine password' })).statusCode).toBe(201);
    const mail = await ctx.mail.waitFor('linked@example.com', /Added Cafe/);
    const link = mail.links.find((l) => l.includes('/auth/manage?'));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe(`${ctx.config.publicUrl}/auth/manage`);
    expect(url.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = url.searchParams.get('oobCode')!;

    const set = (newPassword: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/action', payload: { mode: 'resetPassword', oobCode, newPassword } });
    expect((await set('my own password')).json()).toEqual({ message: 'Password updated.' });
    expect((await set('another password')).statusCode).toBe(400);
    await login(ctx, 'linked@example.com', 'my own password');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'linked@example.com', password: 'a fine password' },
    });
    expect(old.statusCode).toBe(400);
  });

  it('refuses an address that already has an account with 409, adding nothing', async () => {
    const existing = await createUser(ctx, { email: 'taken@example.com' });
    const res = await addUser({ email: 'TAKEN@example.com', password: 'a fine password' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email already registered');
    expect(await ctx.db.$count(shopSellers, eq(shopSellers.userId, existing.id))).toBe(0);
    expect(ctx.mail.for('taken@example.com').filter((m) => /Added Cafe/.test(m.subject))).toHaveLength(0);
  });

  it.each([
    [{ password: 'a fine password' }, 'email', 'The email entered is invalid'],
    [{ email: 'nope', password: 'a fine password' }, 'email', 'The email entered is invalid'],
    [{ email: 'short@example.com', password: 'short' }, 'password', 'Password should be atleast 8 characters'],
    [{ email: 'none@example.com' }, 'password', 'Password should be atleast 8 characters'],
  ])('refuses %j with 400: %s', async (payload, field, message) => {
    const res = await addUser(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('is for super admins only: 403 for the shop ADMIN, 401 anonymously, creating no account', async () => {
    const coAdmin = await createUser(ctx);
    await addSeller(ctx, shop.id, coAdmin, 'ADMIN');
    expect((await addUser({ email: 'sneaky@example.com', password: 'a fine password' }, owner)).statusCode).toBe(403);
    expect((await addUser({ email: 'sneaky@example.com', password: 'a fine password' }, null)).statusCode).toBe(401);
    expect(await ctx.db.$count(users, eq(users.email, 'sneaky@example.com'))).toBe(0);
  });

  it('answers 404 for an unknown shop', async () => {
    const id = '0d7c3f7e-1111-4111-8111-111111111111';
    const res = await addUser({ email: 'ghost@example.com', password: 'a fine password' }, admin, id);
    expect(res.statusCode).toBe(404);
    expect(await ctx.db.$count(users, eq(users.email, 'ghost@example.com'))).toBe(0);
  });
});
