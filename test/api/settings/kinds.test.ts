import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shopSettings } from '../../../server/infra/db/tables';
import { defaultBooking } from '../../../domain/booking';
import { defaultCheckout } from '../../../domain/checkout';
import { defaultTimings } from '../../../domain/timings';
import { createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';
import { storedImage } from '../../helpers/images';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const url = (kind: string, shopId = w.shop.id) => `/api/shops/${shopId}/settings/${kind}`;
const get = (kind: string, user: TestUser | null = w.staff, shopId?: string) =>
  w.ctx.app.inject({ method: 'GET', url: url(kind, shopId), headers: user?.headers });
const put = (kind: string, payload: unknown, user: TestUser | null = w.owner, shopId?: string) =>
  w.ctx.app.inject({ method: 'PUT', url: url(kind, shopId), headers: user?.headers, payload: payload as Record<string, unknown> });
const stored = async (shopId: string, kind: string) =>
  (
    await w.ctx.db
      .select()
      .from(shopSettings)
      .where(and(eq(shopSettings.shopId, shopId), eq(shopSettings.kind, kind)))
  )[0]?.value;

const KINDS = ['checkout', 'order', 'booking', 'loyalty', 'custom_collection', 'timings', 'contact'];

describe('settings kinds of the settings area', () => {
  it('answers each kind never saved with its defaults (spec 2 §3, spec 3 §3)', async () => {
    const fresh = await createShop(w.ctx, w.owner);
    const answers = Object.fromEntries(await Promise.all(KINDS.map(async (k) => [k, (await get(k, w.owner, fresh.id)).json()])));
    expect(answers.checkout).toEqual({ ...defaultCheckout, creditCardMinimumOrderValue: 0 });
    expect(answers.order).toEqual({
      hasEta: true,
      hasUnprocessedOrderMonitor: true,
      etaType: 'RESTAURANT',
      newOrderAlertEmailsCsv: '',
      unprocessedOrderAlertEmailsCsv: '',
      unprocessedOrderAlertMinutes: 5,
      unprocessedOrderSecondAlert: true,
      autoRejectUnprocessed: false,
      autoRejectAfterMinutes: 20,
      autoPauseUnanswered: true,
      autoPauseAfterOrders: 3,
    });
    expect(answers.booking).toEqual(defaultBooking);
    expect(answers.booking.monday.breakfast).toEqual({ on: false, open: '08:00', duration: 3, capacity: null });
    expect(answers.loyalty).toEqual({
      enabled: false,
      count: 7,
      type: 'PERCENTAGE',
      percentage: 10,
      amount: 2,
      noLoyaltyOnDiscountedOrders: false,
      cardBg: null,
    });
    expect(answers.custom_collection).toEqual({ title: '', subtitle: '', list: [''] });
    expect(answers.timings).toEqual(defaultTimings);
    expect(answers.timings.saturday.deliveryExt).toEqual({ open: '10:00', duration: 7, available: false });
    expect(answers.contact).toEqual({ address: '', phone: '', person: '' });
  });

  it('saves checkout with money in units on the API and cents in the database, the minimum order once under both names', async () => {
    const body = {
      ...defaultCheckout,
      creditCardSurchargeEnabled: true,
      creditCardSurchargeAmount: 0.5,
      creditCardSurchargePercentage: 1.5,
      creditCardSurchargeMinimumOrderValue: 25,
    };
    const res = await put('checkout', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      creditCardSurchargeAmount: 0.5,
      creditCardSurchargeMinimumOrderValue: 25,
      creditCardMinimumOrderValue: 25,
    });
    expect(await stored(w.shop.id, 'checkout')).toMatchObject({ creditCardSurchargeAmount: 50, creditCardMinimumOrderValue: 2500 });
    expect(await stored(w.shop.id, 'checkout')).not.toHaveProperty('creditCardSurchargeMinimumOrderValue');
    expect((await get('checkout')).json()).toMatchObject({ creditCardSurchargeMinimumOrderValue: 25, creditCardMinimumOrderValue: 25 });
    // The stored record's name works on input as well.
    const { creditCardSurchargeMinimumOrderValue: _, ...other } = body;
    expect((await put('checkout', { ...other, creditCardMinimumOrderValue: 30 })).json()).toMatchObject({
      creditCardSurchargeMinimumOrderValue: 30,
    });
  });

  it.each([
    ['checkout', { ...defaultCheckout, creditCardSurchargeAmount: 1.5 }, 'creditCardSurchargeAmount', 'should not be larger than 1'],
    ['checkout', { ...defaultCheckout, creditCardSurchargePercentage: 4 }, 'creditCardSurchargePercentage', 'should not be larger than 3'],
    [
      'checkout',
      { ...defaultCheckout, creditCardSurchargeMinimumOrderValue: 1001 },
      'creditCardSurchargeMinimumOrderValue',
      'should not be larger than 1000',
    ],
    [
      'checkout',
      { ...defaultCheckout, hasCollectionName: true, collectionName: { title: 'Abc', subtitle: '' } },
      'collectionName.title',
      'should be at least 4 characters',
    ],
    ['checkout', { ...defaultCheckout, collectionType: undefined }, 'collectionType', 'Collection type is required'],
    [
      'order',
      {
        hasEta: true,
        etaType: 'RESTAURANT',
        hasUnprocessedOrderMonitor: true,
        newOrderAlertEmailsCsv: 'ok@cafe.com, bad@',
        unprocessedOrderAlertEmailsCsv: '',
      },
      'newOrderAlertEmailsCsv',
      'bad@ is not a valid email address',
    ],
    ['booking', { ...defaultBooking, minPax: 5, maxPax: 3 }, 'maxPax', 'should be at least the minimum guests'],
    [
      'booking',
      { ...defaultBooking, sunday: { ...defaultBooking.sunday, dinner: { on: true, open: '7pm', duration: 3 } } },
      'sunday.dinner.open',
      'should be a time HH:mm',
    ],
    [
      'loyalty',
      { enabled: true, count: 0, type: 'PERCENTAGE', percentage: 10, amount: 2, noLoyaltyOnDiscountedOrders: false },
      'count',
      'should be at least 1',
    ],
    ['custom_collection', { title: 'Pick', subtitle: '', list: ['ab'] }, 'list.0', 'should be at least 3 characters'],
    [
      'custom_collection',
      { title: 'Pickup times longer', subtitle: '', list: ['Tomorrow'] },
      'title',
      'should not be larger than 18 characters',
    ],
    [
      'timings',
      { ...defaultTimings, monday: { ...defaultTimings.monday, pickup: { open: '10:00', duration: 25, available: true } } },
      'monday.pickup.duration',
      'should not be larger than 24',
    ],
    [
      'contact',
      { address: '1 George Street, Sydney', phone: '(212) 555-0123', person: 'Ann Lee' },
      'phone',
      'Enter a phone number of Australia',
    ],
    ['contact', { address: '1 George Street, Sydney', phone: '', person: 'Ann Lee' }, 'phone', 'Phone is required'],
  ])('refuses a bad %s with 400 and errors on the field, saving nothing', async (kind, body, field, message) => {
    const shop = await createShop(w.ctx, w.owner);
    const res = await put(kind, body, w.owner, shop.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { [field]: message } });
    expect(await stored(shop.id, kind)).toBeUndefined();
  });

  it('stores a session past midnight as given and derives the per-day availability', async () => {
    const body = { ...defaultTimings, friday: { ...defaultTimings.friday, pickupExt: { open: '20:00', duration: 6, available: true } } };
    const res = await put('timings', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().friday).toMatchObject({
      pickupExt: { open: '20:00', duration: 6, available: true },
      pickupAvailable: true,
      deliveryAvailable: false,
    });
    expect((await get('timings')).json().friday.pickupExt).toEqual({ open: '20:00', duration: 6, available: true });
  });

  it('stores the contact phone in E.164 for the shop country', async () => {
    const res = await put('contact', { address: '1 George Street, Sydney', phone: '02 9123 4567', person: 'Ann Lee' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ address: '1 George Street, Sydney', phone: '+61291234567', person: 'Ann Lee' });
    expect(await stored(w.shop.id, 'contact')).toMatchObject({ phone: '+61291234567' });
    const us = await createShop(w.ctx, w.owner, { country: 'US', timezone: 'America/New_York' });
    expect(
      (await put('contact', { address: '1 Main Street, NYC', phone: '212-555-0123', person: 'Bo' }, w.owner, us.id)).json().phone,
    ).toBe('+12125550123');
  });

  it('stores the loyalty amount in cents and accepts only a card background this server stored', async () => {
    const base = { enabled: true, count: 8, type: 'AMOUNT', percentage: 10, amount: 2.5, noLoyaltyOnDiscountedOrders: true };
    const foreign = await put('loyalty', { ...base, cardBg: { path: 'img/00000000-0000-4000-8000-000000000000.png' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ cardBg: 'Use an image uploaded to Servery by you or this shop. Upload it again.' });
    const path = await storedImage(w.ctx, w.owner);
    const res = await put('loyalty', { ...base, cardBg: { path } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 2.5, cardBg: { path } });
    // Saved again unchanged by a staff ADMIN who did not upload it: still accepted.
    expect((await put('loyalty', { ...base, cardBg: { path } }, w.superAdmin)).statusCode).toBe(200);
    expect(await stored(w.shop.id, 'loyalty')).toMatchObject({ amount: 250 });
  });

  it('lets members read, only ADMINs write; another shop is a 404 and anonymous a 401', async () => {
    expect((await get('booking', w.staff)).statusCode).toBe(200);
    const refused = await put('booking', defaultBooking, w.staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are not allowed to do this.', code: 'FORBIDDEN' });
    expect((await get('booking', w.outsider)).statusCode).toBe(404);
    expect((await put('booking', defaultBooking, w.outsider)).statusCode).toBe(404);
    expect((await get('booking', null)).statusCode).toBe(401);
    expect((await put('booking', defaultBooking, null)).statusCode).toBe(401);
    expect((await put('booking', defaultBooking, w.superAdmin)).statusCode).toBe(200);
  });
});

describe('a body without the document', () => {
  it('is refused for every served kind, naming the missing fields, and the stored document stays', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Whole Documents' });
    const kinds = Object.keys(w.ctx.app.settingsKinds);
    expect(kinds).toEqual(expect.arrayContaining([...KINDS, 'pizza', 'delivery', 'transaction_fee', 'orders_busy']));
    for (const kind of kinds) {
      // Stored as read (its defaults) where those are a valid document, so there is something to keep.
      const before = (await get(kind, w.superAdmin, shop.id)).json();
      await put(kind, before, w.superAdmin, shop.id);
      const row = await stored(shop.id, kind);
      const res = await put(kind, {}, w.superAdmin, shop.id);
      expect({ kind, status: res.statusCode, code: res.json().code }).toEqual({ kind, status: 400, code: 'VALIDATION' });
      const errors = res.json().errors as Record<string, string>;
      expect(Object.keys(errors).length, kind).toBeGreaterThan(0);
      expect(res.json().message).toBe(Object.values(errors)[0]);
      expect(await stored(shop.id, kind), kind).toEqual(row);
      expect((await get(kind, w.superAdmin, shop.id)).json(), kind).toEqual(before);
    }
  });
});
