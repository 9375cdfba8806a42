import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_STEPS, type SetupStep } from '../../../domain/setup';
import { OPEN_ALL_WEEK, ownerPut } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { stripeCalls } from '../stripe/support';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const call = (method: 'GET' | 'POST', url: string, user: TestUser | null = w.owner) =>
  w.ctx.app.inject({ method, url, headers: user?.headers });
const setupOf = (shopId = w.shop.id) => `/api/shops/${shopId}/setup`;

/** The steps done, in the checklist's order. */
async function done(): Promise<SetupStep[]> {
  const res = await call('GET', setupOf());
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { steps: { key: SetupStep; done: boolean }[]; complete: boolean };
  expect(body.steps.map((s) => s.key)).toEqual([...SETUP_STEPS]);
  expect(body.complete).toBe(body.steps.every((s) => s.done));
  return body.steps.filter((s) => s.done).map((s) => s.key);
}

describe('/api/shops/:shopId/setup', () => {
  it("a new shop has only been sent for review (creating it does that); each step ticks from the shop's data", async () => {
    expect(await done()).toEqual(['review']);

    // An item alone does not build the menu.
    const item = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/items`,
      headers: w.owner.headers,
      payload: { type: 'BASIC', name: 'Latte', price: 4.5, description: 'Double shot' },
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(await done()).toEqual(['items', 'review']);

    // A category with no item is not a menu yet; one that lists the item is.
    await ownerPut(w, `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Coffee', itemIds: [] }] });
    expect(await done()).toEqual(['items', 'review']);
    await ownerPut(w, `/api/shops/${w.shop.id}/menu`, { categories: [{ name: 'Coffee', itemIds: [item.json().id] }] });
    expect(await done()).toEqual(['items', 'menu', 'review']);

    await ownerPut(w, `/api/shops/${w.shop.id}/settings/timings`, OPEN_ALL_WEEK);
    expect(await done()).toEqual(['items', 'menu', 'hours', 'review']);

    await stripeCalls(w).connectStandard(w.shop.id);
    expect(await done()).toEqual(['items', 'menu', 'hours', 'payments', 'review']);

    // Sharing is the one step recorded as such; a second share keeps the first.
    const shared = await call('POST', `${setupOf()}/shared`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ steps: SETUP_STEPS.map((key) => ({ key, done: true })), complete: true });
    expect((await call('POST', `${setupOf()}/shared`)).statusCode).toBe(200);
    expect(await done()).toEqual([...SETUP_STEPS]);
  });

  it('review: a rejected or unlisted shop has not been sent; a listed one has', async () => {
    const at = (status: string | null) => w.ctx.pool.query('UPDATE shops SET listing_status = $2 WHERE id = $1', [w.shop.id, status]);
    await at('REJECTED');
    expect(await done()).not.toContain('review');
    await at(null);
    expect(await done()).not.toContain('review');
    await at('PUBLISHED');
    expect(await done()).toContain('review');
  });

  it('payments: an archived account does not count', async () => {
    await w.ctx.pool.query(`UPDATE stripe_accounts SET status = 'archived' WHERE shop_id = $1`, [w.shop.id]);
    expect(await done()).not.toContain('payments');
  });

  it("is the shop's admins' (401 anonymous, 403 its USER, 404 another shop's admin), and one shop's steps are its own", async () => {
    for (const url of [setupOf(), `${setupOf()}/shared`]) {
      const method = url.endsWith('shared') ? 'POST' : 'GET';
      expect((await call(method, url, null)).statusCode).toBe(401);
      const staff = await call(method, url, w.staff);
      expect(staff.statusCode).toBe(403);
      expect((await call(method, url, w.outsider)).statusCode).toBe(404);
    }
    const other = await call('GET', setupOf(w.otherShop.id), w.outsider);
    expect(other.statusCode).toBe(200);
    expect(
      other
        .json()
        .steps.filter((s: { done: boolean }) => s.done)
        .map((s: { key: string }) => s.key),
    ).toEqual(['review']);
  });
});
