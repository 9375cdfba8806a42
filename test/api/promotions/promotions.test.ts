import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { promotions } from '../../../server/areas/promotions/tables';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const base = (shopId = w.shop.id) => `/api/shops/${shopId}/promotions`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null = w.owner, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });
const coupon = (over: Record<string, unknown> = {}) => ({
  coupon: 'SAVE5',
  description: 'Five dollars off',
  startDate: '2030-03-01',
  endDate: '2030-03-31',
  type: 'FLAT_AMOUNT_DISCOUNT',
  flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 5 },
  ...over,
});

describe('/api/shops/:shopId/promotions', () => {
  it('creates with defaults for the optional fields, money in units on the API and cents stored', async () => {
    const res = await call('POST', base(), w.owner, coupon({ flatAmountDiscount: { applicableOverAmount: 12.5, discountAmount: 4.99 } }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      coupon: 'SAVE5',
      description: 'Five dollars off',
      startDate: '2030-03-01',
      endDate: '2030-03-31',
      type: 'FLAT_AMOUNT_DISCOUNT',
      dows: [],
      maxRedeems: 0,
      exclusive: false,
      firstOrderDiscount: false,
      collectionType: '',
      flatAmountDiscount: { applicableOverAmount: 12.5, discountAmount: 4.99 },
    });
    const [row] = await w.ctx.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.shopId, w.shop.id), eq(promotions.id, created.id)));
    expect(row).toMatchObject({ applicableOverCents: 1250, discountCents: 499 });
    expect((await call('GET', `${base()}/${created.id}`, w.staff)).json()).toEqual(created);
  });

  it('refuses a duplicate code in the same shop with 409, and allows it in another shop', async () => {
    await call('POST', base(), w.owner, coupon({ coupon: 'DUPE1' }));
    const again = await call('POST', base(), w.owner, coupon({ coupon: 'DUPE1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A coupon with code DUPE1 already exists', code: 'COUPON_EXISTS' });
    expect((await call('POST', base(w.otherShop.id), w.outsider, coupon({ coupon: 'DUPE1' }))).statusCode).toBe(201);
  });

  it.each([
    [{ firstOrderDiscount: true, maxRedeems: 0 }, 'maxRedeems', 'For first order discount, the "Max Redeems" should be 1'],
    [{ coupon: 'save 5' }, 'coupon', 'Use only uppercase letters and digits'],
    [{ coupon: 'AB' }, 'coupon', 'should be at least 3 characters'],
    [{ coupon: 'A'.repeat(15) }, 'coupon', 'should not be larger than 14 characters'],
    [{ description: 'Tiny' }, 'description', 'should be at least 6 characters'],
    [{ description: 'x'.repeat(81) }, 'description', 'should not be larger than 80 characters'],
    [{ endDate: '2030-02-01' }, 'endDate', 'End Date should be on or after Start Date'],
    [{ startDate: '01/03/2030' }, 'startDate', 'Start Date should be a date YYYY-MM-DD'],
    [{ endDate: '9999-12-31' }, 'endDate', 'End Date should be a date between 2000 and 2100'],
    [
      { type: 'FLAT_PERCENTAGE_DISCOUNT', flatPercentageDiscount: { applicableOverAmount: 10, discountPercentage: 101 } },
      'flatPercentageDiscount.discountPercentage',
      'should not be larger than 100',
    ],
    [{ type: 'FLAT_PERCENTAGE_DISCOUNT' }, 'flatPercentageDiscount', 'Flat percentage discount is required'],
    [{ type: 'HALF_OFF' }, 'type', 'Type is required'],
  ])('refuses %j with 400 and errors.%s', async (over, field, message) => {
    const res = await call('POST', base(), w.owner, coupon(over));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors[field]).toBe(message);
  });

  it('accepts a first-order coupon with max redeems 1, a free delivery (delivery only) and a percentage', async () => {
    const first = await call(
      'POST',
      base(),
      w.owner,
      coupon({ coupon: 'FIRST', firstOrderDiscount: true, maxRedeems: 1, dows: ['FRIDAY', 'MONDAY'], collectionType: 'PICKUP' }),
    );
    expect(first.json()).toMatchObject({ firstOrderDiscount: true, maxRedeems: 1, dows: ['MONDAY', 'FRIDAY'], collectionType: 'PICKUP' });
    const free = await call('POST', base(), w.owner, {
      ...coupon({ coupon: 'FREEDEL', type: 'FREE_DELIVERY', freeDelivery: { applicableOverAmount: 30 } }),
      flatAmountDiscount: undefined,
    });
    expect(free.json()).toMatchObject({ type: 'FREE_DELIVERY', collectionType: 'DELIVERY', freeDelivery: { applicableOverAmount: 30 } });
    expect(free.json()).not.toHaveProperty('flatAmountDiscount');
    const pct = await call(
      'POST',
      base(),
      w.owner,
      coupon({
        coupon: 'TENPC',
        type: 'FLAT_PERCENTAGE_DISCOUNT',
        flatPercentageDiscount: { applicableOverAmount: 0, discountPercentage: 10 },
      }),
    );
    expect(pct.json()).toMatchObject({ flatPercentageDiscount: { applicableOverAmount: 0, discountPercentage: 10 } });
  });

  it('lists with Content-Range, sorts, filters and pages, only this shop', async () => {
    const res = await call('GET', `${base()}?sort=["coupon","ASC"]&range=[0,1]`, w.staff);
    expect(res.statusCode).toBe(200);
    const total = Number(String(res.headers['content-range']).split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(4);
    expect(res.headers['content-range']).toBe(`promotions 0-1/${total}`);
    const codes = res.json().map((p: { coupon: string }) => p.coupon);
    expect(codes).toEqual([...codes].sort());
    const filtered = await call('GET', `${base()}?filter=${encodeURIComponent(JSON.stringify({ q: 'freedel' }))}`, w.staff);
    expect(filtered.json().map((p: { coupon: string }) => p.coupon)).toEqual(['FREEDEL']);
    const other = await call('GET', base(w.otherShop.id), w.outsider);
    expect(other.json().map((p: { coupon: string }) => p.coupon)).toEqual(['DUPE1']);
  });

  it('updates (409 on a code taken by another coupon) and deletes with the spec message', async () => {
    const a = (await call('POST', base(), w.owner, coupon({ coupon: 'UPDA' }))).json();
    await call('POST', base(), w.owner, coupon({ coupon: 'UPDB' }));
    const changed = await call('PUT', `${base()}/${a.id}`, w.owner, coupon({ coupon: 'UPDC', maxRedeems: 3, exclusive: true }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: a.id, coupon: 'UPDC', maxRedeems: 3, exclusive: true });
    expect((await call('PUT', `${base()}/${a.id}`, w.owner, coupon({ coupon: 'UPDB' }))).statusCode).toBe(409);
    const gone = await call('DELETE', `${base()}/${a.id}`, w.owner);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ id: a.id, message: 'Promotion deleted' });
    const missing = await call('GET', `${base()}/${a.id}`, w.owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Coupon not found', code: 'NOT_FOUND' });
    expect((await call('DELETE', `${base()}/not-a-uuid`, w.owner)).statusCode).toBe(404);
  });

  it('answers 401 anonymous, 404 to another shop (even with a coupon id of this shop), 403 to a USER writing', async () => {
    const mine = (await call('POST', base(), w.owner, coupon({ coupon: 'AUTHZ' }))).json();
    expect((await call('GET', base(), null)).statusCode).toBe(401);
    expect((await call('POST', base(), null, coupon())).statusCode).toBe(401);
    expect((await call('GET', base(), w.outsider)).statusCode).toBe(404);
    // The outsider's own shop in the URL, this shop's coupon id: not found there.
    expect((await call('GET', `${base(w.otherShop.id)}/${mine.id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(w.otherShop.id)}/${mine.id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('PUT', `${base(w.otherShop.id)}/${mine.id}`, w.outsider, coupon({ coupon: 'STOLEN' }))).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', base()],
      ['PUT', `${base()}/${mine.id}`],
      ['DELETE', `${base()}/${mine.id}`],
    ] as const) {
      const res = await call(method, url, w.staff, coupon({ coupon: 'STAFF' }));
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', `${base()}/${mine.id}`, w.staff)).statusCode).toBe(200);
  });
});
