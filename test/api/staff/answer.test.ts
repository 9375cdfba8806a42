import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../helpers/app';
import { createShop, shopWorld } from '../../helpers/shopWorld';
import { createUser, login, type TestUser } from '../../helpers/users';
import { invites } from '../../../server/areas/staff/tables';
import { shopSellers } from '../../../server/infra/db/tables';
import { INVITE_TTL_MS } from '../../../domain/constants';
import type { Shop } from '../../../domain/shop';
import { answerUrl, invitationLinks, previewUrl, type InviteLink } from '../../helpers/invitations';

let ctx: TestContext;
let owner: TestUser;
let shop: Shop;
beforeAll(async () => {
  ({ ctx, owner, shop } = await shopWorld({ shopName: 'Inviting Cafe' }));
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

let n = 0;
/** Invites a fresh address and returns it with the mailed links. */
async function invited(role: 'ADMIN' | 'USER' = 'USER', email = `guest-${++n}@example.com`) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${shop.id}/invites`,
    headers: owner.headers,
    payload: { to: email, role },
  });
  expect(res.statusCode).toBe(201);
  return { email, ...(await invitationLinks(ctx, email)) };
}
const answer = (l: InviteLink, user?: TestUser, query = `action=${l.action}&token=${encodeURIComponent(l.token)}`) =>
  ctx.app.inject({ method: 'PUT', url: answerUrl(l, query), headers: user?.headers });
const role = async (uid: string) =>
  (
    await ctx.db
      .select({ role: shopSellers.role })
      .from(shopSellers)
      .where(and(eq(shopSellers.shopId, shop.id), eq(shopSellers.userId, uid)))
  )[0]?.role;
const pending = (id: string) => ctx.db.$count(invites, eq(invites.id, id));

describe('PUT /api/shops/:shopId/invites/:inviteId?action=accept', () => {
  it('adds the signed-in invited user with the invitation role, once', async () => {
    const { email, accept } = await invited('ADMIN');
    const user = await createUser(ctx, { email });
    const res = await answer(accept, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation accepted.', shopId: shop.id });
    expect(await role(user.id)).toBe('ADMIN');
    expect(await pending(accept.inviteId)).toBe(0);
    // The shop is theirs from the next request on.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: user.headers })).json().role).toBe('ADMIN');

    const replay = await answer(accept, user);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This invitation is invalid or has already been used.');
  });

  it('works for someone who registers after being invited (matching e-mail in any case)', async () => {
    const { accept } = await invited('USER', 'Later.Person@example.com');
    const preview = await ctx.app.inject({ method: 'GET', url: previewUrl(accept, accept.token) });
    expect(preview.json().hasAccount).toBe(false);
    const user = await createUser(ctx, { email: 'later.person@example.com' });
    expect((await ctx.app.inject({ method: 'GET', url: previewUrl(accept, accept.token) })).json().hasAccount).toBe(true);
    expect((await answer(accept, user)).statusCode).toBe(200);
    expect(await role(user.id)).toBe('USER');
  });

  it('answers 401 when nobody is signed in, keeping the invitation', async () => {
    const { accept } = await invited();
    const res = await answer(accept);
    expect(res.statusCode).toBe(401);
    expect(await pending(accept.inviteId)).toBe(1);
  });

  it('answers 403 to another account, naming the invited address, keeping the invitation', async () => {
    const { email, accept } = await invited();
    const someoneElse = await createUser(ctx);
    const res = await answer(accept, someoneElse);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`This invitation was sent to another email address. Sign in with ${email} to answer it.`);
    expect(await role(someoneElse.id)).toBeUndefined();
    expect(await pending(accept.inviteId)).toBe(1);
  });

  it('answers 403 Email Not Verified to the invited address before it is verified', async () => {
    const { email, accept } = await invited();
    const unverified = await createUser(ctx, { email, verified: false });
    const res = await answer(accept, unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Email Not Verified');
    expect(await pending(accept.inviteId)).toBe(1);
  });

  it('lets only one of two simultaneous answers through', async () => {
    const { email, accept } = await invited();
    const user = await createUser(ctx, { email });
    const results = await Promise.all([answer(accept, user), answer(accept, user)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('keeps the role of someone who joined the shop in the meantime', async () => {
    const { email, accept } = await invited('USER');
    const user = await createUser(ctx, { email });
    await ctx.pool.query(`INSERT INTO shop_sellers (shop_id, user_id, role) VALUES ($1, $2, 'ADMIN')`, [shop.id, user.id]);
    expect((await answer(accept, user)).statusCode).toBe(200);
    expect(await role(user.id)).toBe('ADMIN');
  });
});

describe('PUT /api/shops/:shopId/invites/:inviteId?action=reject', () => {
  it('deletes the invitation with the token alone', async () => {
    const { reject, accept } = await invited();
    const res = await answer(reject);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation rejected.', shopId: shop.id });
    expect(await pending(reject.inviteId)).toBe(0);
    expect((await answer(accept)).json().message).toBe('This invitation is invalid or has already been used.');
  });
});

describe('invitation link checks', () => {
  it.each([
    ['', 'Invalid invitation. Cannot find action.'],
    ['token=abc', 'Invalid invitation. Cannot find action.'],
    ['action=maybe&token=abc', 'Invalid invitation. Cannot find action.'],
    ['action=accept', 'Invalid invitation. Cannot find token.'],
    ['action=reject&token=', 'Invalid invitation. Cannot find token.'],
  ])('refuses ?%s with 400: %s', async (query, message) => {
    const { accept } = await invited();
    const res = await answer(accept, undefined, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await pending(accept.inviteId)).toBe(1);
  });

  it('refuses a wrong token, a token of another invitation and a link edited to another shop', async () => {
    const a = await invited();
    const b = await invited();
    const other = await createShop(ctx, owner, { name: 'Other Shop' });
    for (const link of [
      { ...a.reject, token: 'x'.repeat(43) },
      { ...a.reject, token: b.reject.token },
      { ...a.reject, shopId: other.id },
      { ...a.reject, inviteId: 'not-a-uuid' },
    ]) {
      const res = await answer(link);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This invitation is invalid or has already been used.');
    }
    expect(await pending(a.reject.inviteId)).toBe(1);
    expect(await pending(b.reject.inviteId)).toBe(1);
  });

  it('refuses an expired link for both answers and the preview', async () => {
    const { email, accept, reject } = await invited();
    const user = await createUser(ctx, { email });
    ctx.clock.advance(INVITE_TTL_MS + 1000);
    const fresh = { ...user, ...(await login(ctx, email, user.password)) };
    for (const res of [
      await answer(accept, fresh),
      await answer(reject),
      await ctx.app.inject({ method: 'GET', url: previewUrl(accept, accept.token) }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This invitation has expired. Ask the shop to resend it.');
    }
    expect(await role(user.id)).toBeUndefined();
  });
});

describe('GET /api/shops/:shopId/invites/:inviteId/preview', () => {
  it('tells the invitation screen who invites whom to what', async () => {
    const { email, accept } = await invited('ADMIN');
    const res = await ctx.app.inject({ method: 'GET', url: previewUrl(accept, accept.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shopName: 'Inviting Cafe',
      fromEmail: 'owner@example.com',
      toEmail: email,
      role: 'ADMIN',
      hasAccount: false,
    });
    expect(await pending(accept.inviteId)).toBe(1);
  });

  it('refuses a missing or wrong token with 400 and reveals nothing', async () => {
    const { accept } = await invited();
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/shops/${accept.shopId}/invites/${accept.inviteId}/preview` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid invitation. Cannot find token.');
    const wrong = await ctx.app.inject({ method: 'GET', url: previewUrl(accept, 'guess') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This invitation is invalid or has already been used.');
    expect(wrong.body).not.toContain('Inviting Cafe');
  });
});
