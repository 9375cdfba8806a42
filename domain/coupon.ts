import { endOfDay, localDate, startOfDay } from './hours';
import { toCents } from './money';
import type { PromotionValues } from './promotion';
import { DOWS } from './weekdays';

/** The cart a coupon is checked against; amounts in cents. */
export interface CouponCart {
  /** Items total before discounts and delivery. */
  subtotalCents: number;
  deliveryChargesCents: number;
  collectionType: 'PICKUP' | 'DELIVERY';
}

export interface CouponCustomer {
  /** The customer's orders at this shop before this one (0: this is their first order). */
  previousOrderCount: number;
  /** How many times this customer has already redeemed this coupon. */
  redeemedCount: number;
}

type CouponRefusal = 'NOT_STARTED' | 'ENDED' | 'WRONG_DAY' | 'WRONG_COLLECTION_TYPE' | 'BELOW_MINIMUM' | 'MAX_REDEEMED' | 'NOT_FIRST_ORDER';

/** What customers are told when their coupon does not apply. */
export const COUPON_REFUSALS: Record<CouponRefusal, string> = {
  NOT_STARTED: 'This coupon is not valid yet',
  ENDED: 'This coupon has expired',
  WRONG_DAY: 'This coupon is not valid today',
  WRONG_COLLECTION_TYPE: 'This coupon is not valid for this collection type',
  BELOW_MINIMUM: 'The order total is below the minimum for this coupon',
  MAX_REDEEMED: 'This coupon has already been redeemed',
  NOT_FIRST_ORDER: 'This coupon is for first orders only',
};

type CouponVerdict =
  | {
      applies: true;
      /** What the coupon takes off, in cents (never more than the subtotal; the delivery charge for free delivery). */
      discountCents: number;
      freeDelivery: boolean;
      /** An exclusive coupon does not combine with other discounts (loyalty). */
      exclusive: boolean;
    }
  | { applies: false; reason: CouponRefusal };

/** The smallest cart total the coupon needs, in cents. */
function couponMinimumCents(c: PromotionValues): number {
  if (c.type === 'FLAT_AMOUNT_DISCOUNT') return toCents(c.flatAmountDiscount.applicableOverAmount);
  if (c.type === 'FLAT_PERCENTAGE_DISCOUNT') return toCents(c.flatPercentageDiscount.applicableOverAmount);
  return toCents(c.freeDelivery.applicableOverAmount);
}

/**
 * Does `coupon` apply to this cart, customer and instant, and what does it take off? Pure; the caller reads the
 * customer's history. Rules, in this order:
 * - valid from the start of startDate to the end of endDate, in the shop's time zone;
 * - on the listed days of the week only (the shop-zone day of `at`; none listed means every day);
 * - for the listed collection type only ('' means pickup and delivery; free delivery is delivery only);
 * - the subtotal reaches applicableOverAmount (a cart of exactly that amount qualifies);
 * - maxRedeems is per customer, 0 unlimited; a first-order coupon needs a customer with no previous order;
 * - amounts: a flat amount up to the subtotal; a percentage of the subtotal rounded to the cent; free delivery
 *   takes off the delivery charge.
 */
export function applyCoupon(
  coupon: PromotionValues,
  { cart, customer, at, timeZone }: { cart: CouponCart; customer: CouponCustomer; at: Date; timeZone: string },
): CouponVerdict {
  if (at < startOfDay(coupon.startDate, timeZone)) return { applies: false, reason: 'NOT_STARTED' };
  if (at > endOfDay(coupon.endDate, timeZone)) return { applies: false, reason: 'ENDED' };
  if (coupon.dows.length > 0) {
    const day = DOWS[new Date(`${localDate(at, timeZone)}T00:00:00Z`).getUTCDay()]!;
    if (!coupon.dows.includes(day)) return { applies: false, reason: 'WRONG_DAY' };
  }
  const only = coupon.type === 'FREE_DELIVERY' ? 'DELIVERY' : coupon.collectionType;
  if (only && only !== cart.collectionType) return { applies: false, reason: 'WRONG_COLLECTION_TYPE' };
  if (cart.subtotalCents < couponMinimumCents(coupon)) return { applies: false, reason: 'BELOW_MINIMUM' };
  if (coupon.firstOrderDiscount && customer.previousOrderCount > 0) return { applies: false, reason: 'NOT_FIRST_ORDER' };
  if (coupon.maxRedeems > 0 && customer.redeemedCount >= coupon.maxRedeems) return { applies: false, reason: 'MAX_REDEEMED' };

  const subtotal = Math.max(0, cart.subtotalCents);
  let discountCents: number;
  if (coupon.type === 'FLAT_AMOUNT_DISCOUNT') discountCents = Math.min(toCents(coupon.flatAmountDiscount.discountAmount), subtotal);
  else if (coupon.type === 'FLAT_PERCENTAGE_DISCOUNT')
    discountCents = Math.min(Math.round((subtotal * coupon.flatPercentageDiscount.discountPercentage) / 100), subtotal);
  else discountCents = Math.max(0, cart.deliveryChargesCents);
  return { applies: true, discountCents, freeDelivery: coupon.type === 'FREE_DELIVERY', exclusive: coupon.exclusive };
}
