import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { storedImage } from '../../helpers/images';
import { validPost } from '../../helpers/posts';

let w: ShopWorld;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  w = await shopWorld();
  http = api(w.ctx);
});
afterAll(() => w.ctx.close());

const url = (shopId: string, id?: string) => `/api/shops/${shopId}/posts${id ? `/${id}` : ''}`;

describe('POST /api/shops/:shopId/posts', () => {
  it('creates a post with images, price in currency units and server-set times', async () => {
    const a = await storedImage(w.ctx, w.owner);
    const b = await storedImage(w.ctx, w.staff);
    const res = await http.post(
      url(w.shop.id),
      w.staff,
      validPost({ price: 9.95, images: { aspectRatio: 'SQUARE', images: [{ path: a }, { path: b }] }, created: '2000-01-01T00:00:00Z' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    // No schedule: published as it is saved.
    expect(post).toMatchObject({
      title: 'Pumpkin Soup',
      price: 9.95,
      images: { aspectRatio: 'SQUARE', images: [{ path: a }, { path: b }] },
      expireAt: null,
      status: 'LIVE',
    });
    expect(post.created).not.toBe('2000-01-01T00:00:00.000Z');
    expect(post.updated).toBe(post.created);
    expect(post.publishAt).toBe(post.created);
    const { rows } = await w.ctx.pool.query('SELECT price_cents, shop_id FROM posts WHERE id = $1', [post.id]);
    expect(rows[0]).toEqual({ price_cents: 995, shop_id: w.shop.id });
    expect((await http.get(url(w.shop.id, post.id), w.owner)).json()).toEqual(post);
  });

  it('publishes a post saved without a schedule at once; status DRAFT keeps a post from customers, with or without a schedule', async () => {
    const res = await http.post(url(w.shop.id), w.owner, validPost({ title: 'Published at once' }));
    expect(res.statusCode, res.body).toBe(201);
    const live = res.json();
    expect(live).toMatchObject({ status: 'LIVE', publishAt: live.created, expireAt: null });

    const draft = await http.post(url(w.shop.id), w.owner, validPost({ title: 'Kept as a draft', status: 'DRAFT' }));
    expect(draft.statusCode, draft.body).toBe(201);
    const drafted = draft.json();
    expect(drafted).toMatchObject({ status: 'DRAFT', publishAt: null });
    const planned = (
      await http.post(
        url(w.shop.id),
        w.owner,
        validPost({
          title: 'A planned draft',
          status: 'DRAFT',
          publishAt: '2030-12-01T09:00:00+11:00',
          expireAt: '2030-12-08T09:00:00+11:00',
        }),
      )
    ).json();
    expect(planned).toMatchObject({ status: 'DRAFT', publishAt: '2030-11-30T22:00:00.000Z', expireAt: '2030-12-07T22:00:00.000Z' });
    expect((await http.get(url(w.shop.id, planned.id), w.owner)).json().status).toBe('DRAFT');

    // Publishing a draft: saved again without status DRAFT (PUBLISHED says so outright).
    w.ctx.clock.advance(5000);
    const published = await http.put(url(w.shop.id, drafted.id), w.staff, { ...drafted, status: 'PUBLISHED' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'LIVE', publishAt: published.json().updated });
    expect((await http.put(url(w.shop.id, planned.id), w.owner, { ...planned, status: undefined })).json()).toMatchObject({
      status: 'SCHEDULED',
      publishAt: '2030-11-30T22:00:00.000Z',
    });

    // A post sent back as it was read keeps its state and its publish time; DRAFT takes a live post away.
    w.ctx.clock.advance(5000);
    const same = await http.put(url(w.shop.id, live.id), w.owner, live);
    expect(same.json()).toMatchObject({ status: 'LIVE', publishAt: live.publishAt });
    const cleared = await http.put(url(w.shop.id, live.id), w.owner, { ...live, publishAt: null });
    expect(cleared.json()).toMatchObject({ status: 'LIVE', publishAt: live.publishAt });
    const hidden = (await http.put(url(w.shop.id, live.id), w.owner, { ...live, status: 'DRAFT', publishAt: null })).json();
    expect(hidden).toMatchObject({ status: 'DRAFT', publishAt: null });
    expect((await http.put(url(w.shop.id, live.id), w.owner, hidden)).json().status).toBe('DRAFT');

    const bad = await http.post(url(w.shop.id), w.owner, validPost({ status: 'HIDDEN' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'status should be DRAFT or PUBLISHED' });
  });

  it('accepts a post without images or price', async () => {
    const res = await http.post(url(w.shop.id), w.owner, {
      title: 'Open on Monday',
      description: 'We are open this public holiday Monday from 8 till 2.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: null, images: { aspectRatio: 'SQUARE', images: [] } });
  });

  it.each([
    ['a 9-character title', { title: 'x'.repeat(9) }, 'title', 'should be at least 10 characters'],
    ['a 25-character title', { title: 'x'.repeat(25) }, 'title', 'should not be larger than 24 characters'],
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['a 39-character description', { description: 'd'.repeat(39) }, 'description', 'should be at least 40 characters'],
    ['a 201-character description', { description: 'd'.repeat(201) }, 'description', 'should not be larger than 200 characters'],
    ['a negative price', { price: -1 }, 'price', 'should be at least 0'],
    ['a price with three decimals', { price: 1.005 }, 'price', 'should have at most two decimals'],
    ['an unknown aspect ratio', { images: { aspectRatio: 'WIDE', images: [] } }, 'images.aspectRatio', 'Aspect ratio is required'],
    ['images without an aspect ratio', { images: { images: [{ path: 'img/a.webp' }] } }, 'images.aspectRatio', 'Aspect ratio is required'],
    ['an image without a path', { images: { aspectRatio: 'SQUARE', images: [{}] } }, 'images.images.0.path', 'Image is required'],
    ['a publish time that is not a date', { publishAt: 'tomorrow' }, 'publishAt', 'Publish at should be an ISO date and time'],
    [
      'a publish time in year 0020',
      { publishAt: '0020-02-29T00:00:00Z' },
      'publishAt',
      'Publish at should be a date between 2000 and 2100',
    ],
    ['a publish time after 2100', { publishAt: '2101-01-01T00:00:00Z' }, 'publishAt', 'Publish at should be a date between 2000 and 2100'],
    [
      'an expiry in year 9999',
      { publishAt: '2030-01-01T00:00:00Z', expireAt: '9999-12-31T23:59:59Z' },
      'expireAt',
      'Expire at should be a date between 2000 and 2100',
    ],
    [
      'an expiry before the publish time',
      { publishAt: '2026-12-01T09:00:00+11:00', expireAt: '2026-12-01T08:00:00+11:00' },
      'expireAt',
      'The expiry must be after the publish time.',
    ],
    [
      'an expiry without a publish time',
      { expireAt: '2026-12-01T08:00:00+11:00' },
      'expireAt',
      'The expiry must be after the publish time.',
    ],
  ])('refuses %s with 400 and the message on the field', async (_, overrides, field, message) => {
    const before = await w.ctx.pool.query('SELECT count(*)::int AS n FROM posts');
    const res = await http.post(url(w.shop.id), w.owner, validPost(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
    expect((await w.ctx.pool.query('SELECT count(*)::int AS n FROM posts')).rows).toEqual(before.rows);
  });

  it('takes 10 images and refuses 11 with the limit message', async () => {
    const paths = await Promise.all(Array.from({ length: 11 }, () => storedImage(w.ctx, w.owner)));
    const images = paths.map((path) => ({ path }));
    const eleven = await http.post(url(w.shop.id), w.owner, validPost({ images: { aspectRatio: 'SQUARE', images } }));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().errors['images.images']).toBe('A post can have at most 10 images.');
    const ten = await http.post(url(w.shop.id), w.owner, validPost({ images: { aspectRatio: 'SQUARE', images: images.slice(0, 10) } }));
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json().images.images).toHaveLength(10);
  });

  it('refuses a foreign image URL, a made-up key and an image another shop uploaded', async () => {
    const foreign = await storedImage(w.ctx, w.outsider);
    for (const path of ['https://evil.example.com/cat.png', 'img/00000000-0000-4000-8000-000000000000.webp', foreign]) {
      const res = await http.post(url(w.shop.id), w.owner, validPost({ images: { aspectRatio: 'SQUARE', images: [{ path }] } }));
      expect({ path, status: res.statusCode, error: res.json().errors }).toEqual({
        path,
        status: 400,
        error: { 'images.images.0.path': 'Use an image uploaded to Servery by you or this shop. Upload it again.' },
      });
    }
  });

  it("refuses an image whose shape is not the post's aspect ratio", async () => {
    const wide = await storedImage(w.ctx, w.owner, 1600, 900);
    const res = await http.post(url(w.shop.id), w.owner, validPost({ images: { aspectRatio: 'FOUR_FIVE', images: [{ path: wide }] } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'images.images.0.path': 'Every image of this post must be 4:5. Crop it again.' });
  });

  it('keeps schedule instants exactly, whatever offset they were written in (a non-UTC shop)', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Kiwi Kitchen', country: 'NZ', timezone: 'Pacific/Auckland' });
    // 9 am on 1 December in Auckland (NZDT, +13:00) is 20:00 UTC the day before.
    const res = await http.post(
      url(shop.id),
      w.owner,
      validPost({ publishAt: '2030-12-01T09:00:00+13:00', expireAt: '2030-12-08T09:00:00+13:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ publishAt: '2030-11-30T20:00:00.000Z', expireAt: '2030-12-07T20:00:00.000Z', status: 'SCHEDULED' });
    const { rows } = await w.ctx.pool.query(
      `SELECT to_char(publish_at AT TIME ZONE 'Pacific/Auckland', 'YYYY-MM-DD HH24:MI') AS local FROM posts WHERE id = $1`,
      [res.json().id],
    );
    expect(rows[0].local).toBe('2030-12-01 09:00');
  });
});

describe('GET /api/shops/:shopId/posts', () => {
  it('lists newest first, 20 a page with Content-Range, and sorts on request', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Paging Parlour' });
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      w.ctx.clock.advance(1000);
      const res = await http.post(url(shop.id), w.owner, validPost({ title: `Special number ${String(i).padStart(2, '0')}` }));
      ids.push(res.json().id);
    }
    const first = await http.get(url(shop.id), w.owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('posts 0-19/23');
    expect(first.json().map((p: { id: string }) => p.id)).toEqual(ids.slice().reverse().slice(0, 20));
    const second = await http.get(`${url(shop.id)}?range=${encodeURIComponent('[20,39]')}`, w.owner);
    expect(second.headers['content-range']).toBe('posts 20-22/23');
    expect(second.json().map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 3).reverse());
    const byTitle = await http.get(
      `${url(shop.id)}?sort=${encodeURIComponent('["title","ASC"]')}&range=${encodeURIComponent('[0,1]')}`,
      w.owner,
    );
    expect(byTitle.json().map((p: { title: string }) => p.title)).toEqual(['Special number 00', 'Special number 01']);
    const many = await http.get(`${url(shop.id)}?filter=${encodeURIComponent(JSON.stringify({ id: [ids[4], 'nope'] }))}`, w.owner);
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json().map((p: { id: string }) => p.id)).toEqual([ids[4]]);
    // Another shop's list holds none of them.
    expect((await http.get(url(w.otherShop.id), w.outsider)).json()).toEqual([]);
  });

  it('refuses an unknown sort field', async () => {
    const res = await http.get(`${url(w.shop.id)}?sort=${encodeURIComponent('["price_cents","ASC"]')}`, w.owner);
    expect(res.statusCode).toBe(400);
  });

  it('shows each post as Draft, Scheduled, Live or Expired at the current time', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Status Cafe' });
    const at = (ms: number) => new Date(w.ctx.clock.now().getTime() + ms).toISOString();
    const hour = 3_600_000;
    await http.post(url(shop.id), w.owner, validPost({ title: 'Draft post here', status: 'DRAFT' }));
    // A minute ahead, so the clock can pass it well within the session's lifetime.
    await http.post(url(shop.id), w.owner, validPost({ title: 'Scheduled post', publishAt: at(60_000) }));
    await http.post(url(shop.id), w.owner, validPost({ title: 'Live post right now', publishAt: at(-hour), expireAt: at(60_000) }));
    await http.post(url(shop.id), w.owner, validPost({ title: 'Expired post here', publishAt: at(-2 * hour), expireAt: at(-hour) }));
    const status = async () =>
      Object.fromEntries((await http.get(url(shop.id), w.owner)).json().map((p: { title: string; status: string }) => [p.title, p.status]));
    expect(await status()).toEqual({
      'Draft post here': 'DRAFT',
      'Scheduled post': 'SCHEDULED',
      'Live post right now': 'LIVE',
      'Expired post here': 'EXPIRED',
    });
    w.ctx.clock.advance(120_000);
    expect(await status()).toMatchObject({ 'Scheduled post': 'LIVE', 'Live post right now': 'EXPIRED' });
  });
});

describe('GET|PUT|DELETE /api/shops/:shopId/posts/:postId', () => {
  it('replaces a post, keeping its images and moving updated only', async () => {
    const a = await storedImage(w.ctx, w.owner);
    const b = await storedImage(w.ctx, w.owner);
    const created = (
      await http.post(url(w.shop.id), w.owner, validPost({ images: { aspectRatio: 'SQUARE', images: [{ path: a }, { path: b }] } }))
    ).json();
    w.ctx.clock.advance(5000);
    // The staff member reorders images the owner uploaded, and clears the price.
    const res = await http.put(url(w.shop.id, created.id), w.staff, {
      ...created,
      title: 'Pumpkin Soup Again',
      price: null,
      images: { aspectRatio: 'SQUARE', images: [{ path: b }, { path: a }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      title: 'Pumpkin Soup Again',
      price: null,
      created: created.created,
      images: { images: [{ path: b }, { path: a }] },
    });
    expect(Date.parse(res.json().updated)).toBeGreaterThan(Date.parse(created.updated));
  });

  it('validates an edit like a new post', async () => {
    const created = (await http.post(url(w.shop.id), w.owner, validPost())).json();
    const res = await http.put(url(w.shop.id, created.id), w.owner, { ...created, title: 'Too short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: 'should be at least 10 characters' });
  });

  it("answers 'Cannot find post with id …' for an unknown, malformed or another shop's post", async () => {
    const theirs = (await http.post(url(w.otherShop.id), w.outsider, validPost())).json();
    for (const id of ['5b1d2f0e-0000-4000-8000-000000000000', 'not-a-uuid', theirs.id]) {
      for (const res of [
        await http.get(url(w.shop.id, id), w.owner),
        await http.put(url(w.shop.id, id), w.owner, validPost()),
        await http.del(url(w.shop.id, id), w.owner),
      ]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({
          status: 404,
          body: { message: `Cannot find post with id ${id}`, code: 'NOT_FOUND' },
        });
      }
    }
    expect((await http.get(url(w.otherShop.id, theirs.id), w.outsider)).json().title).toBe('Pumpkin Soup');
  });

  it('deletes a post', async () => {
    const created = (await http.post(url(w.shop.id), w.owner, validPost())).json();
    const res = await http.del(url(w.shop.id, created.id), w.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(created.id);
    expect((await http.get(url(w.shop.id, created.id), w.owner)).statusCode).toBe(404);
  });
});

describe('who may use the posts routes', () => {
  it('refuses anonymous callers with 401, other shops with 404, and lets the super admin in', async () => {
    const created = (await http.post(url(w.shop.id), w.owner, validPost())).json();
    const calls = [
      (u: Parameters<typeof http.get>[1]) => http.get(url(w.shop.id), u),
      (u: Parameters<typeof http.get>[1]) => http.post(url(w.shop.id), u, validPost()),
      (u: Parameters<typeof http.get>[1]) => http.get(url(w.shop.id, created.id), u),
      (u: Parameters<typeof http.get>[1]) => http.put(url(w.shop.id, created.id), u, validPost()),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      const other = await call(w.outsider);
      expect({ status: other.statusCode, body: other.json() }).toEqual({
        status: 404,
        body: { message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' },
      });
      expect([200, 201]).toContain((await call(w.superAdmin)).statusCode);
    }
    expect((await http.del(url(w.shop.id, created.id), null)).statusCode).toBe(401);
    expect((await http.del(url(w.shop.id, created.id), w.outsider)).statusCode).toBe(404);
    expect((await http.del(url(w.shop.id, created.id), w.superAdmin)).statusCode).toBe(200);
  });
});
