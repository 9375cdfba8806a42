import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/serverConfig';
import { createShortlink } from '../../../server/areas/shortlink/repo';
import { shortlinkConfig } from '../../../server/areas/shortlink/config';
import { createShop, publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
  await publish(w.ctx, w.shop.id);
});
afterAll(() => w.ctx.close());

const base = (shopId = w.shop.id) => `/api/shops/${shopId}/shortlink`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null = w.owner, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
const visit = (code: string) => w.ctx.app.inject({ method: 'GET', url: `/s/${code}` });
const menuOf = (shopId: string) => `${w.ctx.config.publicUrl}/order/${shopId}`;

describe('/api/shops/:shopId/shortlink', () => {
  it('answers 404 with a clear message before the shop has one', async () => {
    const res = await call('GET', base(), w.staff);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This shop has no short link yet.', code: 'NOT_FOUND' });
  });

  it('POST creates a generated code (201), then answers the same link (200); members read it', async () => {
    const first = await call('POST', base());
    expect(first.statusCode, first.body).toBe(201);
    const link = first.json();
    expect(link.code).toMatch(/^[a-hjkmnp-z2-9]{7}$/);
    expect(link).toEqual({ code: link.code, url: `${w.ctx.config.publicUrl}/s/${link.code}`, updatedAt: expect.any(String) });
    const again = await call('POST', base());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(link);
    const read = await call('GET', base(), w.staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(link);
  });

  it('the link redirects (302) to the shop ordering page, whatever case the code is typed in', async () => {
    const { code } = (await call('GET', base())).json();
    for (const typed of [code, code.toUpperCase()]) {
      const res = await visit(typed);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(menuOf(w.shop.id));
    }
  });

  it('PUT changes the code; the new one redirects and the old one no longer does', async () => {
    const { code: old } = (await call('GET', base())).json();
    const res = await call('PUT', base(), w.owner, { code: 'Staffed_Cafe-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: 'Staffed_Cafe-1',
      url: `${w.ctx.config.publicUrl}/s/Staffed_Cafe-1`,
      updatedAt: expect.any(String),
    });
    expect((await call('GET', base(), w.staff)).json().code).toBe('Staffed_Cafe-1');
    expect((await visit('staffed_cafe-1')).headers.location).toBe(menuOf(w.shop.id));
    const gone = await visit(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'This short link does not exist.', code: 'NOT_FOUND' });
  });

  it('PUT sets the code of a shop that had no link, and the shop may change only the case of its own code', async () => {
    const res = await call('PUT', base(w.otherShop.id), w.outsider, { code: 'outsider' });
    expect(res.statusCode, res.body).toBe(200);
    const recased = await call('PUT', base(w.otherShop.id), w.outsider, { code: 'OUTSIDER' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().code).toBe('OUTSIDER');
  });

  it.each([
    [{ code: 'abc' }, 'The code should be at least 4 characters'],
    [{ code: 'a'.repeat(33) }, 'The code should not be larger than 32 characters'],
    [{ code: 'caf\u00e9s' }, 'The code may only hold letters, digits, - and _'],
    [{ code: 'a b c d' }, 'The code may only hold letters, digits, - and _'],
    [{ code: 'a/b/c' }, 'The code may only hold letters, digits, - and _'],
    [{}, 'Code is required'],
  ])('PUT %j answers 400 with the field error %s', async (payload, message) => {
    const res = await call('PUT', base(), w.owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', errors: { code: message } });
  });

  it("PUT answers 409 for another shop's code, in any case, and keeps the shop's own", async () => {
    const res = await call('PUT', base(), w.owner, { code: 'Outsider' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This short link is taken. Try another.', code: 'SHORTLINK_TAKEN' });
    expect((await call('GET', base())).json().code).toBe('Staffed_Cafe-1');
  });

  it('a shop that is not PUBLISHED has a link that answers 404', async () => {
    const code = (await call('GET', base(w.otherShop.id), w.outsider)).json().code;
    const res = await visit(code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This short link does not exist.', code: 'NOT_FOUND' });
    expect(res.body).not.toContain(w.otherShop.id);
  });

  it('refuses anonymous callers (401), other shops (404) and USERs on POST and PUT (403); a USER reads (200)', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      expect((await call(method, base(), null, { code: 'sneaky' })).statusCode).toBe(401);
      const other = await call(method, base(), w.outsider, { code: 'sneaky' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: `Cannot find shop with id ${w.shop.id}`, code: 'NOT_FOUND' });
    }
    for (const method of ['POST', 'PUT'] as const) {
      const res = await call(method, base(), w.staff, { code: 'sneaky' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You are not allowed to do this.', code: 'FORBIDDEN' });
    }
    expect((await call('GET', base(), w.staff)).statusCode).toBe(200);
    expect((await call('GET', base())).json().code).toBe('Staffed_Cafe-1');
  });

  it('an unknown code answers 404', async () => {
    expect((await visit('nothing-here')).statusCode).toBe(404);
  });
});

describe('a generated code', () => {
  it('is tried again when another shop holds it (in any case), and never loops for ever', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Second Shop' });
    const codes = ['OUTSIDER', 'fresh42'];
    const { created, row } = await createShortlink(shop.id, w.ctx.db, w.owner.id, new Date(), () => codes.shift()!);
    expect({ created, code: row.code }).toEqual({ created: true, code: 'fresh42' });
    const third = await createShop(w.ctx, w.owner, { name: 'Third Shop' });
    await expect(createShortlink(third.id, w.ctx.db, w.owner.id, new Date(), () => 'outsider')).rejects.toMatchObject({
      statusCode: 409,
      code: 'SHORTLINK_TAKEN',
    });
  });
});

describe('ORDERING_PAGE_URL', () => {
  const env = { ORDERING_PAGE_URL: 'https://order.example.com/menu' };
  it('is refused at start without {shopId}, naming the setting', () => {
    expect(() => loadConfig(env)).toThrow(/ORDERING_PAGE_URL: must contain \{shopId\}/);
  });
  it('is taken as given with {shopId}, and defaults to the public menu', () => {
    expect(shortlinkConfig.of(loadConfig({ ORDERING_PAGE_URL: 'https://order.example.com/s/{shopId}?src=short' })).orderingPageUrl).toBe(
      'https://order.example.com/s/{shopId}?src=short',
    );
    expect(shortlinkConfig.of(loadConfig({ PUBLIC_URL: 'https://admin.example.com/' })).orderingPageUrl).toBe(
      'https://admin.example.com/order/{shopId}',
    );
  });
});
