import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../helpers/app';
import { addSeller, createShop, shopWorld } from '../../helpers/shopWorld';
import { createUser, type TestUser } from '../../helpers/users';
import { shopSellers } from '../../../server/infra/db/tables';
import type { Shop } from '../../../domain/shop';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  ({ ctx, owner, superAdmin: admin, outsider } = await shopWorld());
});
afterAll(() => ctx.close());

const list = (shopId: string, user: TestUser | null) =>
  ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/sellers`, headers: user?.headers });
const remove = (shopId: string, uid: string, user: TestUser | null) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/shops/${shopId}/sellers/${uid}`, headers: user?.headers });
const isSeller = async (shopId: string, uid: string) =>
  (await ctx.db.$count(shopSellers, and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, uid)))) === 1;

async function shopWithStaff() {
  const shop = await createShop(ctx, owner, { name: 'Staffed Cafe' });
  const user = await createUser(ctx, { name: 'Uma User' });
  const user2 = await createUser(ctx, { name: 'Ulla User' });
  const coAdmin = await createUser(ctx, { name: 'Ada Admin' });
  await addSeller(ctx, shop.id, user, 'USER');
  await addSeller(ctx, shop.id, user2, 'USER');
  await addSeller(ctx, shop.id, coAdmin, 'ADMIN');
  return { shop, user, user2, coAdmin };
}

describe('GET /api/shops/:shopId/sellers', () => {
  it('lists the shop users, admins first, to any user of the shop', async () => {
    const { shop, user, coAdmin } = await shopWithStaff();
    const res = await list(shop.id, user);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { uid: string; email: string; name: string; role: string }[];
    expect(rows).toHaveLength(4);
    expect(rows.slice(0, 2).map((r) => r.role)).toEqual(['ADMIN', 'ADMIN']);
    expect(rows).toContainEqual({ uid: owner.id, email: 'owner@example.com', name: 'Olive Owner', role: 'ADMIN' });
    expect(rows).toContainEqual({ uid: coAdmin.id, email: coAdmin.email, name: 'Ada Admin', role: 'ADMIN' });
    expect(rows).toContainEqual({ uid: user.id, email: user.email, name: 'Uma User', role: 'USER' });
  });

  it("answers 401 anonymously and 404 to another shop's user", async () => {
    const { shop } = await shopWithStaff();
    expect((await list(shop.id, null)).statusCode).toBe(401);
    const res = await list(shop.id, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('owner@example.com');
    expect(res.body).not.toContain('Staffed Cafe');
  });
});

describe('DELETE /api/shops/:shopId/sellers/:uid', () => {
  it('lets a USER remove another USER, and the removed user loses the shop on their very next request', async () => {
    const { shop, user, user2 } = await shopWithStaff();
    expect((await list(shop.id, user2)).statusCode).toBe(200);
    const res = await remove(shop.id, user2.id, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User removed.' });
    expect(await isSeller(shop.id, user2.id)).toBe(false);
    const next = await list(shop.id, user2);
    expect(next.statusCode).toBe(404);
    expect(next.json().message).toBe(`Cannot find shop with id ${shop.id}`);
  });

  it('lets a USER remove themselves', async () => {
    const { shop, user } = await shopWithStaff();
    expect((await remove(shop.id, user.id, user)).statusCode).toBe(200);
    expect(await isSeller(shop.id, user.id)).toBe(false);
  });

  it('refuses a USER removing an ADMIN with 403', async () => {
    const { shop, user, coAdmin } = await shopWithStaff();
    const res = await remove(shop.id, coAdmin.id, user);
    expect(res.statusCode).toBe(403);
    expect(await isSeller(shop.id, coAdmin.id)).toBe(true);
  });

  it('lets an ADMIN remove another ADMIN but never the last one', async () => {
    const { shop, coAdmin } = await shopWithStaff();
    expect((await remove(shop.id, coAdmin.id, owner)).statusCode).toBe(200);
    const last = await remove(shop.id, owner.id, owner);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('A shop needs at least one admin.');
    expect(await isSeller(shop.id, owner.id)).toBe(true);
  });

  it('keeps one admin when two admins remove each other at the same moment', async () => {
    const { shop, coAdmin } = await shopWithStaff();
    const results = await Promise.all([remove(shop.id, coAdmin.id, owner), remove(shop.id, owner.id, coAdmin)]);
    // The loser either finds itself already removed (404) or is the last admin by then (409).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const admins = await ctx.db.$count(shopSellers, and(eq(shopSellers.shopId, shop.id), eq(shopSellers.role, 'ADMIN')));
    expect(admins).toBe(1);
  });

  it('lets a super admin remove anyone but the last admin', async () => {
    const { shop, user } = await shopWithStaff();
    expect((await remove(shop.id, user.id, admin)).statusCode).toBe(200);
  });

  it('answers 404 for someone who is not a seller of this shop, and for a malformed id', async () => {
    const { shop } = await shopWithStaff();
    const res = await remove(shop.id, outsider.id, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Cannot find seller with id ${outsider.id}`);
    expect((await remove(shop.id, 'nope', owner)).statusCode).toBe(404);
    expect(await isSeller(shop.id, owner.id)).toBe(true);
  });

  it("answers 401 anonymously and 404 to another shop's user, removing no one", async () => {
    const { shop, user } = await shopWithStaff();
    expect((await remove(shop.id, user.id, null)).statusCode).toBe(401);
    const res = await remove(shop.id, user.id, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Staffed Cafe');
    expect(await isSeller(shop.id, user.id)).toBe(true);
  });

  it("cannot reach a seller of another shop through one's own shop", async () => {
    const mine: Shop = await createShop(ctx, owner, { name: 'Mine' });
    const theirs = await ctx.db.select().from(shopSellers).where(eq(shopSellers.userId, outsider.id));
    const res = await remove(mine.id, outsider.id, owner);
    expect(res.statusCode).toBe(404);
    expect(await ctx.db.select().from(shopSellers).where(eq(shopSellers.userId, outsider.id))).toEqual(theirs);
  });
});
