import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../helpers/app';
import { shopWorld } from '../../helpers/shopWorld';
import { login, type TestUser } from '../../helpers/users';
import { invites } from '../../../server/areas/staff/tables';
import { hashToken } from '../../../server/infra/auth/tokens';
import { INVITE_TTL_MS } from '../../../domain/constants';
import type { Shop } from '../../../domain/shop';
import { answerUrl, invitationLinks } from '../../helpers/invitations';

let ctx: TestContext;
let owner: TestUser;
let staff: TestUser;
let admin: TestUser;
let outsider: TestUser;
let shop: Shop;
beforeAll(async () => {
  ({ ctx, owner, staff, superAdmin: admin, outsider, shop } = await shopWorld());
});
afterAll(() => ctx.close());
// Moving the clock past the access-token lifetime ends sessions; every test starts back at the real time.
afterEach(() => ctx.clock.reset());

/** A new session for a user, for after the clock has moved. */
const signIn = async (c: TestContext, u: TestUser): Promise<TestUser> => ({ ...u, ...(await login(c, u.email, u.password)) });

const invite = (payload: Record<string, unknown>, user: TestUser | null = owner, shopId = shop.id) =>
  ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/invites`, headers: user?.headers, payload });
const list = (user: TestUser | null = owner, shopId = shop.id) =>
  ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/invites`, headers: user?.headers });
const resend = (id: string, user: TestUser | null = owner, shopId = shop.id) =>
  ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/invites/${id}/resend`, headers: user?.headers });
const withdraw = (id: string, user: TestUser | null = owner, shopId = shop.id) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/shops/${shopId}/invites/${id}`, headers: user?.headers });
const reject = (l: { inviteId: string; shopId: string; token: string }) =>
  ctx.app.inject({ method: 'PUT', url: answerUrl(l, `action=reject&token=${encodeURIComponent(l.token)}`) });

