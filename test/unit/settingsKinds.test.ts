import { describe, expect, it } from 'vitest';
import { readSettings, SETTINGS } from '../../domain/settings';
import { cardSurchargeCents, checkoutSchema, defaultCheckout } from '../../domain/checkout';
import { contactSchema, phoneForDisplay } from '../../domain/contact';
import { defaultTimings, sessionText } from '../../domain/timings';
import { fieldErrors } from '../../domain/validation';
import type { z } from 'zod';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('settings kinds: defaults (spec 2 §3, spec 3 §3)', () => {
  it('reads every absent kind as its defaults', () => {
    expect(readSettings(SETTINGS.checkout, undefined)).toMatchObject({
      collectionType: 'PICKUP_AND_DELIVERY',
      collectionTime: 'CAFE',
      hasCollectionName: false,
      hasCollectionTime: true,
      hasComments: true,
      hasCoupons: true,
      hasCash: true,
      creditCardSurchargeEnabled: false,
      creditCardSurchargeAmount: 0,
      creditCardSurchargePercentage: 0,
      creditCardSurchargeMinimumOrderValue: 0,
    });
    expect(readSettings(SETTINGS.order, undefined)).toEqual({
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
    const booking = readSettings(SETTINGS.booking, undefined);
    expect(booking).toMatchObject({ on: false, minPax: 2, maxPax: 10, numDaysInAdvance: 90 });
    expect(booking.friday).toEqual({
      breakfast: { on: false, open: '08:00', duration: 3, capacity: null },
      lunch: { on: false, open: '12:00', duration: 4, capacity: null },
      dinner: { on: false, open: '17:00', duration: 5, capacity: null },
    });
    expect(readSettings(SETTINGS.loyalty, undefined)).toEqual({
      enabled: false,
      count: 7,
      type: 'PERCENTAGE',
      percentage: 10,
      amount: 2,
      noLoyaltyOnDiscountedOrders: false,
      cardBg: null,
    });
    expect(readSettings(SETTINGS.custom_collection, undefined)).toEqual({ title: '', subtitle: '', list: [''] });
    expect(readSettings(SETTINGS.timings, undefined).sunday.pickup).toEqual({ open: '10:00', duration: 7, available: false });
  });
});

describe('checkout', () => {
  const valid = { ...defaultCheckout };

  it('stores money in cents and the minimum order once, and answers both names', () => {
    const parsed = checkoutSchema.parse({
      ...valid,
      creditCardSurchargeEnabled: true,
      creditCardSurchargeAmount: 0.3,
      creditCardSurchargePercentage: 1.5,
      creditCardSurchargeMinimumOrderValue: 20,
    });
    const stored = SETTINGS.checkout.toStored!(parsed);
    expect(stored).toMatchObject({ creditCardSurchargeAmount: 30, creditCardMinimumOrderValue: 2000 });
    expect(stored).not.toHaveProperty('creditCardSurchargeMinimumOrderValue');
    expect(readSettings(SETTINGS.checkout, stored)).toMatchObject({
      creditCardSurchargeAmount: 0.3,
      creditCardSurchargeMinimumOrderValue: 20,
      creditCardMinimumOrderValue: 20,
    });
    // The stored record's name is accepted on input too.
    expect(
      checkoutSchema.parse({ ...valid, creditCardSurchargeMinimumOrderValue: undefined, creditCardMinimumOrderValue: 15 })
        .creditCardSurchargeMinimumOrderValue,
    ).toBe(15);
    expect(cardSurchargeCents(parsed, 1999)).toBe(0);
    expect(cardSurchargeCents(parsed, 2000)).toBe(30 + 30);
  });

  it.each([
    [{ creditCardSurchargeAmount: 1.01 }, 'creditCardSurchargeAmount', 'should not be larger than 1'],
    [{ creditCardSurchargePercentage: 3.5 }, 'creditCardSurchargePercentage', 'should not be larger than 3'],
    [{ creditCardSurchargeMinimumOrderValue: 1000.5 }, 'creditCardSurchargeMinimumOrderValue', 'should not be larger than 1000'],
    [{ creditCardSurchargePercentage: -1 }, 'creditCardSurchargePercentage', 'should be at least 0'],
    [{ hasCollectionName: true, collectionName: { title: '', subtitle: '' } }, 'collectionName.title', 'Title is required'],
    [
      { hasCollectionName: true, collectionName: { title: 'Nam', subtitle: '' } },
      'collectionName.title',
      'should be at least 4 characters',
    ],
    [
      { hasCollectionName: true, collectionName: { title: 'x'.repeat(25), subtitle: '' } },
      'collectionName.title',
      'should not be larger than 24 characters',
    ],
    [{ collectionName: { title: '', subtitle: 'abc' } }, 'collectionName.subtitle', 'should be at least 4 characters'],
    [{ collectionName: { title: '', subtitle: 'x'.repeat(61) } }, 'collectionName.subtitle', 'should not be larger than 60 characters'],
    [{ collectionTime: 'LATER' }, 'collectionTime', 'Collection time is required'],
  ])('refuses %j on %s', (patch, field, message) => {
    expect(errorsOf(checkoutSchema, { ...valid, ...patch })[field]).toBe(message);
  });

  it('does not ask for a collection name title while collection names are off', () => {
    expect(errorsOf(checkoutSchema, valid)).toEqual({});
  });
});

describe('order, booking, loyalty, custom collection', () => {
  it('names the bad address of an alert list, and tidies a good list', () => {
    const order = SETTINGS.order.schema;
    expect(errorsOf(order, { ...SETTINGS.order.defaults, newOrderAlertEmailsCsv: 'a@cafe.com, nope, b@cafe.com' })).toEqual({
      newOrderAlertEmailsCsv: 'nope is not a valid email address',
    });
    expect(
      order.parse({ ...SETTINGS.order.defaults, unprocessedOrderAlertEmailsCsv: ' a@cafe.com,b@cafe.com ' }).unprocessedOrderAlertEmailsCsv,
    ).toBe('a@cafe.com, b@cafe.com');
  });

  it('checks booking guests and sessions', () => {
    const b = SETTINGS.booking.defaults;
    expect(errorsOf(SETTINGS.booking.schema, { ...b, minPax: 6, maxPax: 4 })).toEqual({ maxPax: 'should be at least the minimum guests' });
    expect(errorsOf(SETTINGS.booking.schema, { ...b, numDaysInAdvance: 0 })).toEqual({ numDaysInAdvance: 'should be at least 1' });
    expect(errorsOf(SETTINGS.booking.schema, { ...b, monday: { ...b.monday, lunch: { on: true, open: '25:00', duration: 2 } } })).toEqual({
      'monday.lunch.open': 'should be a time HH:mm',
    });
    const lunch = (capacity: unknown) => ({ ...b, monday: { ...b.monday, lunch: { ...b.monday.lunch, capacity } } });
    expect(errorsOf(SETTINGS.booking.schema, lunch(0))).toEqual({ 'monday.lunch.capacity': 'should be at least 1' });
    expect(errorsOf(SETTINGS.booking.schema, lunch(2.5))).toEqual({ 'monday.lunch.capacity': 'should be a whole number' });
    expect(SETTINGS.booking.schema.parse(lunch(40)).monday.lunch.capacity).toBe(40);
    // A document saved before sessions had a capacity reads as unlimited.
    const older = { ...b, monday: { ...b.monday, lunch: { on: true, open: '12:00', duration: 4 } } };
    expect(readSettings(SETTINGS.booking, older).monday.lunch).toEqual({ on: true, open: '12:00', duration: 4, capacity: null });
  });

  it('stores the loyalty amount in cents', () => {
    const l = SETTINGS.loyalty.schema.parse({ ...SETTINGS.loyalty.defaults, type: 'AMOUNT', amount: 2.5 });
    expect(SETTINGS.loyalty.toStored!(l)).toMatchObject({ amount: 250 });
    expect(readSettings(SETTINGS.loyalty, SETTINGS.loyalty.toStored!(l))).toMatchObject({ amount: 2.5, type: 'AMOUNT' });
    expect(errorsOf(SETTINGS.loyalty.schema, { ...l, type: 'Points' })).toEqual({ type: 'Type is required' });
  });

  it('checks the custom collection schedule', () => {
    const s = SETTINGS.custom_collection.schema;
    expect(errorsOf(s, { title: 'Pickup', subtitle: '', list: ['Tomorrow 9am'] })).toEqual({});
    expect(errorsOf(s, { title: 'abc', subtitle: 'abc', list: ['ab'] })).toEqual({
      title: 'should be at least 4 characters',
      subtitle: 'should be at least 4 characters',
      'list.0': 'should be at least 3 characters',
    });
    expect(errorsOf(s, { title: 'x'.repeat(19), list: [] })).toEqual({
      title: 'should not be larger than 18 characters',
      list: 'Add at least one entry',
    });
  });
});

describe('contact and timings text', () => {
  it('stores a phone of the shop country in E.164, and refuses one of another country', () => {
    expect(contactSchema('AU').parse({ address: '1 George St, Sydney', phone: '02 9123 4567', person: 'Ann Lee' }).phone).toBe(
      '+61291234567',
    );
    expect(contactSchema('US').parse({ address: '1 Main St, Boston', phone: '(212) 555-0123', person: 'Bob' }).phone).toBe('+12125550123');
    expect(errorsOf(contactSchema('AU'), { address: '1 George St', phone: '(212) 555-0123', person: 'Ann' })).toEqual({
      phone: 'Enter a phone number of Australia',
    });
    expect(phoneForDisplay('+61291234567', 'AU')).toBe('(02) 9123 4567');
  });

  it("shows a session as 'NA' or 'h:mm a to h:mm a'", () => {
    expect(sessionText(defaultTimings.monday.pickup)).toBe('Closed');
    expect(sessionText({ open: '10:00', duration: 7, available: true })).toBe('10:00 am to 5:00 pm');
    expect(sessionText({ open: '20:30', duration: 6, available: true })).toBe('8:30 pm to 2:30 am');
    expect(sessionText({ open: '00:00', duration: 12, available: true })).toBe('12:00 am to 12:00 pm');
  });
});
