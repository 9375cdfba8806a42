import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, addSeller, setStaffPermissions, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { createUser, type TestUser } from '../../helpers/users';

/*
 * The shop's staff permissions (settings kind staff_permissions): what its USERs may do beyond processing orders and
 * bookings and marking items sold out. Members read them, ADMINs set them; the shop scope enforces them.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const url = (shopId: string) => `/api/shops/${shopId}/settings/staff_permissions`;
const get = (shopId: string, user: TestUser | null) => w.ctx.app.inject({ method: 'GET', url: url(shopId), headers: user?.headers });
const put = (shopId: string, user: TestUser | null, payload: unknown) =>
  w.ctx.app.inject({ method: 'PUT', url: url(shopId), headers: user?.headers, payload: payload as Record<string, unknown> });
const ALL_ON = { catalog: true, posts: true, reports: true, bankAccount: true };
const DEFAULTS = { catalog: true, posts: true, reports: true, bankAccount: false };

/** A shop of the owner's with one USER, so each test starts from the defaults. */
async function staffedShop() {
  const shop = await createShop(w.ctx, w.owner, { name: 'Permission Place' });
  const staff = await createUser(w.ctx, { name: 'Pat Staff' });
  await addSeller(w.ctx, shop.id, staff, 'USER');
  return { shop, staff };
}

describe('staff permissions', () => {
  it('read as the defaults until an ADMIN saves them: everything but the bank account and payout schedule', async () => {
    const { shop, staff } = await staffedShop();
    for (const user of [w.owner, staff, w.superAdmin]) {
      const res = await get(shop.id, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DEFAULTS);
    }
  });

  it('an ADMIN saves them, and the shop answers each caller what they may do there', async () => {
    const { shop, staff } = await staffedShop();
    const saved = await put(shop.id, w.owner, { ...ALL_ON, catalog: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...ALL_ON, catalog: false });
    expect((await get(shop.id, staff)).json()).toEqual({ ...ALL_ON, catalog: false });
    const asStaff = await w.ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: staff.headers });
    expect(asStaff.json().permissions).toEqual({ ...ALL_ON, catalog: false });
    // ADMINs and super admins always have every permission.
    for (const admin of [w.owner, w.superAdmin]) {
      const res = await w.ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}`, headers: admin.headers });
      expect(res.json().permissions).toEqual(ALL_ON);
    }
  });

  it('a USER cannot change them (403), even to grant themselves the bank account', async () => {
    const { shop, staff } = await staffedShop();
    const res = await put(shop.id, staff, ALL_ON);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: { message: 'You are not allowed to do this.', code: 'FORBIDDEN' },
    });
    expect((await get(shop.id, w.owner)).json()).toEqual(DEFAULTS);
  });

  it('another shop’s user gets 404 and anonymous callers 401', async () => {
    const { shop } = await staffedShop();
    for (const res of [await get(shop.id, w.outsider), await put(shop.id, w.outsider, ALL_ON)]) {
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { message: `Cannot find shop with id ${shop.id}`, code: 'NOT_FOUND' },
      });
    }
    expect((await get(shop.id, null)).statusCode).toBe(401);
    expect((await put(shop.id, null, ALL_ON)).statusCode).toBe(401);
    expect((await get(shop.id, w.owner)).json()).toEqual(DEFAULTS);
  });

  it('refuses a document that is not one switch per permission, naming the field', async () => {
    const { shop } = await staffedShop();
    const res = await put(shop.id, w.owner, { ...DEFAULTS, bankAccount: 'yes' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        message: 'Change the bank account and payout schedule: choose on or off',
        code: 'VALIDATION',
        errors: { bankAccount: 'Change the bank account and payout schedule: choose on or off' },
      },
    });
    const missing = await put(shop.id, w.owner, { catalog: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      posts: 'Edit posts and billboards: choose on or off',
      reports: 'See reports and payouts: choose on or off',
      bankAccount: 'Change the bank account and payout schedule: choose on or off',
    });
  });

  it('take effect on the very next request, both ways', async () => {
    const { shop, staff } = await staffedShop();
    const editMenu = () =>
      w.ctx.app.inject({
        method: 'PUT',
        url: `/api/shops/${shop.id}/menu`,
        headers: staff.headers,
        payload: { categories: [{ name: 'Mains' }] },
      });
    expect((await editMenu()).statusCode).toBe(200);
    await setStaffPermissions(w.ctx, shop.id, w.owner, { catalog: false });
    const refused = await editMenu();
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: "Your shop's admins have not allowed staff to edit the catalog", code: 'FORBIDDEN' },
    });
    await setStaffPermissions(w.ctx, shop.id, w.owner, { catalog: true });
    expect((await editMenu()).statusCode).toBe(200);
  });

  it('leave what staff always do open: sold-out marks, delivery and pizza settings only with the catalog', async () => {
    const { shop, staff } = await staffedShop();
    await setStaffPermissions(w.ctx, shop.id, w.owner, { catalog: false, posts: false, reports: false });
    const topping = await w.ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${shop.id}/settings/pizza/toppings/availability`,
      headers: staff.headers,
      payload: { topping: 'Olives', soldOut: true },
    });
    expect(topping.statusCode).not.toBe(403);
    for (const kind of ['delivery', 'pizza']) {
      const current = await w.ctx.app.inject({ method: 'GET', url: `/api/shops/${shop.id}/settings/${kind}`, headers: staff.headers });
      expect(current.statusCode).toBe(200);
      const res = await w.ctx.app.inject({
        method: 'PUT',
        url: `/api/shops/${shop.id}/settings/${kind}`,
        headers: staff.headers,
        payload: current.json(),
      });
      expect({ kind, status: res.statusCode, message: res.json().message }).toEqual({
        kind,
        status: 403,
        message: "Your shop's admins have not allowed staff to edit the catalog",
      });
      const asOwner = await w.ctx.app.inject({
        method: 'PUT',
        url: `/api/shops/${shop.id}/settings/${kind}`,
        headers: w.owner.headers,
        payload: current.json(),
      });
      expect({ kind, status: asOwner.statusCode }).toEqual({ kind, status: 200 });
    }
  });
});
