import { describe, expect, it } from 'vitest';
import { applyCoupon, type CouponCart } from '../../domain/coupon';
import { messages } from '../../domain/messages';
import { newPromotion, promotionInputSchema, type PromotionValues } from '../../domain/promotion';
import { fieldErrors } from '../../domain/validation';

const tz = 'Australia/Sydney';
const coupon = (over: Record<string, unknown> = {}): PromotionValues =>
  promotionInputSchema.parse({ ...newPromotion('2025-01-10'), coupon: 'SAVE5', description: 'Five off', endDate: '2025-01-20', ...over });
const cart = (over: Partial<CouponCart> = {}): CouponCart => ({
  subtotalCents: 2000,
  deliveryChargesCents: 500,
  collectionType: 'PICKUP',
  ...over,
});
const newCustomer = { previousOrderCount: 0, redeemedCount: 0 };
const regular = { previousOrderCount: 4, redeemedCount: 0 };
// Wednesday 2025-01-15 12:00 in Sydney.
const at = new Date('2025-01-15T01:00:00Z');
const check = (c: PromotionValues, over: Partial<Parameters<typeof applyCoupon>[1]> = {}) =>
  applyCoupon(c, { cart: cart(), customer: regular, at, timeZone: tz, ...over });

describe('applyCoupon', () => {
  it('takes a flat amount off, never more than the subtotal', () => {
    expect(check(coupon())).toEqual({ applies: true, discountCents: 500, freeDelivery: false, exclusive: false });
    const big = coupon({ flatAmountDiscount: { applicableOverAmount: 0, discountAmount: 50 } });
    expect(check(big)).toMatchObject({ applies: true, discountCents: 2000 });
  });

  it('takes a percentage of the subtotal, rounded to the cent', () => {
    const pct = coupon({
      type: 'FLAT_PERCENTAGE_DISCOUNT',
      flatPercentageDiscount: { applicableOverAmount: 10, discountPercentage: 12.5 },
    });
    expect(check(pct, { cart: cart({ subtotalCents: 1999 }) })).toMatchObject({ applies: true, discountCents: 250 });
  });

  it('takes the delivery charge off a free-delivery coupon, on delivery orders only', () => {
    const free = coupon({ type: 'FREE_DELIVERY', freeDelivery: { applicableOverAmount: 15 } });
    expect(free.collectionType).toBe('DELIVERY');
    expect(check(free, { cart: cart({ collectionType: 'DELIVERY' }) })).toEqual({
      applies: true,
      discountCents: 500,
      freeDelivery: true,
      exclusive: false,
    });
    expect(check(free)).toEqual({ applies: false, reason: 'WRONG_COLLECTION_TYPE' });
  });

  it('needs the subtotal to reach applicableOverAmount (exactly that amount qualifies)', () => {
    expect(check(coupon(), { cart: cart({ subtotalCents: 999 }) })).toEqual({ applies: false, reason: 'BELOW_MINIMUM' });
    expect(check(coupon(), { cart: cart({ subtotalCents: 1000 }) })).toMatchObject({ applies: true });
  });

  it('is valid from the start of the start day to the end of the end day in the shop zone', () => {
    const c = coupon({ startDate: '2025-01-15', endDate: '2025-01-15' });
    expect(check(c, { at: new Date('2025-01-14T13:00:00Z') })).toMatchObject({ applies: true }); // 00:00 Sydney
    expect(check(c, { at: new Date('2025-01-14T12:59:59Z') })).toEqual({ applies: false, reason: 'NOT_STARTED' });
    expect(check(c, { at: new Date('2025-01-15T12:59:59Z') })).toMatchObject({ applies: true }); // 23:59:59 Sydney
    expect(check(c, { at: new Date('2025-01-15T13:00:00Z') })).toEqual({ applies: false, reason: 'ENDED' });
  });

  it('works on its days of the week only (the shop-zone day), every day when none is listed', () => {
    expect(check(coupon({ dows: ['WEDNESDAY'] }))).toMatchObject({ applies: true });
    expect(check(coupon({ dows: ['MONDAY', 'TUESDAY'] }))).toEqual({ applies: false, reason: 'WRONG_DAY' });
    // 2025-01-15T14:00Z is already Thursday in Sydney.
    expect(check(coupon({ dows: ['WEDNESDAY'] }), { at: new Date('2025-01-15T14:00:00Z') })).toEqual({
      applies: false,
      reason: 'WRONG_DAY',
    });
  });

  it('honours the collection type', () => {
    expect(check(coupon({ collectionType: 'DELIVERY' }))).toEqual({ applies: false, reason: 'WRONG_COLLECTION_TYPE' });
    expect(check(coupon({ collectionType: 'PICKUP' }))).toMatchObject({ applies: true });
  });

  it('limits redeems per customer (0 unlimited) and first-order coupons to new customers', () => {
    expect(check(coupon({ maxRedeems: 0 }), { customer: { previousOrderCount: 9, redeemedCount: 50 } })).toMatchObject({ applies: true });
    expect(check(coupon({ maxRedeems: 2 }), { customer: { previousOrderCount: 9, redeemedCount: 2 } })).toEqual({
      applies: false,
      reason: 'MAX_REDEEMED',
    });
    const first = coupon({ firstOrderDiscount: true, maxRedeems: 1 });
    expect(check(first)).toEqual({ applies: false, reason: 'NOT_FIRST_ORDER' });
    expect(check(first, { customer: newCustomer })).toMatchObject({ applies: true });
  });

  it('reports an exclusive coupon as exclusive', () => {
    expect(check(coupon({ exclusive: true }))).toMatchObject({ applies: true, exclusive: true });
  });
});

