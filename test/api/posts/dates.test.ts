import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { validPost } from '../../helpers/posts';

let w: ShopWorld;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  w = await shopWorld();
  http = api(w.ctx);
});
afterAll(() => w.ctx.close());

const url = (shopId: string, id?: string) => `/api/shops/${shopId}/posts${id ? `/${id}` : ''}`;
const OUT_OF_RANGE = 'Publish at should be a date between 2000 and 2100';

describe('a post’s dates', () => {
  it('refuses an edit that moves publishAt to year 0020, and keeps the post as it was', async () => {
    const post = (await http.post(url(w.shop.id), w.owner, validPost({ publishAt: '2030-01-01T00:00:00Z' }))).json();
    const res = await http.put(url(w.shop.id, post.id), w.staff, { ...post, publishAt: '0020-02-29T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: OUT_OF_RANGE, errors: { publishAt: OUT_OF_RANGE } });
    expect((await http.get(url(w.shop.id, post.id), w.owner)).json()).toEqual(post);
  });

  it('a post stored with a year-0020 publish time (as an older release could) still lists, opens, edits and deletes', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Old Rows Cafe' });
    await publish(w.ctx, shop.id);
    const good = (await http.post(url(shop.id), w.owner, validPost({ title: 'A good live post' }))).json();
    const {
      rows: [bad],
    } = await w.ctx.pool.query<{ id: string }>(
      `INSERT INTO posts (shop_id, title, description, images, draft, publish_at, expire_at)
       VALUES ($1, 'From year twenty', 'Stored before the API refused dates a shop cannot mean.', '[]', false,
               '0020-02-29T00:00:00Z', '0001-01-01T00:00:00Z'::timestamptz - interval '1 year')
       RETURNING id`,
      [shop.id],
    );

    const list = await http.get(url(shop.id), w.owner);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([good.id, bad!.id].sort());
    const shown = list.json().find((p: { id: string }) => p.id === bad!.id);
    // The dates nothing can read are shown empty: without a publish time the post is a draft nobody sees.
    expect(shown).toMatchObject({ title: 'From year twenty', publishAt: null, expireAt: null, status: 'DRAFT' });

    const storefront = await http.get(`/api/storefront/shops/${shop.id}/posts`, null);
    expect(storefront.statusCode, storefront.body).toBe(200);
    expect(storefront.json().data.map((p: { id: string }) => p.id)).toEqual([good.id]);

    const opened = await http.get(url(shop.id, bad!.id), w.owner);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual(shown);

    const fixed = await http.put(url(shop.id, bad!.id), w.owner, { ...shown, status: 'PUBLISHED', publishAt: '2030-01-01T00:00:00Z' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ publishAt: '2030-01-01T00:00:00.000Z', status: 'SCHEDULED' });

    const deleted = await http.del(url(shop.id, bad!.id), w.owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await http.get(url(shop.id), w.owner)).json().map((p: { id: string }) => p.id)).toEqual([good.id]);
  });
});