describe('POST /api/shops/:shopId/invites', () => {
  it('stores the invitation with a hashed token and mails accept and reject links', async () => {
    const res = await invite({ to: '  New.Person@Example.com ', role: 'ADMIN' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'User Invited.',
      invite: {
        id: expect.any(String),
        toUid: body.invite.id,
        created: expect.any(String),
        fromEmail: 'owner@example.com',
        toEmail: 'new.person@example.com',
        role: 'ADMIN',
        expiresAt: expect.any(String),
      },
    });
    expect(Date.parse(body.invite.expiresAt) - Date.parse(body.invite.created)).toBe(INVITE_TTL_MS);

    const { mail, accept, reject: rejectLink } = await invitationLinks(ctx, 'new.person@example.com');
    expect(mail.subject).toBe('Olive Owner invited you to Staffed Cafe on Servery');
    expect(accept.url).toBe(`${ctx.config.publicUrl}/invites/${body.invite.id}/shops/${shop.id}?action=accept&token=${accept.token}`);
    expect(rejectLink.url).toBe(`${ctx.config.publicUrl}/invites/${body.invite.id}/shops/${shop.id}?action=reject&token=${accept.token}`);
    expect(accept.token.length).toBeGreaterThanOrEqual(43);
    expect(mail.html).toContain(accept.token);

    const [row] = await ctx.db.select().from(invites).where(eq(invites.id, body.invite.id));
    expect(row.tokenHash).toBe(hashToken(accept.token));
    expect(JSON.stringify(row)).not.toContain(accept.token);
  });

  it('invites as USER when no role is given, and lets a USER invite a USER', async () => {
    const res = await invite({ to: 'helper@example.com' }, staff);
    expect(res.statusCode).toBe(201);
    expect(res.json().invite).toMatchObject({ role: 'USER', fromEmail: 'staff@example.com' });
  });

  it('refuses a USER inviting an ADMIN with 403 and sends nothing', async () => {
    const res = await invite({ to: 'would-be-admin@example.com', role: 'ADMIN' }, staff);
    expect(res.statusCode).toBe(403);
    expect(ctx.mail.for('would-be-admin@example.com')).toHaveLength(0);
    expect(await ctx.db.$count(invites, eq(invites.toEmail, 'would-be-admin@example.com'))).toBe(0);
  });

  it('lets a super admin invite an ADMIN to any shop', async () => {
    const res = await invite({ to: 'platform-pick@example.com', role: 'ADMIN' }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().invite.fromEmail).toBe('root@example.com');
  });

  it.each([
    [{}, 'to', 'Please enter the email of the user to be invited.'],
    [{ to: '   ' }, 'to', 'Please enter the email of the user to be invited.'],
    [{ to: 'not-an-email' }, 'to', 'The email entered is invalid'],
  ])('refuses %j with 400: %s', async (payload, field, message) => {
    const res = await invite(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
  });

  it('refuses an unknown role with 400', async () => {
    const res = await invite({ to: 'x@example.com', role: 'OWNER' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['role']);
  });

  it('refuses to invite someone who already works at the shop with 409', async () => {
    const res = await invite({ to: 'STAFF@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This user already works at this shop.');
  });

  it('replaces a pending invitation to the same address: one row, a new link, the old link dead', async () => {
    await invite({ to: 'twice@example.com', role: 'USER' });
    const first = await invitationLinks(ctx, 'twice@example.com');
    const again = await invite({ to: 'twice@example.com', role: 'ADMIN' });
    expect(again.statusCode).toBe(201);
    expect(again.json().invite).toMatchObject({ id: first.accept.inviteId, role: 'ADMIN' });
    const second = await invitationLinks(ctx, 'twice@example.com', 1);
    expect(second.accept.token).not.toBe(first.accept.token);
    expect(await ctx.db.$count(invites, eq(invites.toEmail, 'twice@example.com'))).toBe(1);

    const old = await reject(first.reject);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('This invitation is invalid or has already been used.');
    expect((await reject(second.reject)).statusCode).toBe(200);
  });

  it("answers 401 anonymously and 404 to another shop's user, inviting no one", async () => {
    expect((await invite({ to: 'anon@example.com' }, null)).statusCode).toBe(401);
    const res = await invite({ to: 'cross@example.com' }, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Staffed Cafe');
    expect(await ctx.db.$count(invites, eq(invites.toEmail, 'cross@example.com'))).toBe(0);
    expect(ctx.mail.for('cross@example.com')).toHaveLength(0);
  });
});

describe('GET /api/shops/:shopId/invites', () => {
  it('lists pending invitations, newest first, and drops expired ones', async () => {
    // A world of its own: the clock moves by days here.
    const { ctx: c, owner: o, staff: u, shop: s } = await shopWorld();
    try {
      await c.app.inject({ method: 'POST', url: `/api/shops/${s.id}/invites`, headers: o.headers, payload: { to: 'a@example.com' } });
      c.clock.advance(INVITE_TTL_MS / 2);
      const o2 = await signIn(c, o);
      await c.app.inject({ method: 'POST', url: `/api/shops/${s.id}/invites`, headers: o2.headers, payload: { to: 'b@example.com' } });
      const both = await c.app.inject({ method: 'GET', url: `/api/shops/${s.id}/invites`, headers: (await signIn(c, u)).headers });
      expect(both.statusCode).toBe(200);
      expect(both.json().map((i: { toEmail: string }) => i.toEmail)).toEqual(['b@example.com', 'a@example.com']);
      expect(both.json()[0]).toEqual({
        id: expect.any(String),
        toUid: both.json()[0].id,
        created: expect.any(String),
        fromEmail: 'owner@example.com',
        toEmail: 'b@example.com',
        role: 'USER',
        expiresAt: expect.any(String),
      });
      c.clock.advance(INVITE_TTL_MS / 2 + 1000);
      const later = await c.app.inject({ method: 'GET', url: `/api/shops/${s.id}/invites`, headers: (await signIn(c, u)).headers });
      expect(later.json().map((i: { toEmail: string }) => i.toEmail)).toEqual(['b@example.com']);
    } finally {
      await c.close();
    }
  });

  it("answers 401 anonymously and 404 to another shop's user", async () => {
    await invite({ to: 'listed@example.com' });
    expect((await list(null)).statusCode).toBe(401);
    const res = await list(outsider);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('listed@example.com');
  });
});

describe('POST /api/shops/:shopId/invites/:inviteId/resend', () => {
  it('mails a new link, restarts the expiry, and the old link stops working', async () => {
    const created = (await invite({ to: 'resend@example.com' })).json().invite;
    const first = await invitationLinks(ctx, 'resend@example.com');
    ctx.clock.advance(INVITE_TTL_MS - 60_000);
    const res = await resend(created.id, await signIn(ctx, staff));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation Email Sent.' });
    const second = await invitationLinks(ctx, 'resend@example.com', 1);
    expect(second.mail.subject).toBe('Sam Staff invited you to Staffed Cafe on Servery');
    expect(second.accept.inviteId).toBe(created.id);
    expect(second.accept.token).not.toBe(first.accept.token);
    expect((await reject(first.reject)).json().message).toBe('This invitation is invalid or has already been used.');
    // Still valid past the first link's expiry.
    ctx.clock.advance(120_000);
    expect((await reject(second.reject)).statusCode).toBe(200);
  });

  it('refuses a USER resending an ADMIN invitation with 403', async () => {
    const created = (await invite({ to: 'admin-to-be@example.com', role: 'ADMIN' })).json().invite;
    expect((await resend(created.id, staff)).statusCode).toBe(403);
    await ctx.mail.waitFor('admin-to-be@example.com');
    expect(ctx.mail.for('admin-to-be@example.com')).toHaveLength(1);
  });

  it("answers 404 for an unknown invitation or another shop's, and 401 anonymously", async () => {
    const created = (await invite({ to: 'mine@example.com' })).json().invite;
    expect((await resend('6f1c7b9e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await resend('nope')).statusCode).toBe(404);
    const cross = await resend(created.id, outsider);
    expect(cross.statusCode).toBe(404);
    expect(cross.body).not.toContain('Staffed Cafe');
    const outsiderShop = (await ctx.app.inject({ method: 'GET', url: '/api/shops', headers: outsider.headers })).json()[0];
    const viaOwnShop = await resend(created.id, outsider, outsiderShop.id);
    expect(viaOwnShop.statusCode).toBe(404);
    expect(viaOwnShop.json().message).toBe(`Cannot find invite with id ${created.id}`);
    expect((await resend(created.id, null)).statusCode).toBe(401);
    await ctx.mail.waitFor('mine@example.com');
    expect(ctx.mail.for('mine@example.com')).toHaveLength(1);
  });
});

describe('DELETE /api/shops/:shopId/invites/:inviteId', () => {
  it('withdraws the invitation (any shop user may) and its link stops working', async () => {
    const created = (await invite({ to: 'withdrawn@example.com', role: 'ADMIN' })).json().invite;
    const { reject: link } = await invitationLinks(ctx, 'withdrawn@example.com');
    const res = await withdraw(created.id, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invite removed.' });
    expect(await ctx.db.$count(invites, eq(invites.id, created.id))).toBe(0);
    expect((await reject(link)).statusCode).toBe(400);
    expect((await withdraw(created.id)).statusCode).toBe(404);
  });

  it("answers 401 anonymously and 404 to another shop's user, removing nothing", async () => {
    const created = (await invite({ to: 'kept@example.com' })).json().invite;
    expect((await withdraw(created.id, null)).statusCode).toBe(401);
    const res = await withdraw(created.id, outsider);
    expect(res.statusCode).toBe(404);
    expect(await ctx.db.$count(invites, eq(invites.id, created.id))).toBe(1);
  });
});