describe('promotionInputSchema', () => {
  const errorsOf = (input: Record<string, unknown>) => {
    const parsed = promotionInputSchema.safeParse({ ...newPromotion('2025-01-10'), coupon: 'SAVE5', description: 'Five off', ...input });
    return parsed.success ? {} : fieldErrors(parsed.error);
  };

  it('fills the optional fields with their defaults', () => {
    const c = promotionInputSchema.parse({
      coupon: 'WELCOME',
      description: 'Welcome gift',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      type: 'FLAT_AMOUNT_DISCOUNT',
      flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 5 },
    });
    expect(c).toMatchObject({ dows: [], collectionType: '', maxRedeems: 0, exclusive: false, firstOrderDiscount: false });
  });

  it.each([
    [{ coupon: 'save5' }, 'coupon', messages.couponCode],
    [{ coupon: 'SA' }, 'coupon', 'should be at least 3 characters'],
    [{ coupon: 'ABCDEFGHIJKLMNO' }, 'coupon', 'should not be larger than 14 characters'],
    [{ coupon: '' }, 'coupon', 'Coupon Code is required'],
    [{ description: 'Short' }, 'description', 'should be at least 6 characters'],
    [{ description: 'x'.repeat(81) }, 'description', 'should not be larger than 80 characters'],
    [{ firstOrderDiscount: true, maxRedeems: 0 }, 'maxRedeems', 'For first order discount, the "Max Redeems" should be 1'],
    [{ startDate: '2025-02-01', endDate: '2025-01-31' }, 'endDate', messages.endBeforeStart],
    [{ startDate: '2025-02-30' }, 'startDate', 'Start Date should be a date YYYY-MM-DD'],
    [{ flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 0 } }, 'flatAmountDiscount.discountAmount', 'should be more than 0'],
    [
      { flatAmountDiscount: { applicableOverAmount: 10.001, discountAmount: 5 } },
      'flatAmountDiscount.applicableOverAmount',
      'should have at most two decimals',
    ],
    [{ dows: ['FUNDAY'] }, 'dows.0', messages.invalidDow],
  ])('refuses %j on %s', (input, field, message) => {
    expect(errorsOf(input)[field]).toBe(message);
  });
});
