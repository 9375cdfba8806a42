import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { sixteenNine, storedImage } from '../../helpers/images';
import { validPost } from '../../helpers/posts';

let w: ShopWorld;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  w = await shopWorld();
  http = api(w.ctx);
});
afterAll(() => w.ctx.close());

const postsUrl = (shopId: string, cursor?: string) => `/api/storefront/shops/${shopId}/posts${cursor ? `?cursor=${cursor}` : ''}`;
const boardsUrl = (shopId: string) => `/api/storefront/shops/${shopId}/billboards`;
const at = (ms: number) => new Date(w.ctx.clock.now().getTime() + ms).toISOString();
const media = (path: string) => ({
  path,
  url: `${w.ctx.config.publicUrl}/api/media/${path}`,
  sizes: { '300': `${w.ctx.config.publicUrl}/api/media/${path}?w=300`, '130': `${w.ctx.config.publicUrl}/api/media/${path}?w=130` },
});

describe('GET /api/storefront/shops/:shopId/posts', () => {
  it('answers only live posts, most recently published first, with absolute image URLs, to anyone', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Live Lounge' });
    await publish(w.ctx, shop.id);
    const img = await storedImage(w.ctx, w.owner);
    const hour = 3_600_000;
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'A draft nobody sees', status: 'DRAFT' }));
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'A planned draft', status: 'DRAFT', publishAt: at(-hour) }));
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'Coming next minute', publishAt: at(60_000) }));
    await http.post(
      `/api/shops/${shop.id}/posts`,
      w.owner,
      validPost({ title: 'Expired last hour', publishAt: at(-2 * hour), expireAt: at(-hour) }),
    );
    const older = (
      await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'Live since yesterday', publishAt: at(-24 * hour) }))
    ).json();
    const newer = (
      await http.post(
        `/api/shops/${shop.id}/posts`,
        w.owner,
        validPost({
          title: 'Live since an hour',
          price: 4.5,
          publishAt: at(-hour),
          expireAt: at(hour),
          images: { aspectRatio: 'SQUARE', images: [{ path: img }] },
        }),
      )
    ).json();
    const res = await http.get(postsUrl(shop.id), null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: newer.id,
          title: 'Live since an hour',
          description: newer.description,
          price: 4.5,
          images: { aspectRatio: 'SQUARE', images: [media(img)] },
          publishAt: newer.publishAt,
          expireAt: newer.expireAt,
          created: newer.created,
          updated: newer.updated,
        },
        expect.objectContaining({ id: older.id, title: 'Live since yesterday', expireAt: null }),
      ],
      nextCursor: null,
    });
    // A minute later the scheduled one is live too, and first.
    w.ctx.clock.advance(120_000);
    expect((await http.get(postsUrl(shop.id), null)).json().data.map((p: { title: string }) => p.title)).toEqual([
      'Coming next minute',
      'Live since an hour',
      'Live since yesterday',
    ]);
  });

  it('shows a post saved without a schedule at once, first, and hides it again when it becomes a draft', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Instant Inn' });
    await publish(w.ctx, shop.id);
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'Live since a minute', publishAt: at(-60_000) }));
    const now = (await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'Published right now' }))).json();
    const titles = async () => (await http.get(postsUrl(shop.id), null)).json().data.map((p: { title: string }) => p.title);
    expect(await titles()).toEqual(['Published right now', 'Live since a minute']);
    await http.put(`/api/shops/${shop.id}/posts/${now.id}`, w.owner, { ...now, status: 'DRAFT' });
    expect(await titles()).toEqual(['Live since a minute']);
  });

  it('pages 20 at a time with a cursor, never repeating or skipping a post', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Cursor Cafe' });
    await publish(w.ctx, shop.id);
    const same = at(-60_000);
    for (let i = 0; i < 25; i++) {
      // Five share one publish time: the id breaks the tie.
      await http.post(
        `/api/shops/${shop.id}/posts`,
        w.owner,
        validPost({ title: `Storefront post ${i}`, publishAt: i < 5 ? same : at(-(i + 2) * 60_000) }),
      );
    }
    const firstRes = await http.get(postsUrl(shop.id), null);
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = firstRes.json();
    expect(first.data).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await http.get(postsUrl(shop.id, first.nextCursor), null)).json();
    expect(second.data).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.data, ...second.data].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(25);
    const bad = await http.get(postsUrl(shop.id, 'garbage'), null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This page link is no longer valid. Start again from the first page.');
  });

  it('answers ETag and 304 for an unchanged list, and a new tag once it changes', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Etag Eatery' });
    await publish(w.ctx, shop.id);
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ publishAt: at(-1000) }));
    const first = await http.get(postsUrl(shop.id), null);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await http.get(postsUrl(shop.id), null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await http.post(`/api/shops/${shop.id}/posts`, w.owner, validPost({ title: 'Another special', publishAt: at(-500) }));
    const changed = await http.get(postsUrl(shop.id), null, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 404 for a shop that is not PUBLISHED, an unknown or a malformed id', async () => {
    for (const id of [w.shop.id, '5b1d2f0e-0000-4000-8000-000000000000', 'nope']) {
      for (const u of [postsUrl(id), boardsUrl(id)]) {
        const res = await http.get(u, null);
        expect({ u, status: res.statusCode, body: res.json() }).toEqual({
          u,
          status: 404,
          body: { message: `Cannot find shop with id ${id}`, code: 'NOT_FOUND' },
        });
      }
    }
  });
});

describe('GET /api/storefront/shops/:shopId/billboards', () => {
  it('answers the ordered list as absolute media URLs at the CDN widths, with ETag / 304', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Banner Bar' });
    await publish(w.ctx, shop.id);
    expect((await http.get(boardsUrl(shop.id), null)).json()).toEqual({ images: [] });
    const [a, b] = [await sixteenNine(w.ctx, w.owner), await sixteenNine(w.ctx, w.owner)];
    await http.put(`/api/shops/${shop.id}/billboards`, w.owner, { images: [{ path: b }, { path: a }] });
    const res = await http.get(boardsUrl(shop.id), null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ images: [media(b), media(a)] });
    expect((await http.get(boardsUrl(shop.id), null, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
  });
});
