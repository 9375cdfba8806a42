import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { api } from '../../helpers/app';
import { sixteenNine, storedImage } from '../../helpers/images';

let w: ShopWorld;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  w = await shopWorld();
  http = api(w.ctx);
});
afterAll(() => w.ctx.close());

const url = (shopId: string) => `/api/shops/${shopId}/billboards`;
const list = (paths: string[]) => ({ images: paths.map((path) => ({ path })) });
const wides = (n: number, user: TestUser = w.owner) => Promise.all(Array.from({ length: n }, () => sixteenNine(w.ctx, user)));

describe('GET|PUT /api/shops/:shopId/billboards', () => {
  it('reads as an empty list before anything is saved', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Blank Billboards' });
    const res = await http.get(url(shop.id), w.owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ images: [] });
  });

  it('replaces the ordered list, and the order read back is the order saved', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Order Board' });
    const [a, b, c] = await wides(3);
    expect((await http.put(url(shop.id), w.owner, list([a, b, c]))).json()).toEqual(list([a, b, c]));
    expect((await http.get(url(shop.id), w.owner)).json()).toEqual(list([a, b, c]));
    // Moving the last up twice and dropping the middle one: the kept images need no new check.
    const res = await http.put(url(shop.id), w.owner, list([c, b]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await http.get(url(shop.id), w.owner)).json()).toEqual(list([c, b]));
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM billboards WHERE shop_id = $1', [shop.id])).rows[0].n).toBe(1);
    expect((await http.put(url(shop.id), w.owner, list([]))).json()).toEqual({ images: [] });
  });

  it('refuses a body without images and keeps the stored list', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Kept Billboards' });
    const [a] = await wides(1);
    await http.put(url(shop.id), w.owner, list([a]));
    const res = await http.put(url(shop.id), w.owner, {});
    expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 400, errors: { images: 'Images is required' } });
    expect((await http.get(url(shop.id), w.owner)).json()).toEqual(list([a]));
  });

  it('lets a staff member save images another seller of the shop uploaded', async () => {
    const [a] = await wides(1, w.owner);
    const res = await http.put(url(w.shop.id), w.staff, list([a]));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes 10 and refuses 11 with a clear message', async () => {
    const paths = await wides(11);
    const eleven = await http.put(url(w.shop.id), w.owner, list(paths));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toMatchObject({
      message: 'A shop can have at most 10 billboards. Delete one to add another.',
      errors: { images: 'A shop can have at most 10 billboards. Delete one to add another.' },
    });
    expect((await http.put(url(w.shop.id), w.owner, list(paths.slice(0, 10)))).statusCode).toBe(200);
  });

  it("refuses a foreign image URL, another shop's upload and an image that is not 16:9", async () => {
    const theirs = await sixteenNine(w.ctx, w.outsider);
    for (const path of ['https://evil.example.com/banner.png', theirs]) {
      const res = await http.put(url(w.shop.id), w.owner, list([path]));
      expect({ status: res.statusCode, errors: res.json().errors }).toEqual({
        status: 400,
        errors: { 'images.0.path': 'Use an image uploaded to Servery by you or this shop. Upload it again.' },
      });
    }
    const square = await storedImage(w.ctx, w.owner, 800, 800);
    const [ok] = await wides(1);
    const res = await http.put(url(w.shop.id), w.owner, list([ok, square]));
    expect({ status: res.statusCode, errors: res.json().errors }).toEqual({
      status: 400,
      errors: { 'images.1.path': 'A billboard must be a 16:9 image. Crop it again.' },
    });
    const empty = await http.put(url(w.shop.id), w.owner, { images: [{ path: '' }] });
    expect(empty.json().errors).toEqual({ 'images.0.path': 'Image is required' });
  });

  it('refuses anonymous callers with 401, other shops with 404, and lets the super admin in', async () => {
    const [a] = await wides(1);
    for (const call of [
      (u: TestUser | null) => http.get(url(w.shop.id), u),
      (u: TestUser | null) => http.put(url(w.shop.id), u, list([a])),
    ]) {
      expect((await call(null)).statusCode).toBe(401);
      const other = await call(w.outsider);
      expect({ status: other.statusCode, body: other.json() }).toEqual({
        status: 404,
        body: { message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' },
      });
      expect((await call(w.superAdmin)).statusCode).toBe(200);
    }
    // The outsider's own shop is untouched by any of it.
    expect((await http.get(url(w.otherShop.id), w.outsider)).json()).toEqual({ images: [] });
  });
});
